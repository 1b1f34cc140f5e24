import type { VoteStatus } from './common.js';

/** What POST vote/up and vote/down answer: the object's tallies and the caller's vote. */
export interface VoteResult {
  up_votes: number;
  down_votes: number;
  votes: number;
  vote_status: VoteStatus;
}
