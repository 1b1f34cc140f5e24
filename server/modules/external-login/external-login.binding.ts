import type { DbOrTrx } from '../../db/database.js';
import { saveExternalLogin } from './external-login.repository.js';

/** A third-party account waiting in an activation code until the mailbox owner confirms it. */
export interface CodeBinding {
  provider: string;
  external_id: string;
  meta_info: string;
}

/** Reads the binding an activation code's payload carries, if any. */
export function bindingOfPayload(payload: Record<string, unknown>): CodeBinding | undefined {
  const b = payload.binding as Partial<CodeBinding> | undefined;
  if (!b || typeof b !== 'object' || typeof b.provider !== 'string' || typeof b.external_id !== 'string' || !b.external_id)
    return undefined;
  return { provider: b.provider, external_id: b.external_id, meta_info: typeof b.meta_info === 'string' ? b.meta_info : '' };
}

/**
 * Called when an activation link is used: if the code was sent to bind a third-party account to an
 * existing address (connector/binding/email with must=true), the binding is made now, by the owner.
 */
export async function bindFromActivationCode(trx: DbOrTrx, userId: number, payload: Record<string, unknown>, now: number): Promise<void> {
  const b = bindingOfPayload(payload);
  if (b) await saveExternalLogin(trx, { provider: b.provider, external_id: b.external_id, user_id: userId, meta_info: b.meta_info }, now);
}
