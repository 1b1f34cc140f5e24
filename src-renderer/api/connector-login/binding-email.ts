import { api, V1 } from '../client';

/** The answer of POST connector/binding/email (the API contract's). */
export type { BindingEmailResp } from '../../../server/contract/api/connector';

/** POST connector/binding/email: the email for a third-party sign-in that brought none. */
export const bindingEmail = (body: { binding_key: string; email: string; must?: boolean }) =>
  api.post(`${V1}/connector/binding/email`, body, { handleErrors: true });
