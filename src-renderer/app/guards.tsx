import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { isExempt, paths } from './paths';
import { rememberPage, sessionFlags, takeRememberedPage, useSession } from './session';

type GuardKind = 'login' | 'loggedOut' | 'activated' | 'notActivated' | 'suspended' | 'admin' | 'staff' | 'registration';

/** After login: back to the page remembered before it (home by default), once. */
function ToRememberedPage() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(takeRememberedPage(), { replace: true });
  }, [navigate]);
  return null;
}

/** Route guards of spec section 4. */
export function Guard({ kind, children }: { kind: GuardKind; children: ReactNode }) {
  const { user, site } = useSession();
  const location = useLocation();
  const f = sessionFlags(user);
  const here = location.pathname + location.search;
  const toLogin = () => {
    rememberPage(here);
    return <Navigate to={paths.login} replace />;
  };
  switch (kind) {
    case 'login':
      if (!f.loggedIn) return toLogin();
      break;
    case 'loggedOut':
      if (f.loggedIn && f.activated) return <ToRememberedPage />;
      break;
    case 'activated':
      if (!f.loggedIn) return toLogin();
      if (f.notActivated) return <Navigate to={paths.inactive} replace />;
      if (f.suspended) return <Navigate to={paths.suspended} replace />;
      break;
    case 'notActivated':
      if (!f.loggedIn) return toLogin();
      if (f.activated) return <Navigate to={paths.home} replace />;
      break;
    case 'suspended':
      // a suspended account cannot log in: the server's refusal (login, or any call) brings it here
      if (!f.suspended && !(location.state as { suspended?: boolean } | null)?.suspended) return <Navigate to={paths.home} replace />;
      break;
    case 'admin':
      if (!f.loggedIn) return toLogin();
      if (!f.admin) return <ErrorPage kind={403} />;
      break;
    case 'staff':
      if (!f.loggedIn) return toLogin();
      if (!f.admin && !f.moderator) return <ErrorPage kind={403} />;
      break;
    case 'registration':
      if (!site.login.allow_new_registrations) return <Navigate to={paths.home} replace />;
      if (f.loggedIn) return <Navigate to={f.activated ? paths.home : paths.inactive} replace />;
      break;
  }
  return <>{children}</>;
}

/** Site-wide rules for every page: private mode sends logged-out visitors to login; suspended users see only their page. */
export function SiteGate({ children }: { children: ReactNode }) {
  const { user, site, refreshUser } = useSession();
  const location = useLocation();
  // the user is reloaded as pages change (at most once per 10 s): a role, suspension or activation
  // made elsewhere shows without a reload of the app
  const refresh = useRef(refreshUser);
  refresh.current = refreshUser;
  useEffect(() => {
    void refresh.current();
  }, [location.pathname]);
  const f = sessionFlags(user);
  const exempt = isExempt(location.pathname);
  if (f.suspended && location.pathname !== paths.suspended && location.pathname !== paths.logout && !exempt)
    return <Navigate to={paths.suspended} replace />;
  if (site.login.login_required && !exempt) {
    if (!f.loggedIn) {
      rememberPage(location.pathname + location.search);
      return <Navigate to={paths.login} replace />;
    }
    if (f.notActivated && location.pathname !== paths.inactive && location.pathname !== paths.logout)
      return <Navigate to={paths.inactive} replace />;
  }
  return <>{children}</>;
}
