import { z } from 'zod';
import { flag, msg } from './fields.js';

/** PUT backups/schedule: a daily backup at an hour (0-23, local time), keeping the newest 1-365. */
export const scheduleSchema = z.object({
  enabled: flag,
  hour: z.coerce
    .number({ error: 'validation.type' })
    .int(msg('validation.type'))
    .min(0, msg('validation.range', { min: 0, max: 23 }))
    .max(23, msg('validation.range', { min: 0, max: 23 })),
  keep: z.coerce
    .number({ error: 'validation.type' })
    .int(msg('validation.type'))
    .min(1, msg('validation.range', { min: 1, max: 365 }))
    .max(365, msg('validation.range', { min: 1, max: 365 })),
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;
