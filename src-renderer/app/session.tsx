import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { TIMING } from '../../server/contract/limits';
import { siteKeys } from '../api/site/keys';
import { clearToken, getToken, setToken } from '../api/token';
import type { SiteInfo } from '../api/site/types';
import { fetchCurrentUser } from '../api/user/user-query';
import type { CurrentUser, LoginResp } from '../api/user/types';
import { claimDrafts } from '../hooks/useDraft';
import { readLocal, removeLocal, writeLocal } from '../utils/storage';
import { MAIL_STATUS, ROLE } from '../../server/contract/enums';

/** Session states of spec section 4. */
export interface SessionState {
  site: SiteInfo;
  user: CurrentUser | null;
  /** Reloads the user; throttled to once per 10 s unless forced. */
  refreshUser(force?: boolean): Promise<CurrentUser | null>;
  /** Stores a login payload's token and reloads the user. */
  signIn(payload: LoginResp): Promise<CurrentUser | null>;
  /** Forgets the token and the user. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** The session; only inside <SessionProvider>. */
export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** Derived flags used by guards. */
export function sessionFlags(user: CurrentUser | null) {
  const loggedIn = !!user;
  const activated = loggedIn && user!.mail_status === MAIL_STATUS.verified;
  const suspended = loggedIn && user!.status === 'suspended';
  return {
    loggedIn,
    activated,
    notActivated: loggedIn && !activated,
    suspended,
    normal: activated && !suspended,
    admin: activated && !suspended && user!.role_id === ROLE.admin,
    moderator: activated && !suspended && user!.role_id === ROLE.moderator,
  };
}

/** Who is signed in, as far as what the server shows them depends on it. */
function identity(user: CurrentUser | null): string {
  return user ? `${user.id}|${user.role_id}|${user.status}|${user.mail_status}` : '';
}

/**
 * Forgets everything fetched for the previous user (their vote state, bookmarks, permissions,
 * inbox...) so the next one never sees it, not even while a page reloads: every query but the
 * site-wide settings and texts, and every mutation.
 */
export function forgetUserData(client: QueryClient): void {
  const userSpecific = { predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== siteKeys.all[0] };
  void client.cancelQueries(userSpecific);
  client.removeQueries(userSpecific);
  client.getMutationCache().clear();
}

/** Holds the site settings and the user loaded at startup. */
export function SessionProvider({ site, initialUser, children }: { site: SiteInfo; initialUser: CurrentUser | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<CurrentUser | null>(initialUser);
  const current = useRef(initialUser);
  // every change of user (sign-in, sign-out, a reload that finds someone else or no one) goes
  // through here: the cache is emptied before anything renders for the new user
  const setUser = useCallback(
    (next: CurrentUser | null) => {
      if (identity(next) !== identity(current.current)) forgetUserData(queryClient);
      if (next) claimDrafts(next.id);
      current.current = next;
      setUserState(next);
    },
    [queryClient],
  );
  const last = useRef(Date.now());
  const refreshUser = useCallback(
    async (force = false) => {
      if (!force && Date.now() - last.current < TIMING.userRefreshThrottleMs) return user;
      last.current = Date.now();
      if (!getToken()) {
        setUser(null);
        return null;
      }
      try {
        const next = await fetchCurrentUser();
        setUser(next);
        return next;
      } catch {
        setUser(null);
        return null;
      }
    },
    [user, setUser],
  );
  const signIn = useCallback(
    async (payload: LoginResp) => {
      await setToken(payload.access_token);
      // nothing fetched before the login (as a visitor or as someone else) is kept
      forgetUserData(queryClient);
      last.current = 0;
      return refreshUser(true);
    },
    [refreshUser, queryClient],
  );
  const signOut = useCallback(async () => {
    await clearToken();
    setUser(null);
  }, [setUser]);
  const value = useMemo(() => ({ site, user, refreshUser, signIn, signOut }), [site, user, refreshUser, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Remembers the page to return to after login. */
export function rememberPage(path: string): void {
  if (!path.startsWith('/users/login') && !path.startsWith('/users/register')) writeLocal('redirect', path, 30 * 60 * 1000);
}

/** The remembered page without forgetting it (default home). */
export function peekRememberedPage(): string {
  const p = readLocal<string>('redirect');
  return p && p.startsWith('/') ? p : '/';
}

/** Takes the remembered page (default home). */
export function takeRememberedPage(): string {
  const p = readLocal<string>('redirect');
  removeLocal('redirect');
  return p && p.startsWith('/') ? p : '/';
}
