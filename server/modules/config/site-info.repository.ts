// The settings groups (site_info rows), in the shared lower module config: settings are read by nearly every module.
import type { DbOrTrx } from '../../db/database.js';
import { SITE_INFO_STATUS } from '../../contract/enums.js';

/** Reads one settings group's stored JSON, or undefined. */
export async function findGroup(db: DbOrTrx, type: string): Promise<string | undefined> {
  const row = await db.selectFrom('site_info').select('content').where('type', '=', type).executeTakeFirst();
  return row?.content;
}

/** Writes (inserts or replaces) one settings group. */
export async function saveGroup(db: DbOrTrx, type: string, content: string, now: number): Promise<void> {
  await db
    .insertInto('site_info')
    .values({ type, content, status: SITE_INFO_STATUS.available, updated_at: now })
    .onConflict((oc) => oc.column('type').doUpdateSet({ content, updated_at: now }))
    .execute();
}

/** Reads one stored JSON document of site_info parsed, or undefined (none stored, or not JSON). */
export async function findGroupJson(db: DbOrTrx, type: string): Promise<unknown> {
  const content = await findGroup(db, type);
  if (content === undefined) return undefined;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes (inserts or replaces) one JSON document of site_info. */
export async function saveGroupJson(db: DbOrTrx, type: string, value: unknown, now: number): Promise<void> {
  await saveGroup(db, type, JSON.stringify(value), now);
}

/** Reads every stored group at once. */
export async function findAllGroups(db: DbOrTrx): Promise<Map<string, string>> {
  const rows = await db.selectFrom('site_info').select(['type', 'content']).execute();
  return new Map(rows.map((r) => [r.type, r.content]));
}
