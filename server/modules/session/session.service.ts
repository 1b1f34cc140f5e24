import type { Db, DbOrTrx } from '../../db/database.js';
import type { SessionUser } from '../../http/session-user.js';
import type { Clock } from '../../infra/clock.js';
import type { TtlCache } from '../../infra/ttl-cache.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import * as repo from './session.repository.js';

/** Sessions last 7 days from issue, not sliding (as the reference). */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

export type { SessionUser };

/** Cache key prefix of resolved sessions (one entry per token hash). */
export const SESSION_KEY = 'session:';

/** Reuse of resolved tokens: every request of an open page resolves its token again. */
export interface SessionReuse {
  cache: TtlCache;
  /** How long a resolved token is reused (0: never). */
  ttlMs: number;
}

/** Issues, resolves and revokes access tokens kept in the database. */
export class Sessions {
  /**
   * With `reuse`, a token resolved once is reused for `ttlMs`: ending a session drops it at once
   * (here, and in the other server processes through the cache's drops), and so does every
   * announced change of a user's row or role (dropReusedOnChange drops SESSION_KEY as the change
   * is announced, once it has committed), so a suspension, a role change or a revocation made in a
   * transaction is never outlived.
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly reuse?: SessionReuse,
  ) {}

  /** Issues a new access token and visit token for a user. */
  async issue(userId: number, db: DbOrTrx = this.db): Promise<{ accessToken: string; visitToken: string }> {
    const accessToken = newToken();
    const visitToken = newToken();
    const now = this.clock.now();
    await repo.insertSession(db, {
      token_hash: hashToken(accessToken),
      visit_token_hash: hashToken(visitToken),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_SECONDS,
    });
    return { accessToken, visitToken };
  }

  /** The live session for a raw token, or undefined. */
  async resolve(token: string): Promise<SessionUser | undefined> {
    if (!token || token.length > 256) return undefined;
    const tokenHash = hashToken(token);
    const lookup = () => repo.findSessionUser(this.db, tokenHash, this.clock.now());
    const found =
      this.reuse && this.reuse.ttlMs > 0 ? await this.reuse.cache.get(SESSION_KEY + tokenHash, this.reuse.ttlMs, lookup) : await lookup();
    return found ? { ...found, tokenHash } : undefined;
  }

  /** Whether a visit cookie value is live. */
  async visitIsLive(visitToken: string): Promise<boolean> {
    if (!visitToken || visitToken.length > 256) return false;
    return repo.visitTokenIsLive(this.db, hashToken(visitToken), this.clock.now());
  }

  /** Ends one session. */
  async revoke(tokenHash: string, db: DbOrTrx = this.db): Promise<void> {
    await repo.deleteSession(db, tokenHash);
    this.reuse?.cache.invalidate(SESSION_KEY + tokenHash);
  }

  /** Ends every session of a user (suspension, deletion, role or password change by an admin). */
  async revokeAll(userId: number, db: DbOrTrx = this.db, keepTokenHash?: string): Promise<void> {
    await repo.deleteUserSessions(db, userId, keepTokenHash);
    // entries are kept by token, not by user: all go
    this.reuse?.cache.invalidate(SESSION_KEY);
  }

  /** Housekeeping. */
  async purgeExpired(): Promise<void> {
    await repo.deleteExpiredSessions(this.db, this.clock.now());
  }
}
