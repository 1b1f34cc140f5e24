import type { DbOrTrx } from '../../db/database.js';
import type { RoleId } from '../../contract/enums.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/tables/user.table.js';

/** A user by id (any status). */
export async function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user by email, compared case-insensitively. */
export async function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('e_mail', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** A user by username. */
export async function findUserByUsername(db: DbOrTrx, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('username', '=', username).executeTakeFirst();
}

/** Inserts a user; returns the new id. */
export async function insertUser(db: DbOrTrx, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('user')
    .values({ ...user, e_mail: user.e_mail.trim().toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates columns of a user. */
export async function updateUser(db: DbOrTrx, id: number, patch: UserUpdate): Promise<void> {
  const values = patch.e_mail ? { ...patch, e_mail: patch.e_mail.trim().toLowerCase() } : patch;
  await db.updateTable('user').set(values).where('id', '=', id).execute();
}

/** A user's role id (1 when no row). */
export async function findUserRole(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db.selectFrom('user_role_rel').select('role_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.role_id ?? 1;
}

/** Sets a user's role. */
export async function setUserRole(db: DbOrTrx, userId: number, roleId: RoleId): Promise<void> {
  await db
    .insertInto('user_role_rel')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role_id: roleId }))
    .execute();
}

/** Writes a user's notification config for one source. */
export async function upsertNotificationConfig(
  db: DbOrTrx,
  userId: number,
  source: string,
  channels: unknown,
  enabled: boolean,
): Promise<void> {
  const value = { user_id: userId, source, channels: JSON.stringify(channels), enabled: enabled ? 1 : 0 };
  await db
    .insertInto('user_notification_config')
    .values(value)
    .onConflict((oc) => oc.columns(['user_id', 'source']).doUpdateSet({ channels: value.channels, enabled: value.enabled }))
    .execute();
}

/** Users by id (unknown ids are left out). */
export async function findUsersByIds(db: DbOrTrx, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('user').selectAll().where('id', 'in', ids).execute();
}

/** A user's notification configs by source. */
export async function findNotificationConfigs(db: DbOrTrx, userId: number) {
  return db.selectFrom('user_notification_config').selectAll().where('user_id', '=', userId).execute();
}
