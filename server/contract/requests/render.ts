import { z } from 'zod';
import { msg } from './fields.js';

/** POST post/render: the editor's preview. */
export const renderSchema = z.object({
  content: z.string({ error: 'validation.required' }).max(65535, msg('validation.max_length', { max: 65535 })),
});
