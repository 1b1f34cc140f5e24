import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAdminPlugins } from '../../api/admin/plugins-query';
import { paths, to } from '../../app/paths';
import { Icon } from '../../components/Icon';
import './admin.css';

interface Item {
  to: string;
  label: string;
  /** Also active on /admin (the dashboard). */
  alsoIndex?: boolean;
}
interface Group {
  label: string;
  items: Item[];
}

function MenuLink({ item }: { item: Item }) {
  const here = useLocation().pathname;
  const indexHere = item.alsoIndex && (here === paths.admin || here === `${paths.admin}/`);
  return (
    <NavLink
      to={item.to}
      end={item.to !== paths.adminUsers}
      className={({ isActive }) => (isActive || indexHere ? 'admin-menu-link active' : 'admin-menu-link')}
      aria-current={indexHere ? 'page' : undefined}
    >
      {item.label}
    </NavLink>
  );
}

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

  const groups: (Item | Group)[] = [
    { to: paths.adminDashboard, label: t('admin.menu.dashboard'), alsoIndex: true },
    {
      label: t('admin.menu.contents'),
      items: [
        { to: paths.adminQuestions, label: t('admin.menu.questions') },
        { to: paths.adminAnswers, label: t('admin.menu.answers') },
      ],
    },
    { to: paths.adminUsers, label: t('admin.menu.users') },
    { to: paths.adminBadges, label: t('admin.menu.badges') },
    {
      label: t('admin.menu.customize'),
      items: [
        { to: paths.adminThemes, label: t('admin.menu.themes') },
        { to: paths.adminCssHtml, label: t('admin.menu.css_html') },
      ],
    },
    {
      label: t('admin.menu.settings'),
      items: [
        { to: paths.adminGeneral, label: t('admin.menu.general') },
        { to: paths.adminInterface, label: t('admin.menu.interface') },
        { to: paths.adminBranding, label: t('admin.menu.branding') },
        { to: paths.adminSmtp, label: t('admin.menu.smtp') },
        { to: paths.adminLegal, label: t('admin.menu.legal') },
        { to: paths.adminWrite, label: t('admin.menu.write') },
        { to: paths.adminSeo, label: t('admin.menu.seo') },
        { to: paths.adminLogin, label: t('admin.menu.login') },
        { to: paths.adminSettingsUsers, label: t('admin.menu.settings_users') },
        { to: paths.adminPrivileges, label: t('admin.menu.privileges') },
        { to: paths.adminApiKeys, label: t('api_keys.menu') },
        { to: paths.adminMcp, label: t('admin_mcp.menu') },
      ],
    },
    {
      label: t('admin.menu.plugins'),
      items: [
        { to: paths.adminInstalledPlugins, label: t('admin.menu.installed_plugins') },
        ...plugins
          .filter((p) => p.enabled && p.have_config)
          .map((p) => ({ to: to.adminPlugin(p.slug_name), label: p.name || p.slug_name })),
      ],
    },
    { to: paths.adminShowboard, label: t('admin.menu.showboard') },
    { to: paths.adminImport, label: t('admin_import.menu') },
    { to: paths.adminBackups, label: t('admin_backup.menu') },
    { to: paths.adminWebhooks, label: t('admin_webhook.menu') },
    { to: paths.adminLan, label: t('admin.menu.lan') },
  ];

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
      <nav id={menuId} className={open ? 'admin-menu open' : 'admin-menu'} aria-label={t('admin.menu.label')}>
        <ul>
          {groups.map((g, n) =>
            'items' in g ? (
              <li key={g.label} className="admin-menu-group">
                <span className="admin-menu-heading" id={`${menuId}-g${n}`}>
                  {g.label}
                </span>
                <ul aria-labelledby={`${menuId}-g${n}`}>
                  {g.items.map((i) => (
                    <li key={i.to}>
                      <MenuLink item={i} />
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={g.to}>
                <MenuLink item={g} />
              </li>
            ),
          )}
        </ul>
      </nav>
      <div className="admin-page">
        <Outlet />
      </div>
    </div>
  );
}
