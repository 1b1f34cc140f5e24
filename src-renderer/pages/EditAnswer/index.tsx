import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui';
import { LIMITS } from '../../../server/contract/limits';
import { useAnswerInfo } from '../../api/answer/answer-query';
import { useUpdateAnswer } from '../../api/answer/answer-update-mutation';
import type { AnswerWithQuestion } from '../../api/answer/types';
import { rethrowIfCaptcha } from '../../api/errors';
import { useFormError } from '../../hooks/useFormError';
import { slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { CaptchaDialog } from '../../components/CaptchaDialog';
import { EditGate } from '../../components/EditGate';
import { Field } from '../../components/Field';
import { useFeedback } from '../../components/Feedback';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { useCaptcha } from '../../hooks/useCaptcha';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { UnsavedChangesDialog } from '../../components/editor/UnsavedChangesDialog';
import type { Errors } from '../../utils/validation';

/** /posts/{qid}/{aid}/edit: edit an answer, after the server's edit check. */
export default function EditAnswerPage() {
  const { t } = useTranslation();
  const { aid = '' } = useParams();
  usePageTitle(t('answer_form.edit_title'));
  return (
    <EditGate objectId={aid}>
      <EditAnswerLoader aid={aid} />
    </EditGate>
  );
}

function EditAnswerLoader({ aid }: { aid: string }) {
  const info = useAnswerInfo(aid);
  return info.data ? <EditAnswerForm data={info.data} /> : null;
}

function EditAnswerForm({ data }: { data: AnswerWithQuestion }) {
  const { t } = useTranslation();
  const { qid = '' } = useParams();
  const { site } = useSession();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const captcha = useCaptcha('edit');
  const update = useUpdateAnswer();
  const [content, setContent] = useState(data.info.content);
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const guard = useUnsavedChanges(content !== data.info.content || summary.trim() !== '');
  const question = data.question;
  const back = to.question(qid, slugInLinks(site.site_seo?.permalink) ? question.url_title : undefined, data.info.id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (content.trim().length < LIMITS.answer.min) return setErrors({ content: t('answer_form.min', { min: LIMITS.answer.min }) });
    setErrors({});
    await captcha
      .run(async (fields) => {
        try {
          const r = await update.mutateAsync({
            id: data.info.id,
            question_id: qid,
            content,
            edit_summary: summary.trim() || undefined,
            ...fields,
          });
          if (r.wait_for_review) feedback.toast('info', t('ask.after_review'));
          guard.allow();
          navigate(back);
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined);
  };

  return (
    <section className="card form-page" aria-labelledby="edit-answer-title">
      <h1 id="edit-answer-title">{t('answer_form.edit_title')}</h1>
      <p>
        {t('answer_form.edit_for')} <Link to={back}>{question.title}</Link>
      </p>
      <form onSubmit={submit} noValidate className="stack">
        <MarkdownEditor
          id="content"
          label={t('answer_form.label')}
          value={content}
          onChange={setContent}
          error={errors.content}
          hint={t('answer_form.hint', { min: LIMITS.answer.min })}
          rows={12}
        />
        <Field
          id="edit_summary"
          label={t('ask.summary_label')}
          value={summary}
          onChange={setSummary}
          error={errors.edit_summary}
          hint={t('ask.summary_hint')}
        />
        <div className="form-buttons">
          <Button type="submit" label={t('ask.save')} loading={update.isPending} />
          <Link to={back} className="p-button p-button-text">
            {t('common.cancel')}
          </Link>
        </div>
      </form>
      <CaptchaDialog {...captcha.dialogProps} />
      <UnsavedChangesDialog guard={guard} />
    </section>
  );
}
