import { z } from 'zod';
import { msg } from './fields.js';

const oneOf = (options: string[]) =>
  z.enum(options as [string, ...string[]], {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? 'validation.required' : msg('validation.one_of', { options: options.join(', ') }),
  });

/** GET reasons. */
export const reasonsQuery = z.object({
  object_type: oneOf(['question', 'answer', 'comment', 'user']),
  action: oneOf(['status', 'close', 'flag', 'review']),
});
export type ReasonsQuery = z.infer<typeof reasonsQuery>;
