import { z } from 'zod';

/** GET personal/user/info and friends: a username (empty when missing). */
export const usernameQuery = z.object({ username: z.string().trim().max(100).optional().default('') });
/** GET user/staff: a username and how many staff members. */
export const staffQuery = usernameQuery.extend({ page_size: z.coerce.number().int().min(1).max(50).optional().default(10) });
