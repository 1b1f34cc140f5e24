import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { LIMITS } from '../../../../server/contract/limits';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { Field } from '../../../components/Field';
import { MarkdownEditor } from '../../../components/MarkdownEditor';
import { MAX_TAGS, TagPicker } from './TagPicker';
import { useQuestionForm, type QuestionFormProps } from './useQuestionForm';

/** Title, body, tags (and edit summary): validated here first, then the server's field errors on the same fields. */
export function QuestionForm(props: QuestionFormProps) {
  const { initial, submitLabel, withSummary, belowTitle, busy, extraButtons } = props;
  const { t } = useTranslation();
  const { f, errors, set, submit, captcha } = useQuestionForm(props);

  return (
    <form onSubmit={submit} noValidate className="stack question-form">
      <Field
        id="title"
        label={t('ask.title_label')}
        value={f.title}
        onChange={(v) => set('title', v)}
        error={errors.title}
        hint={t('ask.title_hint', { max: LIMITS.title.max })}
        autoFocus={!initial.title}
      />
      {belowTitle?.(f.title)}
      <MarkdownEditor
        id="content"
        label={t('ask.body_label')}
        value={f.content}
        onChange={(v) => set('content', v)}
        error={errors.content}
        hint={t('ask.body_hint')}
        rows={12}
      />
      <TagPicker
        id="tags"
        label={t('ask.tags_label')}
        value={f.tags}
        onChange={(v) => set('tags', v)}
        error={errors.tags}
        hint={t('ask.tags_hint', { max: MAX_TAGS })}
      />
      {withSummary && (
        <Field
          id="edit_summary"
          label={t('ask.summary_label')}
          value={f.edit_summary ?? ''}
          onChange={(v) => set('edit_summary', v)}
          error={errors.edit_summary}
          hint={t('ask.summary_hint')}
        />
      )}
      <div className="form-buttons">
        <Button type="submit" label={submitLabel} loading={busy} />
        {extraButtons}
      </div>
      <CaptchaDialog {...captcha.dialogProps} />
    </form>
  );
}

export type { QuestionFormProps };
