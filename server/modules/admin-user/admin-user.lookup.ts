import type { DbOrTrx } from '../../db/database.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { badRequest } from '../../http/errors.js';
import { findUserById } from '../user/user-common.service.js';
import { USER_STATUS } from '../../contract/enums.js';

/** A user id from the API (decimal), or undefined for anything else. */
export function parseUserId(raw: string): number | undefined {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined;
}

/** A user that exists, or 400 error.user.not_found (the reference answers 400 here). */
export async function userOr400(db: DbOrTrx, raw: string, allowDeleted = false): Promise<UserRow> {
  const id = parseUserId(raw);
  const user = id ? await findUserById(db, id) : undefined;
  if (!user || (!allowDeleted && user.status === USER_STATUS.deleted)) throw badRequest('error.user.not_found');
  return user;
}
