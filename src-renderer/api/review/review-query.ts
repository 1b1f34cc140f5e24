import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { reviewKeys } from './keys';
import type { FlaggedPost, QueuedPost, ReviewQueue, SuggestedEdit } from './types';

// The review calls answer their errors to the page: a 403 shows the 403 page (spec section 8).
const own = { handleErrors: true } as const;

/** GET reviewing/type: the queues the caller may work on, with their counts. */
export const fetchReviewingTypes = () => api.get(`${V1}/reviewing/type`, undefined, own).then((r) => r ?? []);

/** The first waiting item of a queue (each queue answers one item per page). */
export type QueueItem =
  | { queue: 'queued_post'; item: QueuedPost }
  | { queue: 'flagged_post'; item: FlaggedPost }
  | { queue: 'suggested_post_edit'; item: SuggestedEdit };

/** The first waiting item of `queue` and how many wait in all. */
export async function fetchQueueHead(queue: ReviewQueue): Promise<{ count: number; head: QueueItem | null }> {
  if (queue === 'queued_post') {
    const p = await api.get(`${V1}/review/pending/post/page`, { page: 1 }, own);
    return { count: p?.count ?? 0, head: p?.list[0] ? { queue, item: p.list[0] } : null };
  }
  if (queue === 'flagged_post') {
    const p = await api.get(`${V1}/report/unreviewed/post`, { page: 1 }, own);
    return { count: p?.count ?? 0, head: p?.list[0] ? { queue, item: p.list[0] } : null };
  }
  const p = await api.get(`${V1}/revisions/unreviewed`, { page: 1 }, own);
  return { count: p?.count ?? 0, head: p?.list[0] ? { queue, item: p.list[0] } : null };
}

/** The queues with their counts. */
export function useReviewingTypes() {
  return useQuery({ queryKey: reviewKeys.types(), queryFn: fetchReviewingTypes, retry: false, staleTime: 0 });
}

/** The item under review in a queue (after an action the queue is reloaded: the next item moves up). */
export function useQueueHead(queue: ReviewQueue, enabled: boolean) {
  return useQuery({ queryKey: reviewKeys.queue(queue), queryFn: () => fetchQueueHead(queue), enabled, retry: false, staleTime: 0 });
}
