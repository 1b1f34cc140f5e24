import type { DbOrTrx } from '../../db/database.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { deleteUserCodes, findLiveCode, insertCode, markCodeUsed } from './email-code.repository.js';

/** What a code in an email link does. */
export type CodeAction = 'activation' | 'password_reset' | 'change_email' | 'unsubscribe' | 'claim';

// Longer than the reference's 10 minutes on purpose: an offline admin may hand links out
// from the outbox folder, which takes longer than a mail round trip.
const TTL_SECONDS: Record<CodeAction, number> = {
  activation: 24 * 3600,
  password_reset: 3600,
  change_email: 3600,
  unsubscribe: 365 * 24 * 3600,
  // an admin's link to take over an imported account (admin-user/claim.service.ts)
  claim: 7 * 24 * 3600,
};

/** Issues a code; earlier unused codes of the same user and action stop working. */
export async function issueCode(
  db: DbOrTrx,
  userId: number,
  action: CodeAction,
  payload: Record<string, unknown>,
  now: number,
): Promise<string> {
  const code = newToken();
  if (action !== 'unsubscribe') {
    await deleteUserCodes(db, userId, action);
  }
  await insertCode(db, {
    code_hash: hashToken(code),
    user_id: userId,
    action,
    payload: JSON.stringify(payload),
    created_at: now,
    expires_at: now + TTL_SECONDS[action],
    used_at: null,
  });
  return code;
}

/** Takes a live code (single use): returns its user and payload, or undefined. */
export async function takeCode(
  db: DbOrTrx,
  code: string,
  action: CodeAction,
  now: number,
): Promise<{ userId: number; payload: Record<string, unknown> } | undefined> {
  if (!code || code.length > 200) return undefined;
  const hash = hashToken(code);
  const row = await findLiveCode(db, hash, action, now);
  if (!row) return undefined;
  if (action !== 'unsubscribe') await markCodeUsed(db, hash, now);
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(row.payload) as Record<string, unknown>;
  } catch {
    payload = {};
  }
  return { userId: row.user_id, payload };
}
