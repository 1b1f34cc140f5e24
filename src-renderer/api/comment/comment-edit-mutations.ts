import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptchaFields } from '../user/types';
import { api, V1 } from '../client';
import { commentKeys } from './keys';

/** PUT comment (errors go to the caller). */
export const updateComment = (body: { comment_id: string; original_text: string } & CaptchaFields) =>
  api.put(`${V1}/comment`, body, { handleErrors: true });
/** DELETE comment. */
export const deleteComment = (body: { comment_id: string } & CaptchaFields) => api.delete(`${V1}/comment`, body);
/** POST vote/up on a comment (is_cancel takes it back). */
export const voteComment = (body: { object_id: string; is_cancel: boolean }) => api.post(`${V1}/vote/up`, body);

function useRefresh(objectId: string) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: commentKeys.list(objectId) });
}

/** Edits a comment of a post. */
export function useUpdateComment(objectId: string) {
  return useMutation({ mutationFn: updateComment, onSuccess: useRefresh(objectId) });
}

/** Deletes a comment of a post. */
export function useDeleteComment(objectId: string) {
  return useMutation({ mutationFn: deleteComment, onSuccess: useRefresh(objectId) });
}

/** Up-votes a comment (or takes it back). */
export function useVoteComment(objectId: string) {
  return useMutation({ mutationFn: voteComment, onSuccess: useRefresh(objectId) });
}
