import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommentInfo } from '../../../api/comment/types';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { PostHtml } from '../../../components/PostHtml';
import { TimeAgo } from '../../../components/TimeAgo';
import { Button } from '../../../components/ui';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { canOnComment, type CommentMode } from './useCommentList';

/** What a comment's row can ask of the list. */
export interface CommentItemActions {
  voting: boolean;
  toggleVote(c: CommentInfo): void;
  setMode(m: CommentMode): void;
  setDeleting(c: CommentInfo): void;
  setFlagging(c: CommentInfo): void;
}

/** One comment: its up-vote, whom it replies to, text, author and time, its tools, and its open reply or edit form. */
export function CommentItem({
  comment: c,
  canAdd,
  actions,
  form,
}: {
  comment: CommentInfo;
  canAdd: boolean;
  actions: CommentItemActions;
  /** The reply or edit form open on this comment, if any. */
  form?: ReactNode;
}) {
  const { user } = useSession();
  return (
    <li id={`comment-${c.comment_id}`} className="comment" data-testid="comment">
      <CommentVote comment={c} busy={actions.voting} onToggle={() => actions.toggleVote(c)} />
      <div className="comment-body">
        {c.reply_username && (
          <>
            <Link to={to.user(c.reply_username)} className="comment-reply-to">
              @{c.reply_user_display_name || c.reply_username}
            </Link>{' '}
          </>
        )}
        <PostHtml html={c.parsed_text} className="comment-text" />
        <span className="comment-meta">
          {' – '}
          <Link to={to.user(c.username)}>{c.user_display_name}</Link>{' '}
          <span className="muted">
            <TimeAgo seconds={c.created_at} />
          </span>
        </span>
        {user && <CommentTools comment={c} canAdd={canAdd} ownerId={user.id} actions={actions} />}
        {form}
      </div>
    </li>
  );
}

/** A comment's thumbs-up toggle and its count (signing in first). */
function CommentVote({ comment: c, busy, onToggle }: { comment: CommentInfo; busy: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  return (
    <div className="comment-vote">
      <Button
        type="button"
        text
        size="small"
        icon={c.is_vote ? 'thumbs-up-fill' : 'thumbs-up'}
        className={c.is_vote ? 'comment-vote-btn voted' : 'comment-vote-btn'}
        aria-label={c.is_vote ? t('qa.comment_voted') : t('qa.comment_vote')}
        aria-pressed={c.is_vote}
        disabled={busy}
        onClick={() => requireLogin() && onToggle()}
      />
      {c.vote_count > 0 && (
        <span className="comment-votes" title={t('qa.comment_votes', { count: c.vote_count })} data-testid="comment-vote-count">
          {c.vote_count}
        </span>
      )}
    </div>
  );
}

/** A signed-in member's links on a comment: reply, and edit, delete or flag where the server allows. */
function CommentTools({
  comment: c,
  canAdd,
  ownerId,
  actions,
}: {
  comment: CommentInfo;
  canAdd: boolean;
  /** The signed-in member's id (no flagging of one's own comment). */
  ownerId: string;
  actions: CommentItemActions;
}) {
  const { t } = useTranslation();
  return (
    <span className="comment-tools" role="group" aria-label={t('qa.comment_actions')}>
      {canAdd && (
        <Button
          type="button"
          link
          size="small"
          label={t('qa.comment_reply')}
          aria-label={t('qa.comment_reply_to', { name: c.user_display_name })}
          onClick={() => actions.setMode({ kind: 'reply', comment: c })}
        />
      )}
      {canOnComment(c, 'edit') && (
        <Button
          type="button"
          link
          size="small"
          label={t('qa.comment_edit')}
          onClick={() => actions.setMode({ kind: 'edit', comment: c })}
        />
      )}
      {canOnComment(c, 'delete') && (
        <Button type="button" link size="small" label={t('qa.comment_delete')} onClick={() => actions.setDeleting(c)} />
      )}
      {canOnComment(c, 'report') && ownerId !== c.user_id && (
        <Button type="button" link size="small" label={t('qa.comment_flag')} onClick={() => actions.setFlagging(c)} />
      )}
    </span>
  );
}
