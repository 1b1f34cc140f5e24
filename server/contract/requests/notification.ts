import { z } from 'zod';
import { msg, paging, text } from './fields.js';

const notificationType = z.enum(['inbox', 'achievement'], {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ''
      ? 'validation.required'
      : msg('validation.one_of', { options: 'inbox, achievement' }),
});

/** GET notification/page: type is required; an unknown inbox_type lists everything (as the reference does). */
export const notificationPageQuery = z.object({
  ...paging(10),
  type: notificationType,
  inbox_type: z.enum(['all', 'posts', 'invites', 'votes']).catch('all').optional().default('all'),
});
export type NotificationPageQuery = z.infer<typeof notificationPageQuery>;

/** PUT notification/status and PUT notification/read/state/all (NotificationClearRequest). */
export const notificationTypeSchema = z.object({ type: notificationType });

/** PUT notification/read/state (NotificationClearIDRequest). */
export const notificationIdSchema = z.object({ id: text({ max: 32 }) });
