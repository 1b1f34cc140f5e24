import { api, V1 } from '../client';
import type { CaptchaFields } from './types';

// One function per account call; pages wrap them in useMutation with their own onSuccess.
/** POST user/login/email. */
export const loginByEmail = (body: { e_mail: string; pass: string } & CaptchaFields) =>
  api.post(`${V1}/user/login/email`, body, { handleErrors: true });
/** POST user/register/email. */
export const registerByEmail = (body: { name: string; e_mail: string; pass: string } & CaptchaFields) =>
  api.post(`${V1}/user/register/email`, body, { handleErrors: true });
/** POST user/email/verification. */
export const verifyEmail = (code: string) => api.post(`${V1}/user/email/verification`, { code }, { handleErrors: true });
/** POST user/email/verification/send. */
export const resendActivation = (body: CaptchaFields) => api.post(`${V1}/user/email/verification/send`, body, { handleErrors: true });
/** POST user/password/reset. */
export const requestPasswordReset = (body: { e_mail: string } & CaptchaFields) =>
  api.post(`${V1}/user/password/reset`, body, { handleErrors: true });
/** POST user/password/replacement. */
export const replacePassword = (body: { code: string; pass: string }) =>
  api.post(`${V1}/user/password/replacement`, body, { handleErrors: true });
/** POST user/email/change/code. */
export const requestEmailChange = (body: { e_mail: string; pass?: string } & CaptchaFields) =>
  api.post(`${V1}/user/email/change/code`, body, { handleErrors: true });
/** PUT user/email. */
export const confirmEmailChange = (code: string) => api.put(`${V1}/user/email`, { code }, { handleErrors: true });
/** PUT user/notification/unsubscribe. */
export const unsubscribe = (code: string) => api.put(`${V1}/user/notification/unsubscribe`, { code }, { handleErrors: true });
/** GET user/logout. */
export const logout = () => api.get(`${V1}/user/logout`, undefined, { handleErrors: true });
