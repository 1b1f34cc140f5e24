import { z } from 'zod';

/** GET permission?action=a,b. */
export const permissionQuerySchema = z.object({ action: z.string().max(2000).optional().default('') });
