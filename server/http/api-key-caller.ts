import type { SessionUser } from './session-user.js';

/** The API key a request came with (res.locals.apiKey), beside the session of the user it acts as. */
export interface ApiKeyCaller {
  keyId: number;
  scope: 'read-only' | 'global';
  userId: number;
  /** admin: made in Admin → API keys (may reach admin routes while its maker is an admin); personal: a member's own key (never admin routes). */
  kind: 'admin' | 'personal';
}

/** Resolves a raw Authorization token to a live API key and the session of its owner, or undefined. */
export type ApiKeyResolver = (rawToken: string) => Promise<{ caller: ApiKeyCaller; session: SessionUser } | undefined>;

/** The methods a read-only key may use. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
