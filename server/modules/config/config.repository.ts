// The config rows (key, value): the shared lower module every module may read (lint: lantern/module-boundaries); it imports no other module.
import type { DbOrTrx } from '../../db/database.js';

/** A config value by key, or the fallback. */
export async function readConfigValue(db: DbOrTrx, key: string, fallback = ''): Promise<string> {
  const row = await db.selectFrom('config').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? fallback;
}

/** Several config values by key. */
export async function readConfigValues(db: DbOrTrx, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('config').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** The ids of the config rows with these keys (keys without a row are left out). */
export async function readConfigIds(db: DbOrTrx, keys: string[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db.selectFrom('config').select('id').where('key', 'in', keys).execute();
  return rows.map((r) => r.id);
}

/** Writes a config value, adding the row when the key is new. */
export async function upsertConfigValue(db: DbOrTrx, key: string, value: string): Promise<void> {
  await db
    .insertInto('config')
    .values({ key, value } as { id: number; key: string; value: string })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Updates a config value by key (the row must exist: ids are fixed). */
export async function writeConfigValue(db: DbOrTrx, key: string, value: string): Promise<void> {
  await db.updateTable('config').set({ value }).where('key', '=', key).execute();
}
