import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { notificationKeys } from '../notification/keys';
import { reviewKeys } from './keys';
import type { FlagReviewInput } from './types';

const own = { handleErrors: true } as const;

/** PUT review/pending/post: approve publishes a queued post, reject deletes it. */
export const reviewQueuedPost = (reviewId: number, status: 'approve' | 'reject') =>
  api.put(`${V1}/review/pending/post`, { review_id: reviewId, status }, own);

/** PUT report/review: acts on a flag (edit, close, delete or unlist the post, or ignore the flag). */
export const reviewFlag = (body: FlagReviewInput) => api.put(`${V1}/report/review`, body, own);

/** PUT revisions/audit: approve applies a suggested edit, reject drops it. */
export const auditRevision = (id: string, operation: 'approve' | 'reject') => api.put(`${V1}/revisions/audit`, { id, operation }, own);

/** One review decision; afterwards every queue, the counts and the side navigation's count are reloaded. */
export function useReviewAction<I>(send: (input: I) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: reviewKeys.all }),
        qc.invalidateQueries({ queryKey: notificationKeys.status() }),
      ]);
    },
  });
}
