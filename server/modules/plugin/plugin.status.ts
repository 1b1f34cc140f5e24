import type { DbOrTrx } from '../../db/database.js';
import { readConfigValue, writeConfigValue } from '../config/config.repository.js';

/** The stored on/off map of plugins (config `plugin.status`). */
export async function readPluginStatus(db: DbOrTrx): Promise<Record<string, boolean>> {
  try {
    const parsed = JSON.parse(await readConfigValue(db, 'plugin.status', '{}')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean')) as Record<string, boolean>;
  } catch {
    return {};
  }
}

/** Whether a plugin is on; built-in plugins have a default. */
export async function isPluginEnabled(db: DbOrTrx, slug: string, defaultOn: boolean): Promise<boolean> {
  const status = await readPluginStatus(db);
  return typeof status[slug] === 'boolean' ? status[slug] : defaultOn;
}

/** Switches a plugin on or off. */
export async function setPluginEnabled(db: DbOrTrx, slug: string, enabled: boolean): Promise<void> {
  const status = await readPluginStatus(db);
  status[slug] = enabled;
  await writeConfigValue(db, 'plugin.status', JSON.stringify(status));
}

/** Switches several plugins at once. */
export async function setPluginsEnabled(db: DbOrTrx, changes: Record<string, boolean>): Promise<void> {
  const status = await readPluginStatus(db);
  await writeConfigValue(db, 'plugin.status', JSON.stringify({ ...status, ...changes }));
}
