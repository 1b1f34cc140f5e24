import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** What POST vote/up|down answers (the API contract's). */
export type { VoteResult } from '../../../server/contract/api/vote';

/** POST vote/up or vote/down; `is_cancel` takes the vote back. Refusals (own post, reputation) are toasted by the app. */
export const castVote = (body: { direction: 'up' | 'down'; object_id: string; is_cancel: boolean }) =>
  api.post(`${V1}/vote/${body.direction}`, { object_id: body.object_id, is_cancel: body.is_cancel });

/** Votes on a question or an answer; the caller shows the result. */
export function useCastVote() {
  return useMutation({ mutationFn: castVote });
}
