import { api, V1 } from '../client';

/** The answer of POST connector/binding/email. */
export interface BindingEmailResp {
  /** The address belongs to an account already: ask before binding to it. */
  email_exist_and_must_be_confirmed: boolean;
  /** Set when a new account was made (logged in at once). */
  access_token: string;
}

/** POST connector/binding/email: the email for a third-party sign-in that brought none. */
export const bindingEmail = (body: { binding_key: string; email: string; must?: boolean }) =>
  api.post<BindingEmailResp>(`${V1}/connector/binding/email`, body, { handleErrors: true });
