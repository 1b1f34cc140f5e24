import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { flag } from '../../http/fields.js';
import { msg } from '../../http/validate.js';

/** A time of day as the schedule stores it: "HH:MM", 24-hour, local time. */
export const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The longest folder path accepted (longer than any the operating systems allow). */
export const MAX_FOLDER_LENGTH = 1024;

/**
 * PUT admin exports/schedule: on or off, the folder (absolute; whether it can be written is
 * checked by the service), the time of day and which exports to write (at least one when on).
 */
export const exportScheduleSchema = z
  .object({
    enabled: flag,
    folder: z
      .string({ error: 'validation.type' })
      .trim()
      .max(MAX_FOLDER_LENGTH, msg('validation.max_length', { max: MAX_FOLDER_LENGTH }))
      .refine((v) => v === '' || isAbsolute(v), 'error.export.folder_not_absolute'),
    time: z.string({ error: 'validation.type' }).regex(TIME_OF_DAY, 'validation.type'),
    kinds: z
      .object({ archive: flag, backup: flag, se: flag })
      .strict()
      .refine((k) => k.archive || k.backup || k.se, 'error.export.nothing_chosen'),
  })
  .strict()
  .refine((s) => !s.enabled || s.folder !== '', { message: 'validation.required', path: ['folder'] });
export type ExportScheduleInput = z.infer<typeof exportScheduleSchema>;
