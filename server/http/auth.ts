import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { MAIL_STATUS, ROLE } from '../contract/limits.js';
import type { AppContext } from '../app-context.js';
import type { SessionUser } from './session-user.js';
import { AppError, forbidden, inactiveError, suspendedError, unauthorized } from './errors.js';
import { READ_METHODS } from './api-key-caller.js';
import { USER_STATUS } from '../contract/enums.js';

/**
 * The route groups of the reference:
 * public: no check (the user is still read if a token is sent);
 * optional: public unless the site requires login;
 * login: any logged-in account, unverified and suspended included;
 * active: logged in, email verified, not suspended;
 * admin: an active admin (checked live on every request, unlike the reference).
 */
export type AccessLevel = 'public' | 'optional' | 'login' | 'active' | 'admin';

/**
 * The raw token of a request: the Authorization header only (a Bearer prefix is stripped). A
 * token in the query string (?Authorization=) is ignored: it would end up in logs and history,
 * and no client needs it (uploads in private mode use the visit cookie).
 */
export function readToken(req: Request): string {
  return (req.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
}

/** User status as the API names it. */
export function isSuspended(session: SessionUser, now: number): boolean {
  const u = session.user;
  return u.status === USER_STATUS.suspended && !(u.suspended_until !== null && u.suspended_until > 0 && u.suspended_until <= now);
}

function checkActive(session: SessionUser, now: number): void {
  if (session.user.mail_status !== MAIL_STATUS.verified) throw inactiveError();
  if (isSuspended(session, now)) throw suspendedError();
}

/** Middleware for one access level; the session lands in res.locals.session. */
export function auth(ctx: AppContext, level: AccessLevel): RequestHandler {
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const token = readToken(req);
    const found = token ? await ctx.sessions.resolve(token) : undefined;
    const live = found && found.user.status !== USER_STATUS.deleted ? found : undefined;
    // not a session: perhaps an API key, acting as its owner (modules/api-key)
    const key = token && !live ? await ctx.apiKeys(token) : undefined;
    if (key?.caller.scope === 'read-only' && !READ_METHODS.has(req.method)) throw forbidden('error.api_key.read_only');
    if (key?.caller.kind === 'personal' && level === 'admin') throw forbidden('error.api_key.not_admin_key');
    const session = live ?? key?.session;
    res.locals.session = session;
    res.locals.apiKey = key?.caller;
    res.locals.token = live ? token : undefined;
    const now = ctx.clock.now();
    switch (level) {
      case 'public':
        break;
      case 'optional':
        if ((await ctx.settings.get('login')).login_required) {
          if (!session) throw unauthorized();
          if (session.user.mail_status !== MAIL_STATUS.verified) throw inactiveError();
        }
        break;
      case 'login':
        if (!session) throw unauthorized();
        break;
      case 'active':
        if (!session) throw unauthorized();
        checkActive(session, now);
        break;
      case 'admin':
        if (!session) throw unauthorized();
        if (session.role_id !== ROLE.admin) throw new AppError(403, 'base.unauthorized_error');
        checkActive(session, now);
        break;
    }
    next();
  };
  // the route table (and the authorisation test) read each route's level from here
  return Object.assign(handler, { accessLevel: level });
}

/** The access level an auth() middleware enforces, if the handler is one. */
export function accessLevelOf(handler: unknown): AccessLevel | undefined {
  return (handler as { accessLevel?: AccessLevel } | null)?.accessLevel;
}

/** The caller's session, or undefined on public routes. */
export function currentSession(res: Response): SessionUser | undefined {
  return res.locals.session as SessionUser | undefined;
}

/** The caller's session on routes that required one. */
export function requireSession(res: Response): SessionUser {
  const s = currentSession(res);
  if (!s) throw unauthorized();
  return s;
}
