import { api, V1 } from '../client';
import { canRunAltcha } from '../../utils/secure-context';
import type { CaptchaAction } from './types';

/** GET user/info: the caller, or null. */
export const fetchCurrentUser = () => api.get(`${V1}/user/info`, undefined, { handleErrors: true });

/**
 * GET user/action/record: whether the action needs a captcha, with a fresh one if so: an altcha
 * challenge where the page can run its proof of work, else the image code stock clients get.
 */
export const fetchCaptcha = (action: CaptchaAction) =>
  api.get(`${V1}/user/action/record`, canRunAltcha() ? { action, captcha_kind: 'altcha' } : { action });
