import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { LIMITS } from '../../../../server/contract/limits';
import { QUESTION_STATUS, type QuestionDetail } from '../../../api/question/types';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { MarkdownEditor } from '../../../components/MarkdownEditor';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { UnsavedChangesDialog } from '../../../components/editor/UnsavedChangesDialog';
import { useAnswerForm } from './useAnswerForm';

/** The write-answer form under the answers (answer at least 6 characters); logged-out visitors get a way to log in. */
export function AnswerForm({ q, questionId, onPosted }: { q: QuestionDetail; questionId: string; onPosted(answerId: string): void }) {
  const { t } = useTranslation();
  const { user, site } = useSession();
  const requireLogin = useRequireLogin();
  const f = useAnswerForm(q, questionId, onPosted);

  if (q.status === QUESTION_STATUS.closed || q.status === QUESTION_STATUS.deleted) return null;
  if (f.mine && site.site_write?.restrict_answer !== false) return <AlreadyAnswered questionId={questionId} answerId={f.mine.id} />;

  return (
    <section className="answer-form" aria-labelledby="your-answer">
      <h2 id="your-answer">{t('answer_form.title')}</h2>
      {!user && <p className="login-note">{t('answer_form.login_needed')}</p>}
      {user && f.restored && (
        <p className="draft-note" role="status">
          {t('qa.draft_restored')}
        </p>
      )}
      {user ? (
        <form onSubmit={f.submit} noValidate className="stack">
          <MarkdownEditor
            id="answer_content"
            label={t('answer_form.label')}
            value={f.content}
            onChange={f.setContent}
            error={f.error}
            hint={t('answer_form.hint', { min: LIMITS.answer.min })}
            rows={8}
          />
          <div>
            <Button type="submit" label={t('answer_form.submit')} loading={f.posting} />
          </div>
        </form>
      ) : (
        <Button type="button" label={t('answer_form.login_to_answer')} onClick={() => requireLogin()} />
      )}
      <CaptchaDialog {...f.captcha.dialogProps} />
      <UnsavedChangesDialog guard={f.guard} />
    </section>
  );
}

/** In place of the form when the site allows one answer per member and theirs exists: a link to edit it. */
function AlreadyAnswered({ questionId, answerId }: { questionId: string; answerId: string }) {
  const { t } = useTranslation();
  return (
    <section className="answer-form" aria-labelledby="your-answer">
      <h2 id="your-answer">{t('answer_form.title')}</h2>
      <p>
        {t('answer_form.already')} <Link to={to.editAnswer(questionId, answerId)}>{t('answer_form.edit_yours')}</Link>
      </p>
    </section>
  );
}
