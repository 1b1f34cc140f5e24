import type { DbOrTrx } from '../../db/database.js';
import type { Selectable } from 'kysely';
import type { ApiKeyTable } from '../../db/tables/api-key.table.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { ROLE } from '../../contract/enums.js';

/** One stored key (its hash included: never sent out). */
export type ApiKeyRow = Selectable<ApiKeyTable>;

/** Stores a new key; returns its id. */
export async function insertApiKey(db: DbOrTrx, row: Omit<ApiKeyRow, 'id'>): Promise<number> {
  const r = await db.insertInto('api_key').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Keys of one kind, optionally of one user, oldest first. */
export async function listApiKeys(db: DbOrTrx, kind: string, userId?: number): Promise<ApiKeyRow[]> {
  let q = db.selectFrom('api_key').selectAll().where('kind', '=', kind);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.orderBy('id').execute();
}

/** Changes a key's description; `userId` narrows to one owner. Returns whether a row changed. */
export async function updateApiKeyDescription(
  db: DbOrTrx,
  where: { id: number; kind: string; userId?: number },
  description: string,
  now: number,
): Promise<boolean> {
  let q = db.updateTable('api_key').set({ description, updated_at: now }).where('id', '=', where.id).where('kind', '=', where.kind);
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a key; `userId` narrows to one owner. Returns whether a row went. */
export async function deleteApiKey(db: DbOrTrx, where: { id: number; kind: string; userId?: number }): Promise<boolean> {
  let q = db.deleteFrom('api_key').where('id', '=', where.id).where('kind', '=', where.kind);
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The key with this hash, with its owner and the owner's role, or undefined. */
export async function findApiKeyOwner(
  db: DbOrTrx,
  keyHash: string,
): Promise<{ key: Pick<ApiKeyRow, 'id' | 'kind' | 'scope' | 'last_used_at'>; user: UserRow; role_id: number } | undefined> {
  const row = await db
    .selectFrom('api_key as k')
    .innerJoin('user as u', 'u.id', 'k.user_id')
    .leftJoin('user_role_rel as r', 'r.user_id', 'u.id')
    .selectAll('u')
    .select(['k.id as key_id', 'k.kind as key_kind', 'k.scope as key_scope', 'k.last_used_at as key_last_used_at', 'r.role_id'])
    .where('k.key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { key_id, key_kind, key_scope, key_last_used_at, role_id, ...user } = row;
  return {
    key: { id: Number(key_id), kind: key_kind, scope: key_scope, last_used_at: Number(key_last_used_at) },
    user: user as UserRow,
    role_id: role_id ?? ROLE.user,
  };
}

/** Records a use, at most once per `minGap` seconds (the condition makes concurrent writers agree). */
export async function touchApiKey(db: DbOrTrx, id: number, now: number, minGap: number): Promise<void> {
  await db
    .updateTable('api_key')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where('last_used_at', '<=', now - minGap)
    .execute();
}
