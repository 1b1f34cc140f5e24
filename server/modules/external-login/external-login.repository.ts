import type { DbOrTrx } from '../../db/database.js';
import { findGroupJson, saveGroupJson } from '../config/site-info.repository.js';

// Without a table of their own, third-party logins live in a site_info document (the settings groups
// ignore unknown types): `external_login` holds every binding of a platform account to a user.
const LOGINS_TYPE = 'external_login';

/** A user's account on a third-party platform (the reference's user_external_login row). */
export interface ExternalLogin {
  provider: string;
  external_id: string;
  user_id: number;
  meta_info: string;
  created_at: number;
}

function isLogin(v: unknown): v is ExternalLogin {
  const o = v as ExternalLogin;
  return !!o && typeof o.provider === 'string' && typeof o.external_id === 'string' && typeof o.user_id === 'number';
}

/** Every stored binding. */
export async function allExternalLogins(db: DbOrTrx): Promise<ExternalLogin[]> {
  const doc = await findGroupJson(db, LOGINS_TYPE);
  return Array.isArray(doc) ? doc.filter(isLogin) : [];
}

async function saveLogins(db: DbOrTrx, list: ExternalLogin[], now: number): Promise<void> {
  await saveGroupJson(db, LOGINS_TYPE, list, now);
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
