import { SITE_INFO_STATUS } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';

/** Stores a captcha answer. */
export async function insertCaptcha(
  db: DbOrTrx,
  row: { id: string; answer: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('captcha').values(row).execute();
}

/**
 * Takes (deletes and returns) a captcha's answer: each captcha is good for one try. One statement,
 * so two requests sent at once with the same captcha cannot both read its answer.
 */
export async function takeCaptcha(db: DbOrTrx, id: string, now: number): Promise<string | undefined> {
  const row = await db.deleteFrom('captcha').where('id', '=', id).returning(['answer', 'expires_at']).executeTakeFirst();
  await deleteExpiredCaptchas(db, now);
  return row && row.expires_at > now ? row.answer : undefined;
}

/** Deletes the captchas past their expiry (asked for and never answered). */
export async function deleteExpiredCaptchas(db: DbOrTrx, now: number): Promise<void> {
  await db.deleteFrom('captcha').where('expires_at', '<=', now).execute();
}

/**
 * Marks a proof-of-work challenge used; false when it already was. One statement, so two requests
 * sent at once with the same solution cannot both pass.
 */
export async function spendChallenge(db: DbOrTrx, id: string, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('captcha_spent')
    .values({ id, expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the used challenges past their expiry (a replay of one is refused as expired by then). */
export async function deleteExpiredSpent(db: DbOrTrx, now: number): Promise<void> {
  await db.deleteFrom('captcha_spent').where('expires_at', '<=', now).execute();
}

// the site's captcha signing key: a site_info row of its own type (the settings groups ignore it)
const SECRET_TYPE = 'captcha_secret';

/** The site's captcha signing key, if one was made. */
export async function findCaptchaSecret(db: DbOrTrx): Promise<string | undefined> {
  const row = await db.selectFrom('site_info').select('content').where('type', '=', SECRET_TYPE).executeTakeFirst();
  return row?.content;
}

/** Stores a signing key unless one is there already (the first of two racing processes wins). */
export async function insertCaptchaSecret(db: DbOrTrx, key: string, now: number): Promise<void> {
  await db
    .insertInto('site_info')
    .values({ type: SECRET_TYPE, content: key, status: SITE_INFO_STATUS.available, updated_at: now })
    .onConflict((oc) => oc.column('type').doNothing())
    .execute();
}

/** Deletes the action counters of the days before `day` (a counter is read on its own day only). */
export async function deleteRecordsBefore(db: DbOrTrx, day: string): Promise<void> {
  await db.deleteFrom('action_record').where('day', '<', day).execute();
}

/** The action counter of a unit for today. */
export async function findRecord(db: DbOrTrx, unit: string, action: string, day: string) {
  return db
    .selectFrom('action_record')
    .selectAll()
    .where('unit', '=', unit)
    .where('action', '=', action)
    .where('day', '=', day)
    .executeTakeFirst();
}

/** Adds one to a unit's action counter. */
export async function bumpRecord(db: DbOrTrx, unit: string, action: string, day: string, now: number): Promise<void> {
  await db
    .insertInto('action_record')
    .values({ unit, action, day, count: 1, first_at: now, last_at: now })
    .onConflict((oc) =>
      oc.columns(['unit', 'action', 'day']).doUpdateSet((eb) => ({ count: eb('action_record.count', '+', 1), last_at: now })),
    )
    .execute();
}

/** Clears a unit's counter (after a successful login, say). */
export async function clearRecord(db: DbOrTrx, unit: string, action: string): Promise<void> {
  await db.deleteFrom('action_record').where('unit', '=', unit).where('action', '=', action).execute();
}
