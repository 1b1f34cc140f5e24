import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddComment } from '../../../api/comment/comment-add-mutation';
import { useDeleteComment, useUpdateComment, useVoteComment } from '../../../api/comment/comment-edit-mutations';
import { useComments } from '../../../api/comment/comment-query';
import type { CommentInfo } from '../../../api/comment/types';
import type { ReasonItem } from '../../../api/reason/reason-query';
import { useAddReport } from '../../../api/report/report-add-mutation';
import type { CaptchaFields } from '../../../api/user/types';
import { useFeedback } from '../../../components/Feedback';

/** Which comment form is open: a new comment, a reply to one, or the edit of one. */
export type CommentMode = { kind: 'add' } | { kind: 'reply'; comment: CommentInfo } | { kind: 'edit'; comment: CommentInfo };

/** Whether the server lets the member take an action on a comment. */
export function canOnComment(c: CommentInfo, action: string): boolean {
  return !!c.member_actions?.some((x) => x.action === action);
}

/**
 * A post's comments and what can be done to them: the pages loaded, the open form (`mode`), the
 * comment being deleted or flagged, and the calls that save, vote, delete and flag.
 */
export function useCommentList(objectId: string) {
  const { t } = useTranslation();
  const comments = useComments(objectId);
  const add = useAddComment(objectId);
  const update = useUpdateComment(objectId);
  const remove = useDeleteComment(objectId);
  const vote = useVoteComment(objectId);
  const report = useAddReport();
  const feedback = useFeedback();
  const [mode, setMode] = useState<CommentMode | null>(null);
  const [deleting, setDeleting] = useState<CommentInfo | null>(null);
  const [flagging, setFlagging] = useState<CommentInfo | null>(null);

  const save = async (m: CommentMode, text: string, mentions: string[], captcha: CaptchaFields) => {
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
  };

  const confirmDelete = () => {
    const c = deleting;
    setDeleting(null);
    if (c) remove.mutate({ comment_id: c.comment_id }, { onSuccess: () => feedback.toast('success', t('qa.deleted_done')) });
  };

  const submitFlag = async (reason: ReasonItem, content: string, fields: CaptchaFields) => {
    if (!flagging) return;
    await report.mutateAsync({
      object_id: flagging.comment_id,
      report_type: reason.reason_type,
      content: content || undefined,
      ...fields,
    });
    setFlagging(null);
    feedback.toast('success', t('qa.thanks_flag'));
  };

  return {
    comments,
    list: comments.data?.pages.flatMap((p) => p.list) ?? [],
    total: comments.data?.pages[0]?.count ?? 0,
    mode,
    setMode,
    saving: (m: CommentMode) => (m.kind === 'edit' ? update.isPending : add.isPending),
    save,
    voting: vote.isPending,
    toggleVote: (c: CommentInfo) => vote.mutate({ object_id: c.comment_id, is_cancel: c.is_vote }),
    deleting,
    setDeleting,
    deleteBusy: remove.isPending,
    confirmDelete,
    flagging,
    setFlagging,
    flagBusy: report.isPending,
    submitFlag,
  };
}
