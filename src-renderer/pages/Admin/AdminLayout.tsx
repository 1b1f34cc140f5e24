import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAdminPlugins } from '../../api/admin/plugins-query';
import { Icon } from '../../components/Icon';
import { AdminMenu } from './AdminMenu';
import './admin.css';

/**
 * The admin frame: the admin menu of spec section 2 beside the page (dashboard; contents; users;
 * badges; customize; settings; plugins with each enabled plugin's config page; showboard; LAN), and
 * on phones a button that opens the menu above the page.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // the enabled plugins that have settings get a menu entry each (their config page is /admin/{slug_name})
  const plugins = useAdminPlugins({ status: 'active', have_config: true }).data ?? [];
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="admin-frame">
      <button
        type="button"
        className="admin-menu-toggle p-button p-button-outlined p-button-sm"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={open ? 'close' : 'list'} /> {t('admin.menu.toggle')}
      </button>
      <AdminMenu id={menuId} open={open} plugins={plugins} />
      <div className="admin-page">
        <Outlet />
      </div>
    </div>
  );
}
