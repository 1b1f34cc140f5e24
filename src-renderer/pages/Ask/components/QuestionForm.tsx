import type { TFunction } from 'i18next';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { LIMITS } from '../../../../server/contract/limits';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useFormError } from '../../../hooks/useFormError';
import type { TagInput } from '../../../api/question/types';
import type { CaptchaFields } from '../../../api/user/types';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { Field } from '../../../components/Field';
import { MarkdownEditor } from '../../../components/MarkdownEditor';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { compact, type Errors } from '../../../utils/validation';
import { MAX_TAGS, TagPicker } from './TagPicker';

/** The fields of a question. */
export interface QuestionFields {
  title: string;
  content: string;
  tags: TagInput[];
  edit_summary?: string;
}

/** Client-side rules of spec section 5: title 1-150, body required, one to five tags. */
export function checkQuestion(t: TFunction, f: QuestionFields): Errors {
  const title = f.title.trim();
  return compact({
    title: !title ? t('ask.title_required') : title.length > LIMITS.title.max ? t('ask.title_max', { max: LIMITS.title.max }) : undefined,
    content: !f.content.trim() ? t('ask.body_required') : undefined,
    tags:
      f.tags.length === 0
        ? t('ask.tags_required')
        : f.tags.length > MAX_TAGS
          ? t('ask.tags_max', { max: MAX_TAGS })
          : f.tags.some((x) => x.slug_name.length > LIMITS.tagName.max)
            ? t('ask.tag_too_long', { max: LIMITS.tagName.max })
            : undefined,
  });
}

/** Props of the question form. */
export interface QuestionFormProps {
  initial: QuestionFields;
  /** 'question' when asking, 'edit' when editing (the captcha action). */
  action: 'question' | 'edit';
  submitLabel: string;
  withSummary?: boolean;
  /** Shown under the title (similar questions). */
  belowTitle?(title: string): ReactNode;
  onChange?(f: QuestionFields): void;
  onSubmit(f: QuestionFields, captcha: CaptchaFields): Promise<void>;
  busy: boolean;
  extraButtons?: ReactNode;
}

/** Title, body, tags (and edit summary): validated here first, then the server's field errors on the same fields. */
export function QuestionForm({
  initial,
  action,
  submitLabel,
  withSummary,
  belowTitle,
  onChange,
  onSubmit,
  busy,
  extraButtons,
}: QuestionFormProps) {
  const { t } = useTranslation();
  const captcha = useCaptcha(action);
  const [f, setF] = useState<QuestionFields>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const showError = useFormError(setErrors);
  const set = <K extends keyof QuestionFields>(k: K, v: QuestionFields[K]) => {
    const next = { ...f, [k]: v };
    setF(next);
    onChange?.(next);
    if (errors[k]) setErrors(({ [k]: _drop, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkQuestion(t, f);
    setErrors(local);
    if (Object.keys(local).length) {
      document.getElementById(Object.keys(local)[0] === 'tags' ? 'tags' : Object.keys(local)[0])?.focus();
      return;
    }
    await captcha
      .run(async (fields) => {
        try {
          await onSubmit({ ...f, title: f.title.trim() }, fields);
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined);
  };

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
