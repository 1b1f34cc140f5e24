import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddComment } from '../../../api/comment/comment-add-mutation';
import { useComments } from '../../../api/comment/comment-query';
import { COMMENT_LIMITS } from '../../../api/comment/types';
import { fieldMap, rethrowIfCaptcha } from '../../../api/errors';
import { to } from '../../../app/paths';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { useFeedback } from '../../../components/Feedback';
import { PostHtml } from '../../../components/PostHtml';
import { TimeAgo } from '../../../components/TimeAgo';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useRequireLogin } from '../../../hooks/useRequireLogin';

/** A post's comments, oldest first, with "show more" and the add-comment form. */
export function CommentList({ objectId, canAdd }: { objectId: string; canAdd: boolean }) {
  const { t } = useTranslation();
  const comments = useComments(objectId);
  const add = useAddComment(objectId);
  const captcha = useCaptcha('comment');
  const feedback = useFeedback();
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const list = comments.data?.pages.flatMap((p) => p.list) ?? [];
  const total = comments.data?.pages[0]?.count ?? 0;
  const fieldId = `comment-${objectId}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Array.from(text.trim()).length;
    if (!n) return setError(t('comment.required'));
    if (n < COMMENT_LIMITS.min || n > COMMENT_LIMITS.max) return setError(t('comment.length', COMMENT_LIMITS));
    setError(undefined);
    await captcha.run(async (fields) => {
      try {
        await add.mutateAsync({ object_id: objectId, original_text: text.trim(), ...fields });
        setText('');
        setOpen(false);
      } catch (err) {
        rethrowIfCaptcha(err);
        const fe = fieldMap(err);
        if (fe.original_text) setError(fe.original_text);
        else feedback.toast('error', err instanceof Error ? err.message : t('error.generic'));
      }
    }).catch(() => undefined);
  };

  return (
    <div className="comments">
      {list.length > 0 && (
        <ul className="comment-list" aria-label={t('comment.list_label')}>
          {list.map((c) => (
            <li key={c.comment_id} className="comment">
              <PostHtml html={c.parsed_text} className="comment-text" />
              <span className="comment-meta">
                {' – '}
                <Link to={to.user(c.username)}>{c.user_display_name}</Link> <span className="muted"><TimeAgo seconds={c.created_at} /></span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button type="button" link size="small" label={t('comment.show_more', { count: total - list.length })} loading={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()} />
      )}
      {canAdd && !open && (
        <Button type="button" link size="small" label={t('comment.add')} onClick={() => requireLogin() && setOpen(true)} />
      )}
      {open && (
        <form className="comment-form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId} className="sr-only">{t('comment.label')}</label>
          <InputTextarea id={fieldId} rows={3} autoResize value={text} onChange={(e) => setText(e.target.value)} invalid={!!error} aria-invalid={!!error} aria-describedby={error ? `${fieldId}_error` : `${fieldId}_hint`} autoFocus />
          {error ? <small id={`${fieldId}_error`} className="field-error" role="alert">{error}</small> : <small id={`${fieldId}_hint`} className="field-hint">{t('comment.hint', COMMENT_LIMITS)}</small>}
          <div className="comment-buttons">
            <Button type="submit" size="small" label={t('comment.submit')} loading={add.isPending} />
            <Button type="button" size="small" text label={t('common.cancel')} onClick={() => { setOpen(false); setError(undefined); }} />
          </div>
        </form>
      )}
      <CaptchaDialog {...captcha.dialogProps} />
    </div>
  );
}
