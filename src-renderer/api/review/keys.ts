import type { ReviewQueue } from './types';

/** Query keys of the review queues. */
export const reviewKeys = {
  all: ['review'] as const,
  types: () => [...reviewKeys.all, 'types'] as const,
  queue: (queue: ReviewQueue) => [...reviewKeys.all, 'queue', queue] as const,
};
