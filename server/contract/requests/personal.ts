import { z } from 'zod';
import { pageNumber, text } from './fields.js';

const username = text({ max: 100 });

/** GET personal/question/page and personal/answer/page. */
export const personalPageQuery = z.object({
  username,
  order: z.enum(['newest', 'score']).catch('newest'),
  page: pageNumber(1, 100000),
  page_size: pageNumber(20, 100),
});
export type PersonalPageQuery = z.infer<typeof personalPageQuery>;

/** GET personal/qa/top (an unknown or missing user gives empty lists, as the reference). */
export const topQuery = z.object({
  username: z.string({ error: 'validation.type' }).trim().max(100).optional().default(''),
});

/** GET personal/rank/page. */
export const rankPageQuery = z.object({
  username,
  page: pageNumber(1, 100000),
  page_size: pageNumber(20, 100),
});
export type RankPageQuery = z.infer<typeof rankPageQuery>;

/** GET personal/vote/page (the caller's own votes). */
export const votePageQuery = z.object({
  page: pageNumber(1, 100000),
  page_size: pageNumber(20, 100),
});
export type VotePageQuery = z.infer<typeof votePageQuery>;
