import { z } from 'zod';
import { flag, msg } from './fields.js';

/** A time of day as the schedule stores it: "HH:MM", 24-hour, local time. */
export const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The longest folder path accepted (longer than any the operating systems allow). */
export const MAX_FOLDER_LENGTH = 1024;

/**
 * PUT admin exports/schedule: on or off, the folder (absolute, as `isAbsolute` of the server's
 * platform says: the contract imports no node:path; whether it can be written is checked by the
 * service), the time of day and which exports to write (at least one when on).
 */
export const exportScheduleSchemaWith = (isAbsolute: (path: string) => boolean) =>
  z
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
/** PUT exports/schedule's body as the schema takes it. */
export type ExportScheduleBody = z.input<ReturnType<typeof exportScheduleSchemaWith>>;
export type ExportScheduleInput = z.infer<ReturnType<typeof exportScheduleSchemaWith>>;
