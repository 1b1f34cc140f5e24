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
