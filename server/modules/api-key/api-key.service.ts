import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { ApiKeyCreated, ApiKeyInfo } from '../../contract/api/api-key.js';
import { hashToken } from '../../infra/tokens.js';
import { API_KEY_PREFIX } from './api-key.auth.js';
import { presentApiKey } from './api-key.presenter.js';
import * as repo from './api-key.repository.js';
import type { AddApiKeyBody, UpdateApiKeyBody } from './api-key.schema.js';

/** Whose keys a call manages: the admin keys (any admin) or one member's own keys. */
export type KeyOwner = { kind: 'admin' } | { kind: 'personal'; userId: number };

const scopeOf = (owner: KeyOwner) => ({ kind: owner.kind, userId: owner.kind === 'personal' ? owner.userId : undefined });

/** A new key: Answer's "sk_" prefix and 32 random bytes in hex. */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('hex');
}

/** The keys of an owner, masked. */
export async function listKeys(ctx: AppContext, owner: KeyOwner): Promise<ApiKeyInfo[]> {
  const s = scopeOf(owner);
  return (await repo.listApiKeys(ctx.db, s.kind, s.userId)).map(presentApiKey);
}

/** Makes a key acting as `userId`; the whole key is returned this once, only its hash is kept. */
export async function addKey(ctx: AppContext, owner: KeyOwner, userId: number, input: AddApiKeyBody): Promise<ApiKeyCreated> {
  const key = newApiKey();
  const now = ctx.clock.now();
  await repo.insertApiKey(ctx.db, {
    user_id: userId,
    kind: owner.kind,
    description: input.description,
    scope: input.scope,
    key_hash: hashToken(key),
    key_head: key.slice(0, 7),
    key_tail: key.slice(-4),
    created_at: now,
    updated_at: now,
    last_used_at: 0,
  });
  return { access_key: key };
}

/** Changes a key's description. */
export async function updateKey(ctx: AppContext, owner: KeyOwner, input: UpdateApiKeyBody): Promise<void> {
  // as Answer: an id that is not (or no longer) one of the owner's keys changes nothing, and is no error
  await repo.updateApiKeyDescription(ctx.db, { id: input.id, ...scopeOf(owner) }, input.description, ctx.clock.now());
}

/** Deletes (revokes) a key: the next request with it is refused. */
export async function deleteKey(ctx: AppContext, owner: KeyOwner, id: number): Promise<void> {
  await repo.deleteApiKey(ctx.db, { id, ...scopeOf(owner) });
}
