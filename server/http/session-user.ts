import type { UserRow } from '../db/tables/user.table.js';

/** The caller, as the auth middleware resolves it from the access token. */
export interface SessionUser {
  user: UserRow;
  role_id: number;
  tokenHash: string;
}
