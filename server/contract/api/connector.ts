/** GET connector/info (ConnectorInfoResp): a third-party login that is on. */
export interface ConnectorInfo {
  name: string;
  icon: string;
  link: string;
}

/** GET connector/user/info (ConnectorUserInfoResp): a connector and whether the caller's account is bound to it. */
export interface UserConnector extends ConnectorInfo {
  binding: boolean;
  external_id: string;
}

/** The answer of POST connector/binding/email. */
export interface BindingEmailResp {
  /** The address belongs to an account already: ask before binding to it. */
  email_exist_and_must_be_confirmed: boolean;
  /** Set when a new account was made (logged in at once). */
  access_token: string;
}
