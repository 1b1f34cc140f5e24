import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { LIMITS } from '../../../../server/contract/limits';
import { useAddAnswer } from '../../../api/answer/answer-add-mutation';
import { useAnswerPage } from '../../../api/answer/answer-query';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useFormError } from '../../../hooks/useFormError';
import { QUESTION_STATUS, type QuestionDetail } from '../../../api/question/types';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { MarkdownEditor } from '../../../components/MarkdownEditor';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { DRAFT_KEYS, readDraft, stringField, useDraft } from '../../../hooks/useDraft';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { useUnsavedChanges } from '../../../hooks/useUnsavedChanges';
import { UnsavedChangesDialog } from '../../../components/editor/UnsavedChangesDialog';
import { ANSWER_STATUS } from '../../../../server/contract/enums';

interface AnswerDraft {
  questionId: string;
  content: string;
}

/** A saved answer draft: the question it belongs to and its text. */
function parseAnswerDraft(saved: unknown): AnswerDraft | null {
  const questionId = stringField(saved, 'questionId');
  const content = stringField(saved, 'content');
  return questionId !== undefined && content !== undefined ? { questionId, content } : null;
}

/** The write-answer form under the answers (answer at least 6 characters); logged-out visitors get a way to log in. */
export function AnswerForm({ q, questionId, onPosted }: { q: QuestionDetail; questionId: string; onPosted(answerId: string): void }) {
  const { t } = useTranslation();
  const { user, site } = useSession();
  const requireLogin = useRequireLogin();
  const captcha = useCaptcha('answer');
  const add = useAddAnswer(questionId);
  const firstPage = useAnswerPage(questionId, 'default', 1, !!user);
  const [content, setContent] = useState(() => {
    const saved = readDraft(DRAFT_KEYS.answer, parseAnswerDraft);
    return saved?.questionId === questionId ? saved.content : '';
  });
  const clearDraft = useDraft<AnswerDraft>(
    DRAFT_KEYS.answer,
    useMemo(() => ({ questionId, content }), [questionId, content]),
    content.trim().length > 0,
  );
  const [error, setError] = useState<string | undefined>();
  const showError = useFormError((fe) => setError(fe.content), { fields: (fe) => ({ content: fe.content }) });
  const [restored] = useState(() => content.trim().length > 0);
  const guard = useUnsavedChanges(!!user && content.trim().length > 0);

  if (q.status === QUESTION_STATUS.closed || q.status === QUESTION_STATUS.deleted) return null;
  const mine = user ? firstPage.data?.list.find((a) => a.user_info?.id === user.id && a.status !== ANSWER_STATUS.deleted) : undefined;
  if (mine && site.site_write?.restrict_answer !== false) {
    return (
      <section className="answer-form" aria-labelledby="your-answer">
        <h2 id="your-answer">{t('answer_form.title')}</h2>
        <p>
          {t('answer_form.already')} <Link to={to.editAnswer(questionId, mine.id)}>{t('answer_form.edit_yours')}</Link>
        </p>
      </section>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!requireLogin()) return;
    if (content.trim().length < LIMITS.answer.min) return setError(t('answer_form.min', { min: LIMITS.answer.min }));
    setError(undefined);
    await captcha
      .run(async (fields) => {
        try {
          const r = await add.mutateAsync({ question_id: q.id, content, ...fields });
          clearDraft();
          setContent('');
          guard.allow();
          onPosted(r.info.id);
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined);
  };

  return (
    <section className="answer-form" aria-labelledby="your-answer">
      <h2 id="your-answer">{t('answer_form.title')}</h2>
      {!user && <p className="login-note">{t('answer_form.login_needed')}</p>}
      {user && restored && (
        <p className="draft-note" role="status">
          {t('qa.draft_restored')}
        </p>
      )}
      {user ? (
        <form onSubmit={submit} noValidate className="stack">
          <MarkdownEditor
            id="answer_content"
            label={t('answer_form.label')}
            value={content}
            onChange={setContent}
            error={error}
            hint={t('answer_form.hint', { min: LIMITS.answer.min })}
            rows={8}
          />
          <div>
            <Button type="submit" label={t('answer_form.submit')} loading={add.isPending} />
          </div>
        </form>
      ) : (
        <Button type="button" label={t('answer_form.login_to_answer')} onClick={() => requireLogin()} />
      )}
      <CaptchaDialog {...captcha.dialogProps} />
      <UnsavedChangesDialog guard={guard} />
    </section>
  );
}
