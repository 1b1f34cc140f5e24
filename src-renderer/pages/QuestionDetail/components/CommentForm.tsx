import type { TFunction } from 'i18next';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputTextarea } from '../../../components/ui';
import { COMMENT_LIMITS } from '../../../api/comment/types';
import { rethrowIfCaptcha } from '../../../api/errors';
import { useFormError } from '../../../hooks/useFormError';
import { useUserSearch } from '../../../api/question/question-related-query';
import type { CaptchaFields } from '../../../api/user/types';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { UserAvatar } from '../../../components/UserAvatar';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useDebounced } from '../../../hooks/useDebounced';
import type { CaptchaAction } from '../../../api/user/types';

/** The @name being typed just before the caret, if any. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([a-zA-Z0-9._-]{0,30})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2].length - 1, query: m[2] } : null;
}

/** The usernames a comment @mentions. */
export function mentionedUsernames(text: string): string[] {
  return [...new Set([...text.matchAll(/(?:^|\s)@([a-zA-Z0-9._-]{2,30})/g)].map((m) => m[1].replace(/[.]+$/, '')))];
}

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
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const showError = useFormError((fe) => setError(fe.original_text), { fields: (fe) => ({ original_text: fe.original_text }) });
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const users = useUserSearch(useDebounced(mention?.query ?? '', 200));
  const options = mention && mention.query ? (users.data ?? []) : [];
  const listId = `${id}-mentions`;
  const open = options.length > 0;

  useEffect(() => setActive(0), [mention?.query]);

  const track = (value: string, caret: number) => setMention(mentionAt(value, caret));

  const choose = (username: string) => {
    if (!mention) return;
    const caret = mention.start + 1 + mention.query.length;
    const next = `${text.slice(0, mention.start)}@${username} ${text.slice(caret)}`;
    setText(next);
    setMention(null);
    // the caret goes after the name once the new text is rendered (before the next key press)
    caretAfterRender.current = mention.start + username.length + 2;
  };

  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === null) return;
    caretAfterRender.current = null;
    area.current?.focus();
    area.current?.setSelectionRange(at, at);
  }, [text]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a - 1 + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(options[active].username);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setMention(null);
    }
  };

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
      <div className="mention-box">
        <InputTextarea
          ref={area}
          id={id}
          rows={3}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            track(e.target.value, e.target.selectionStart ?? e.target.value.length);
            if (error) setError(undefined);
          }}
          onKeyDown={onKeyDown}
          onClick={(e) => track(e.currentTarget.value, e.currentTarget.selectionStart ?? 0)}
          onBlur={() => setTimeout(() => setMention(null), 150)}
          invalid={!!error}
          aria-invalid={!!error}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          aria-describedby={error ? `${id}_error` : `${id}_hint`}
          autoFocus
        />
        {open && (
          <ul id={listId} role="listbox" className="mention-list" aria-label={t('qa.mention_suggestions')}>
            {options.map((u, i) => (
              <li
                key={u.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'mention-option active' : 'mention-option'}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(u.username);
                }}
              >
                <UserAvatar user={u} size={20} /> <span>{u.display_name}</span> <span className="muted small">@{u.username}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
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
