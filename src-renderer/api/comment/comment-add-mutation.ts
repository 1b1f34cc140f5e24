import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { commentKeys } from './keys';
import type { CommentInput } from './types';

/** POST comment (errors go to the caller). */
export const addComment = (body: CommentInput) => api.post(`${V1}/comment`, body, { handleErrors: true });

/** Comments on a post; its comments refresh. */
export function useAddComment(objectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: () => void qc.invalidateQueries({ queryKey: commentKeys.list(objectId) }),
  });
}
