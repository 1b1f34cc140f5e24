import type { DbOrTrx } from '../../db/database.js';
import { MAIL_STATUS, USER_STATUS } from '../../contract/enums.js';

/** The meta key the importer marks imported objects with ("<host>/<kind>/<id>"); users are kinds u and n. */
const SOURCE_KEY = 'stackexchange.source';

/** Of some users, the imported ones (by id) with whether they can still be claimed (no password set yet). */
export async function importedUsers(db: DbOrTrx, ids: number[]): Promise<Map<number, { claimable: boolean; site: string }>> {
  const out = new Map<number, { claimable: boolean; site: string }>();
  if (ids.length === 0) return out;
  const sources = await db
    .selectFrom('meta')
    .select(['object_id', 'value'])
    .where('key', '=', SOURCE_KEY)
    .where('object_id', 'in', ids.map(String))
    .execute();
  const imported = sources.filter((r) => /^[^/]+\/[un]\//.test(r.value));
  if (imported.length === 0) return out;
  const users = await db
    .selectFrom('user')
    .select(['id', 'pass', 'status'])
    .where(
      'id',
      'in',
      imported.map((r) => Number(r.object_id)),
    )
    .execute();
  for (const u of users) {
    const source = imported.find((r) => r.object_id === String(u.id))!;
    out.set(u.id, { claimable: u.pass === '' && u.status !== USER_STATUS.deleted, site: source.value.split('/')[0] ?? '' });
  }
  return out;
}

/** A live (unused, unexpired) claim code by its hash, without using it up. */
export async function peekClaimCode(
  db: DbOrTrx,
  codeHash: string,
  now: number,
): Promise<{ user_id: number; expires_at: number } | undefined> {
  return db
    .selectFrom('email_code')
    .select(['user_id', 'expires_at'])
    .where('code_hash', '=', codeHash)
    .where('action', '=', 'claim')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** When a user's live claim code expires (the newest), or undefined. */
export async function claimExpiry(db: DbOrTrx, userId: number, now: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('email_code')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('action', '=', 'claim')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row?.expires_at;
}

/** Makes a claimed account its new owner's: e-mail (verified) and password; no code of it is left. */
export async function takeOver(db: DbOrTrx, userId: number, u: { e_mail: string; pass: string; now: number }): Promise<void> {
  await db
    .updateTable('user')
    .set({ e_mail: u.e_mail, pass: u.pass, mail_status: MAIL_STATUS.verified, last_login_date: u.now, updated_at: u.now })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('email_code').where('user_id', '=', userId).where('action', '=', 'claim').execute();
}
