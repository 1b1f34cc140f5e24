import { z } from 'zod';
import { text } from './fields.js';

/** GET user-center/personal/branding (GetOtherUserInfoByUsernameReq). */
export const brandingQuery = z.object({ username: text({ max: 100 }) });
