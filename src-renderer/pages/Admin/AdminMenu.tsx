import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { AdminPlugin } from '../../api/admin/types';
import { paths, to } from '../../app/paths';

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

/** The admin menu's entries and groups, in order; each enabled plugin that has settings gets an entry under Plugins. */
function adminMenu(t: TFunction, plugins: AdminPlugin[]): (Item | Group)[] {
  return [
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
}

/** One menu entry, marked current on its page (the dashboard's also on /admin). */
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

/** The admin menu: single entries and labelled groups of entries; on phones shown above the page while open. */
export function AdminMenu({ id, open, plugins }: { id: string; open: boolean; plugins: AdminPlugin[] }) {
  const { t } = useTranslation();
  return (
    <nav id={id} className={open ? 'admin-menu open' : 'admin-menu'} aria-label={t('admin.menu.label')}>
      <ul>
        {adminMenu(t, plugins).map((g, n) =>
          'items' in g ? (
            <li key={g.label} className="admin-menu-group">
              <span className="admin-menu-heading" id={`${id}-g${n}`}>
                {g.label}
              </span>
              <ul aria-labelledby={`${id}-g${n}`}>
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
  );
}
