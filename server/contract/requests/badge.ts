import { z } from 'zod';
import { paging, text } from './fields.js';

const typeError = { error: 'validation.type' } as const;

/** GET badge (?id). */
export const badgeIdQuery = z.object({ id: text({ max: 32 }) });

/** GET badge/awards/page (?badge_id, username, page, page_size). */
export const awardPageQuery = z.object({
  badge_id: text({ max: 32 }),
  username: z.string(typeError).trim().max(100).optional().default(''),
  ...paging(30),
});
export type AwardPageQuery = z.infer<typeof awardPageQuery>;

/** GET badge/user/awards and badge/user/awards/recent (?username). */
export const userAwardsQuery = z.object({ username: text({ max: 100 }) });

/** GET /answer/admin/api/badges (?page, page_size, status, q). */
export const adminBadgePageQuery = z.object({
  ...paging(),
  status: z.enum(['', 'active', 'inactive'], typeError).optional().default(''),
  q: z.string(typeError).trim().max(100).optional().default(''),
});
export type AdminBadgePageQuery = z.infer<typeof adminBadgePageQuery>;

/** PUT /answer/admin/api/badge/status (UpdateBadgeStatusReq). */
export const badgeStatusSchema = z.object({
  id: text({ max: 32 }),
  status: z.enum(['active', 'inactive'], {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === '' ? 'validation.required' : 'error.common.status_invalid',
  }),
});
export type BadgeStatusInput = z.infer<typeof badgeStatusSchema>;
