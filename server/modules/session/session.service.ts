import type { Db, DbOrTrx } from '../../db/database.js';
import type { SessionUser } from '../../http/session-user.js';
import type { Clock } from '../../infra/clock.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import * as repo from './session.repository.js';

/** Sessions last 7 days from issue, not sliding (as the reference). */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

export type { SessionUser };

/** Issues, resolves and revokes access tokens kept in the database. */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
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
    const found = await repo.findSessionUser(this.db, tokenHash, this.clock.now());
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
  }

  /** Ends every session of a user (suspension, deletion, role or password change by an admin). */
  async revokeAll(userId: number, db: DbOrTrx = this.db, keepTokenHash?: string): Promise<void> {
    await repo.deleteUserSessions(db, userId, keepTokenHash);
  }

  /** Housekeeping. */
  async purgeExpired(): Promise<void> {
    await repo.deleteExpiredSessions(this.db, this.clock.now());
  }
}
