import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { Guard } from '../../app/guards';
import { useSession } from '../../app/session';
import { useDelayed } from '../../hooks/useDelayed';

/**
 * The admin area's guard (spec section 2): the logged user is reloaded first (a role taken away
 * elsewhere counts at once), then only admins pass; anyone else sees the 403 page (visitors go to login).
 */
export function AdminGuard() {
  const { t } = useTranslation();
  const { refreshUser } = useSession();
  const [ready, setReady] = useState(false);
  const refresh = useRef(refreshUser);
  refresh.current = refreshUser;
  useEffect(() => {
    let live = true;
    void refresh.current(true).finally(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  const spinner = useDelayed(!ready);
  if (!ready) return spinner ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin.checking')} /> : null;
  return (
    <Guard kind="admin">
      <Outlet />
    </Guard>
  );
}
