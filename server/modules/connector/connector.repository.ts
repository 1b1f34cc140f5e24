import type { DbOrTrx } from '../../db/database.js';
import { findGroupJson, saveGroupJson } from '../config/site-info.repository.js';
import { hashToken } from '../../infra/tokens.js';
import type { ExternalUserInfo } from '../plugin/plugin.registry.js';

// A sign-in that waits for an email address lives in a site_info document `connector_binding.<hash>`
// (the settings groups ignore unknown types); the bindings made are the external-login module's.
const BINDING_PREFIX = 'connector_binding.';

/** A sign-in waiting for an email (the reference caches it under the binding key). */
export interface PendingBinding extends ExternalUserInfo {
  provider: string;
}

const bindingType = (key: string) => `${BINDING_PREFIX}${hashToken(key).slice(0, 40)}`;

/** Keeps a sign-in under a binding key until it expires. */
export async function savePendingBinding(db: DbOrTrx, key: string, info: PendingBinding, expiresAt: number, now: number): Promise<void> {
  await db
    .deleteFrom('site_info')
    .where('type', 'like', `${BINDING_PREFIX}%`)
    .where('updated_at', '<', now - 24 * 3600)
    .execute();
  await saveGroupJson(db, bindingType(key), { info, expires_at: expiresAt }, now);
}

/** The sign-in of a live binding key. */
export async function findPendingBinding(db: DbOrTrx, key: string, now: number): Promise<PendingBinding | undefined> {
  if (!key || key.length > 200) return undefined;
  const doc = (await findGroupJson(db, bindingType(key))) as { info?: PendingBinding; expires_at?: number } | undefined;
  if (!doc || !doc.info || typeof doc.expires_at !== 'number' || doc.expires_at <= now) return undefined;
  if (typeof doc.info.provider !== 'string' || typeof doc.info.external_id !== 'string' || !doc.info.external_id) return undefined;
  return doc.info;
}

/** Forgets a binding key. */
export async function deletePendingBinding(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('site_info').where('type', '=', bindingType(key)).execute();
}
