import { z } from 'zod';
import { flag, text } from './fields.js';

/** GET activity/timeline (tag_slug_name and object_type are listed by the swagger but not read). */
export const timelineQuery = z.object({
  object_id: text({ max: 32 }),
  show_vote: flag.optional().catch(false),
  tag_slug_name: z.string().max(100).optional(),
  object_type: z.string().max(20).optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

const revisionId = (required: boolean) =>
  z.preprocess(
    (v) =>
      v === undefined || v === '' ? (required ? undefined : 0) : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.type') })
      .int('validation.type')
      .min(required ? 1 : 0, 'validation.type'),
  );

/** GET activity/timeline/detail. */
export const timelineDetailQuery = z.object({ new_revision_id: revisionId(true), old_revision_id: revisionId(false) });
export type TimelineDetailQuery = z.infer<typeof timelineDetailQuery>;
