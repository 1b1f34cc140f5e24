import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { rememberPage, useSession } from '../app/session';

/** A check for actions that need an account: logged-out visitors go to login and come back here after it. */
export function useRequireLogin(): () => boolean {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (user) return true;
    rememberPage(location.pathname + location.search + location.hash);
    navigate(paths.login);
    return false;
  }, [user, navigate, location]);
}
