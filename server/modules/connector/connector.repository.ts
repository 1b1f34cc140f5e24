import type { DbOrTrx } from '../../db/database.js';
import { findGroup, saveGroup } from '../config/site-info.repository.js';
import { hashToken } from '../../infra/tokens.js';
import type { ExternalUserInfo } from '../plugin/plugin.registry.js';

// Without a table of their own, third-party logins live in site_info documents (the settings groups
// ignore unknown types): `external_login` holds every binding, `connector_binding.<hash>` one pending
// sign-in that waits for an email address.
const LOGINS_TYPE = 'external_login';
const BINDING_PREFIX = 'connector_binding.';

/** A user's account on a third-party platform (the reference's user_external_login row). */
export interface ExternalLogin {
  provider: string;
  external_id: string;
  user_id: number;
  meta_info: string;
  created_at: number;
}

/** A sign-in waiting for an email (the reference caches it under the binding key). */
export interface PendingBinding extends ExternalUserInfo {
  provider: string;
}

async function readContent(db: DbOrTrx, type: string): Promise<unknown> {
  const content = await findGroup(db, type);
  if (content === undefined) return undefined;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}

async function writeContent(db: DbOrTrx, type: string, value: unknown, now: number): Promise<void> {
  await saveGroup(db, type, JSON.stringify(value), now);
}

function isLogin(v: unknown): v is ExternalLogin {
  const o = v as ExternalLogin;
  return !!o && typeof o.provider === 'string' && typeof o.external_id === 'string' && typeof o.user_id === 'number';
}

/** Every stored binding. */
export async function allExternalLogins(db: DbOrTrx): Promise<ExternalLogin[]> {
  const doc = await readContent(db, LOGINS_TYPE);
  return Array.isArray(doc) ? doc.filter(isLogin) : [];
}

async function saveLogins(db: DbOrTrx, list: ExternalLogin[], now: number): Promise<void> {
  await writeContent(db, LOGINS_TYPE, list, now);
}

/** The binding of a platform account, if any. */
export async function findExternalLogin(db: DbOrTrx, provider: string, externalId: string): Promise<ExternalLogin | undefined> {
  return (await allExternalLogins(db)).find((l) => l.provider === provider && l.external_id === externalId);
}

/** A user's bindings. */
export async function userExternalLogins(db: DbOrTrx, userId: number): Promise<ExternalLogin[]> {
  return (await allExternalLogins(db)).filter((l) => l.user_id === userId);
}

/** Binds a platform account to a user (moving it if it was bound to someone else). */
export async function saveExternalLogin(db: DbOrTrx, login: Omit<ExternalLogin, 'created_at'>, now: number): Promise<void> {
  const list = (await allExternalLogins(db)).filter((l) => !(l.provider === login.provider && l.external_id === login.external_id));
  list.push({ ...login, created_at: now });
  await saveLogins(db, list, now);
}

/** Removes one of a user's bindings; returns whether there was one. */
export async function deleteExternalLogin(db: DbOrTrx, userId: number, externalId: string, now: number): Promise<boolean> {
  const list = await allExternalLogins(db);
  const kept = list.filter((l) => !(l.user_id === userId && l.external_id === externalId));
  if (kept.length !== list.length) await saveLogins(db, kept, now);
  return kept.length !== list.length;
}

/** Removes every binding of some users (account deletion). */
export async function deleteUsersExternalLogins(db: DbOrTrx, userIds: number[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  const ids = new Set(userIds);
  const list = await allExternalLogins(db);
  const kept = list.filter((l) => !ids.has(l.user_id));
  if (kept.length !== list.length) await saveLogins(db, kept, now);
}

const bindingType = (key: string) => `${BINDING_PREFIX}${hashToken(key).slice(0, 40)}`;

/** Keeps a sign-in under a binding key until it expires. */
export async function savePendingBinding(db: DbOrTrx, key: string, info: PendingBinding, expiresAt: number, now: number): Promise<void> {
  await db
    .deleteFrom('site_info')
    .where('type', 'like', `${BINDING_PREFIX}%`)
    .where('updated_at', '<', now - 24 * 3600)
    .execute();
  await writeContent(db, bindingType(key), { info, expires_at: expiresAt }, now);
}

/** The sign-in of a live binding key. */
export async function findPendingBinding(db: DbOrTrx, key: string, now: number): Promise<PendingBinding | undefined> {
  if (!key || key.length > 200) return undefined;
  const doc = (await readContent(db, bindingType(key))) as { info?: PendingBinding; expires_at?: number } | undefined;
  if (!doc || !doc.info || typeof doc.expires_at !== 'number' || doc.expires_at <= now) return undefined;
  if (typeof doc.info.provider !== 'string' || typeof doc.info.external_id !== 'string' || !doc.info.external_id) return undefined;
  return doc.info;
}

/** Forgets a binding key. */
export async function deletePendingBinding(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('site_info').where('type', '=', bindingType(key)).execute();
}
