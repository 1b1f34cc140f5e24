import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputTextarea } from '../../../components/ui';
import { COMMENT_LIMITS } from '../../../api/comment/types';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useFormError } from '../../../hooks/useFormError';
import type { CaptchaFields } from '../../../api/user/types';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { useCaptcha } from '../../../hooks/useCaptcha';
import type { CaptchaAction } from '../../../api/user/types';
import { mentionedUsernames } from './mentions';
import { MentionList } from './MentionList';
import { useMentions } from './useMentions';

/** The client-side rules of a comment (the server's: required, 2-600 characters). */
export function checkComment(t: TFunction, text: string): string | undefined {
  const n = Array.from(text.trim()).length;
  if (!n) return t('comment.required');
  if (n < COMMENT_LIMITS.min || n > COMMENT_LIMITS.max) return t('comment.length', COMMENT_LIMITS);
  return undefined;
}

/** Props of the comment form (add, reply or edit). */
export interface CommentFormProps {
  id: string;
  label: string;
  initial?: string;
  submitLabel: string;
  /** Shown above the field (whom a reply answers). */
  note?: string;
  busy?: boolean;
  /** The captcha action ('comment' when adding, 'edit' when editing). */
  captchaAction: CaptchaAction;
  onSubmit(text: string, mentions: string[], captcha: CaptchaFields): Promise<void>;
  onCancel(): void;
}

/** A comment's text with @mention suggestions (user/info/search), validated before sending. */
export function CommentForm({ id, label, initial = '', submitLabel, note, busy, captchaAction, onSubmit, onCancel }: CommentFormProps) {
  const { t } = useTranslation();
  const captcha = useCaptcha(captchaAction);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const showError = useFormError((fe) => setError(fe.original_text), { fields: (fe) => ({ original_text: fe.original_text }) });
  const mentions = useMentions(text, setText);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkComment(t, text);
    setError(local);
    if (local) return;
    await captcha
      .run(async (fields) => {
        try {
          await onSubmit(text.trim(), mentionedUsernames(text), fields);
          setText('');
        } catch (err) {
          rethrowIfCaptcha(err);
          showError(err);
        }
      })
      .catch(() => undefined);
  };

  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      {note && <p className="muted small comment-note">{note}</p>}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <CommentTextarea
        id={id}
        text={text}
        onText={(value) => {
          setText(value);
          if (error) setError(undefined);
        }}
        error={error}
        mentions={mentions}
      />
      {error ? (
        <small id={`${id}_error`} className="field-error" role="alert">
          {error}
        </small>
      ) : (
        <small id={`${id}_hint`} className="field-hint">
          {t('comment.hint', COMMENT_LIMITS)}
        </small>
      )}
      <div className="comment-buttons">
        <Button type="submit" size="small" label={submitLabel} loading={busy} />
        <Button type="button" size="small" text label={t('common.cancel')} onClick={onCancel} />
      </div>
      <CaptchaDialog {...captcha.dialogProps} />
    </form>
  );
}

/** The comment's textarea, following the caret for @mentions, with the suggestions under it. */
function CommentTextarea({
  id,
  text,
  onText,
  error,
  mentions: m,
}: {
  id: string;
  text: string;
  onText(value: string): void;
  error?: string;
  mentions: ReturnType<typeof useMentions>;
}) {
  const listId = `${id}-mentions`;
  return (
    <div className="mention-box">
      <InputTextarea
        ref={m.area}
        id={id}
        rows={3}
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          m.track(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onKeyDown={m.onKeyDown}
        onClick={(e) => m.track(e.currentTarget.value, e.currentTarget.selectionStart ?? 0)}
        onBlur={() => setTimeout(m.close, 150)}
        invalid={!!error}
        aria-invalid={!!error}
        aria-autocomplete="list"
        aria-controls={m.open ? listId : undefined}
        aria-activedescendant={m.open ? `${listId}-${m.active}` : undefined}
        aria-describedby={error ? `${id}_error` : `${id}_hint`}
        autoFocus
      />
      {m.open && <MentionList id={listId} options={m.options} active={m.active} onChoose={m.choose} />}
    </div>
  );
}
