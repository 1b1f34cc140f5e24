import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useAddComment } from '../../../api/comment/comment-add-mutation';
import { useDeleteComment, useUpdateComment, useVoteComment } from '../../../api/comment/comment-edit-mutations';
import { useComments } from '../../../api/comment/comment-query';
import type { CommentInfo } from '../../../api/comment/types';
import { useAddReport } from '../../../api/report/report-add-mutation';
import { to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { useFeedback } from '../../../components/Feedback';
import { PostHtml } from '../../../components/PostHtml';
import { TimeAgo } from '../../../components/TimeAgo';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { CommentForm } from './CommentForm';
import { ConfirmDialog } from './ConfirmDialog';
import { ReasonDialog } from './ReasonDialog';

type Mode = { kind: 'add' } | { kind: 'reply'; comment: CommentInfo } | { kind: 'edit'; comment: CommentInfo };

/** A post's comments, oldest first, with up-votes, reply, edit, delete, flag, "show more" and the add-comment form. */
export function CommentList({ objectId, canAdd }: { objectId: string; canAdd: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const comments = useComments(objectId);
  const add = useAddComment(objectId);
  const update = useUpdateComment(objectId);
  const remove = useDeleteComment(objectId);
  const vote = useVoteComment(objectId);
  const report = useAddReport();
  const feedback = useFeedback();
  const requireLogin = useRequireLogin();
  const [mode, setMode] = useState<Mode | null>(null);
  const [deleting, setDeleting] = useState<CommentInfo | null>(null);
  const [flagging, setFlagging] = useState<CommentInfo | null>(null);
  const list = comments.data?.pages.flatMap((p) => p.list) ?? [];
  const total = comments.data?.pages[0]?.count ?? 0;
  const fieldId = `comment-${objectId}`;
  const can = (c: CommentInfo, a: string) => c.member_actions?.some((x) => x.action === a);

  const form = (m: Mode) => {
    const editing = m.kind === 'edit';
    return (
      <CommentForm
        key={m.kind === 'add' ? 'add' : `${m.kind}-${m.comment.comment_id}`}
        id={m.kind === 'add' ? fieldId : `${fieldId}-${m.kind}-${m.comment.comment_id}`}
        label={editing ? t('qa.comment_edit_label') : t('comment.label')}
        initial={editing ? m.comment.original_text : ''}
        note={m.kind === 'reply' ? t('qa.comment_replying', { name: m.comment.user_display_name }) : undefined}
        submitLabel={editing ? t('qa.comment_save') : t('comment.submit')}
        busy={editing ? update.isPending : add.isPending}
        captchaAction={editing ? 'edit' : 'comment'}
        onCancel={() => setMode(null)}
        onSubmit={async (text, mentions, captcha) => {
          if (m.kind === 'edit') await update.mutateAsync({ comment_id: m.comment.comment_id, original_text: text, ...captcha });
          else
            await add.mutateAsync({
              object_id: objectId,
              original_text: text,
              reply_comment_id: m.kind === 'reply' ? m.comment.comment_id : undefined,
              mention_username_list: mentions,
              ...captcha,
            });
          setMode(null);
        }}
      />
    );
  };

  return (
    <div className="comments">
      {list.length > 0 && (
        <ul className="comment-list" aria-label={t('comment.list_label')}>
          {list.map((c) => (
            <li key={c.comment_id} id={`comment-${c.comment_id}`} className="comment" data-testid="comment">
              <div className="comment-vote">
                <Button
                  type="button"
                  text
                  size="small"
                  icon={c.is_vote ? 'thumbs-up-fill' : 'thumbs-up'}
                  className={c.is_vote ? 'comment-vote-btn voted' : 'comment-vote-btn'}
                  aria-label={c.is_vote ? t('qa.comment_voted') : t('qa.comment_vote')}
                  aria-pressed={c.is_vote}
                  disabled={vote.isPending}
                  onClick={() => requireLogin() && vote.mutate({ object_id: c.comment_id, is_cancel: c.is_vote })}
                />
                {c.vote_count > 0 && (
                  <span className="comment-votes" title={t('qa.comment_votes', { count: c.vote_count })} data-testid="comment-vote-count">
                    {c.vote_count}
                  </span>
                )}
              </div>
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
                {user && (
                  <span className="comment-tools" role="group" aria-label={t('qa.comment_actions')}>
                    {canAdd && (
                      <Button
                        type="button"
                        link
                        size="small"
                        label={t('qa.comment_reply')}
                        aria-label={t('qa.comment_reply_to', { name: c.user_display_name })}
                        onClick={() => setMode({ kind: 'reply', comment: c })}
                      />
                    )}
                    {can(c, 'edit') && (
                      <Button
                        type="button"
                        link
                        size="small"
                        label={t('qa.comment_edit')}
                        onClick={() => setMode({ kind: 'edit', comment: c })}
                      />
                    )}
                    {can(c, 'delete') && (
                      <Button type="button" link size="small" label={t('qa.comment_delete')} onClick={() => setDeleting(c)} />
                    )}
                    {can(c, 'report') && user.id !== c.user_id && (
                      <Button type="button" link size="small" label={t('qa.comment_flag')} onClick={() => setFlagging(c)} />
                    )}
                  </span>
                )}
                {mode && mode.kind !== 'add' && mode.comment.comment_id === c.comment_id && form(mode)}
              </div>
            </li>
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          type="button"
          link
          size="small"
          label={t('comment.show_more', { count: total - list.length })}
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        />
      )}
      {canAdd && mode?.kind !== 'add' && (
        <Button type="button" link size="small" label={t('comment.add')} onClick={() => requireLogin() && setMode({ kind: 'add' })} />
      )}
      {mode?.kind === 'add' && form(mode)}
      <ConfirmDialog
        visible={!!deleting}
        title={t('qa.delete_title')}
        text={t('qa.delete_comment_text')}
        confirmLabel={t('qa.delete')}
        danger
        busy={remove.isPending}
        onHide={() => setDeleting(null)}
        onConfirm={() => {
          const c = deleting;
          setDeleting(null);
          if (c) remove.mutate({ comment_id: c.comment_id }, { onSuccess: () => feedback.toast('success', t('qa.deleted_done')) });
        }}
      />
      <ReasonDialog
        visible={!!flagging}
        onHide={() => setFlagging(null)}
        objectType="comment"
        action="flag"
        busy={report.isPending}
        onSubmit={async (reason, content, fields) => {
          if (!flagging) return;
          await report.mutateAsync({
            object_id: flagging.comment_id,
            report_type: reason.reason_type,
            content: content || undefined,
            ...fields,
          });
          setFlagging(null);
          feedback.toast('success', t('qa.thanks_flag'));
        }}
      />
    </div>
  );
}
