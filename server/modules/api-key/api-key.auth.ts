import type { AppContext } from '../../app-context.js';
import { USER_STATUS } from '../../contract/enums.js';
import type { Db } from '../../db/database.js';
import { isSuspended } from '../../http/auth.js';
import type { ApiKeyCaller, ApiKeyResolver } from '../../http/api-key-caller.js';
import type { SessionUser } from '../../http/session-user.js';
import type { Clock } from '../../infra/clock.js';
import { hashToken } from '../../infra/tokens.js';
import { findApiKeyOwner, touchApiKey } from './api-key.repository.js';

export type { ApiKeyCaller };

/** Answer's prefix of an API key ("sk_"); tokens without it are never looked up as keys. */
export const API_KEY_PREFIX = 'sk_';

/** A key's last use is written at most this often (seconds): reads stay reads. */
export const LAST_USED_GAP_SECONDS = 60;

async function resolveWith(db: Db, clock: Clock, rawToken: string): Promise<{ caller: ApiKeyCaller; session: SessionUser } | undefined> {
  if (!rawToken.startsWith(API_KEY_PREFIX) || rawToken.length > 256) return undefined;
  // the lookup is by the SHA-256 of the whole key: no stored secret is compared character by character
  const keyHash = hashToken(rawToken);
  const found = await findApiKeyOwner(db, keyHash);
  if (!found) return undefined;
  const now = clock.now();
  // a key acts only while its owner could act: a deleted or suspended owner's keys stop working
  if (found.user.status === USER_STATUS.deleted) return undefined;
  const session: SessionUser = { user: found.user, role_id: found.role_id, tokenHash: keyHash };
  if (isSuspended(session, now)) return undefined;
  if (found.key.last_used_at <= now - LAST_USED_GAP_SECONDS) await touchApiKey(db, found.key.id, now, LAST_USED_GAP_SECONDS);
  const caller: ApiKeyCaller = {
    keyId: found.key.id,
    scope: found.key.scope === 'global' ? 'global' : 'read-only',
    userId: found.user.id,
    kind: found.key.kind === 'admin' ? 'admin' : 'personal',
  };
  return { caller, session };
}

/**
 * The live API key a raw Authorization token names, and the session of the user it acts as (the
 * key's owner, with the owner's current role), or undefined (not a key, revoked, owner gone or
 * suspended). Records the key's last use, at most once a minute.
 */
export async function resolveApiKey(
  ctx: AppContext,
  rawToken: string,
): Promise<{ caller: ApiKeyCaller; session: SessionUser } | undefined> {
  return resolveWith(ctx.db, ctx.clock, rawToken);
}

/** The resolver the app context holds (server/http/auth.ts knows no module, so it calls this). */
export function createApiKeyResolver(db: Db, clock: Clock): ApiKeyResolver {
  return (rawToken) => resolveWith(db, clock, rawToken);
}
