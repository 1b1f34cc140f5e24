import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../app/paths';

// Every admin screen is its own lazy chunk: none of this code ships with the public pages.
const lazy = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
const named =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

/**
 * The admin area's child routes (spec section 2), rendered inside AdminLayout under the admin guard
 * (routes.tsx: admin only, the logged user refreshed first, 403 page for anyone else).
 */
export const adminRoutes: RouteObject[] = [
  // dashboard, contents, users, badges, showboard
  { index: true, lazy: lazy(() => import('./DashboardPage')) },
  { path: paths.adminDashboard, lazy: lazy(() => import('./DashboardPage')) },
  { path: paths.adminUsers, lazy: lazy(() => import('./UsersPage')) },
  { path: paths.adminUser, lazy: lazy(() => import('./UserDetailPage')) },
  { path: paths.adminQuestions, lazy: named(() => import('./PostsPage'), 'QuestionsPage') },
  { path: paths.adminAnswers, lazy: named(() => import('./PostsPage'), 'AnswersPage') },
  { path: paths.adminBadges, lazy: lazy(() => import('./BadgesPage')) },
  { path: paths.adminLan, lazy: lazy(() => import('../AdminLan')) },
  { path: paths.adminShowboard, lazy: lazy(() => import('./ShowboardPage')) },
  { path: paths.adminImport, lazy: lazy(() => import('./Import/ImportPage')) },
  { path: paths.adminBackups, lazy: lazy(() => import('./Backups/BackupsPage')) },
  { path: paths.adminWebhooks, lazy: lazy(() => import('./Webhooks/WebhooksPage')) },

  // settings, customize and plugins (14B): themes, css-html, general, interface, branding, smtp, legal,
  // write, seo, login, settings-users, privileges, installed-plugins, and last the plugin config
  // page paths.adminPlugin (/admin/:slugName), which matches any other single segment under /admin.
  { path: paths.adminThemes, lazy: lazy(() => import('./Customize/ThemesPage')) },
  { path: paths.adminCssHtml, lazy: lazy(() => import('./Customize/CssHtmlPage')) },
  { path: paths.adminGeneral, lazy: lazy(() => import('./Settings/GeneralPage')) },
  { path: paths.adminInterface, lazy: lazy(() => import('./Settings/InterfacePage')) },
  { path: paths.adminBranding, lazy: lazy(() => import('./Settings/BrandingPage')) },
  { path: paths.adminSmtp, lazy: lazy(() => import('./Settings/SmtpPage')) },
  { path: paths.adminLegal, lazy: lazy(() => import('./Settings/LegalPage')) },
  { path: paths.adminWrite, lazy: lazy(() => import('./Settings/WritePage')) },
  { path: paths.adminSeo, lazy: lazy(() => import('./Settings/SeoPage')) },
  { path: paths.adminLogin, lazy: lazy(() => import('./Settings/LoginPage')) },
  { path: paths.adminSettingsUsers, lazy: lazy(() => import('./Settings/UsersSettingsPage')) },
  { path: paths.adminPrivileges, lazy: lazy(() => import('./Settings/PrivilegesPage')) },
  { path: paths.adminApiKeys, lazy: lazy(() => import('./ApiKeys/ApiKeysPage')) },
  { path: paths.adminMcp, lazy: lazy(() => import('./Mcp/McpPage')) },
  { path: paths.adminInstalledPlugins, lazy: lazy(() => import('./Plugins/InstalledPluginsPage')) },
  { path: paths.adminPlugin, lazy: lazy(() => import('./Plugins/PluginConfigPage')) },
];
