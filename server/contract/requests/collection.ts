import { z } from 'zod';
import { flag, paging, text } from './fields.js';

/** POST collection/switch (CollectionSwitchReq); group_id is required but, as in the reference, the default group is used. */
export const collectionSwitchSchema = z.object({
  object_id: text({ max: 64 }),
  group_id: z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), text({ max: 64 })),
  bookmark: flag.optional().default(false),
});
export type CollectionSwitchInput = z.infer<typeof collectionSwitchSchema>;

/** GET personal/collection/page. */
export const collectionPageQuery = z.object({
  ...paging(),
});
