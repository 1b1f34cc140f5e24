import { api, V1 } from '../client';
import type { CaptchaRecord, CurrentUser } from './types';

/** GET user/info: the caller, or null. */
export const fetchCurrentUser = () => api.get<CurrentUser | null>(`${V1}/user/info`, undefined, { handleErrors: true });

/** GET user/action/record: whether the action needs a captcha, with a fresh image if so. */
export const fetchCaptcha = (action: string) => api.get<CaptchaRecord>(`${V1}/user/action/record`, { action });
