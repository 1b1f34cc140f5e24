import type { DbOrTrx } from '../../db/database.js';
import { findGroup, saveGroup } from '../config/site-info.repository.js';

// Plugin settings live in site_info rows of their own type (the settings groups ignore unknown types):
// plugin_config.<slug> holds the admin settings, plugin_user_config.<slug> a map of user id to settings.
const configType = (slug: string) => `plugin_config.${slug}`;
const userConfigType = (slug: string) => `plugin_user_config.${slug}`;
const USER_CONFIG_PREFIX = 'plugin_user_config.';

function parseObject(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function readDoc(db: DbOrTrx, type: string): Promise<Record<string, unknown>> {
  return parseObject(await findGroup(db, type));
}

async function writeDoc(db: DbOrTrx, type: string, value: Record<string, unknown>, now: number): Promise<void> {
  await saveGroup(db, type, JSON.stringify(value), now);
}

/** A plugin's saved admin settings ({} when none). */
export async function readPluginConfig(db: DbOrTrx, slug: string): Promise<Record<string, unknown>> {
  return readDoc(db, configType(slug));
}

/** Saves a plugin's admin settings (the whole form). */
export async function writePluginConfig(db: DbOrTrx, slug: string, value: Record<string, unknown>, now: number): Promise<void> {
  await writeDoc(db, configType(slug), value, now);
}

/** One user's saved settings of a plugin ({} when none). */
export async function readUserPluginConfig(db: DbOrTrx, slug: string, userId: number): Promise<Record<string, unknown>> {
  const all = await readDoc(db, userConfigType(slug));
  return parseObject(JSON.stringify(all[String(userId)] ?? {}));
}

/** Saves one user's settings of a plugin. */
export async function writeUserPluginConfig(
  db: DbOrTrx,
  slug: string,
  userId: number,
  value: Record<string, unknown>,
  now: number,
): Promise<void> {
  const all = await readDoc(db, userConfigType(slug));
  all[String(userId)] = value;
  await writeDoc(db, userConfigType(slug), all, now);
}

/** Forgets every plugin setting of a user (account deletion). */
export async function deleteUserPluginConfigs(db: DbOrTrx, userIds: number[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await db.selectFrom('site_info').select(['type', 'content']).where('type', 'like', `${USER_CONFIG_PREFIX}%`).execute();
  for (const row of rows) {
    const all = parseObject(row.content);
    let changed = false;
    for (const id of userIds) {
      if (String(id) in all) {
        delete all[String(id)];
        changed = true;
      }
    }
    if (changed) await writeDoc(db, row.type, all, now);
  }
}
