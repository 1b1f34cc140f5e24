import { z } from 'zod';
import { paging, text } from './fields.js';

const username = text({ max: 100 });

/** GET personal/question/page and personal/answer/page. */
export const personalPageQuery = z.object({
  username,
  order: z.enum(['newest', 'score']).catch('newest'),
  ...paging(),
});
export type PersonalPageQuery = z.infer<typeof personalPageQuery>;

/** GET personal/qa/top (an unknown or missing user gives empty lists, as the reference). */
export const topQuery = z.object({
  username: z.string({ error: 'validation.type' }).trim().max(100).optional().default(''),
});

/** GET personal/rank/page. */
export const rankPageQuery = z.object({
  username,
  ...paging(),
});
export type RankPageQuery = z.infer<typeof rankPageQuery>;

/** GET personal/vote/page (the caller's own votes). */
export const votePageQuery = z.object({
  ...paging(),
});
export type VotePageQuery = z.infer<typeof votePageQuery>;
