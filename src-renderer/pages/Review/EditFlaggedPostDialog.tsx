import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, InputText, InputTextarea } from '../../components/ui';
import { useFormError } from '../../hooks/useFormError';
import type { FlaggedPost } from '../../api/review/types';
import { LIMITS } from '../../../server/contract/limits';

/** What an edit of a flagged post sends (a question keeps its tags). */
export interface FlagEditFields {
  title?: string;
  content: string;
  tags?: { slug_name: string }[];
}

/** Checks the edit before sending: a question's title (1-150) and the body are required. */
export function checkFlagEdit(
  t: (k: 'review.edit_title_required' | 'review.edit_title_length' | 'review.edit_body_required') => string,
  isQuestion: boolean,
  title: string,
  body: string,
): { title?: string; content?: string } {
  const errors: { title?: string; content?: string } = {};
  if (isQuestion && !title.trim()) errors.title = t('review.edit_title_required');
  else if (isQuestion && title.trim().length > LIMITS.title.max) errors.title = t('review.edit_title_length');
  if (!body.trim()) errors.content = t('review.edit_body_required');
  return errors;
}

/** Edits a flagged post in place (PUT report/review with edit_post); the server's field errors show on their fields. */
export function EditFlaggedPostDialog({
  post,
  onHide,
  onSave,
}: {
  post: FlaggedPost;
  onHide(): void;
  onSave(fields: FlagEditFields): Promise<void>;
}) {
  const { t } = useTranslation();
  const isQuestion = post.object_type === 'question';
  const [title, setTitle] = useState(post.title);
  const [body, setBody] = useState(post.original_text);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const showError = useFormError(setErrors, { fields: (fe) => ({ title: fe.title, content: fe.content ?? fe.original_text }) });
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkFlagEdit(t, isQuestion, title, body);
    setErrors(local);
    if (local.title || local.content) return;
    setSaving(true);
    try {
      await onSave(
        isQuestion ? { title: title.trim(), content: body, tags: post.tags.map((x) => ({ slug_name: x.slug_name })) } : { content: body },
      );
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog header={t('review.edit_title')} visible onHide={onHide} style={{ width: 'min(44rem, 94vw)' }} className="review-edit-dialog">
      <form onSubmit={submit} noValidate className="stack">
        {isQuestion && (
          <div className="field">
            <label htmlFor="review-edit-title">{t('review.edit_post_title')}</label>
            <InputText
              id="review-edit-title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              invalid={!!errors.title}
              aria-invalid={!!errors.title}
              aria-describedby={errors.title ? 'review-edit-title-error' : undefined}
            />
            {errors.title && (
              <small id="review-edit-title-error" className="field-error" role="alert">
                {errors.title}
              </small>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor="review-edit-body">{t('review.edit_post_body')}</label>
          <InputTextarea
            id="review-edit-body"
            rows={8}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            invalid={!!errors.content}
            aria-invalid={!!errors.content}
            aria-describedby={errors.content ? 'review-edit-body-error' : undefined}
          />
          {errors.content && (
            <small id="review-edit-body-error" className="field-error" role="alert">
              {errors.content}
            </small>
          )}
        </div>
        <div className="form-buttons dialog-buttons">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="submit" label={t('review.edit_save')} loading={saving} />
        </div>
      </form>
    </Dialog>
  );
}
