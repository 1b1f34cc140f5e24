import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../app/paths';

// Every admin screen is its own lazy chunk: none of this code ships with the public pages.
const lazy = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/**
 * The admin area's child routes (spec section 2), rendered inside AdminLayout under the admin guard
 * (routes.tsx: admin only, the logged user refreshed first, 403 page for anyone else).
 */
export const adminRoutes: RouteObject[] = [
  // dashboard, contents, users, badges, showboard
  { path: paths.adminLan, lazy: lazy(() => import('../AdminLan')) },

  // settings, customize and plugins (14B): themes, css-html, general, interface, branding, smtp, legal,
  // write, seo, login, settings-users, privileges, installed-plugins, and last the plugin config
  // page paths.adminPlugin (/admin/:slugName), which matches any other single segment under /admin.
];
