// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import { api } from '../../api/client';
import { clearToken, setToken } from '../../api/token';
import { installErrorPolicy } from '../../app/error-policy';
import { paths } from '../../app/paths';
import { initI18n } from '../../i18n';
import { AdminGuard } from './AdminGuard';
import AdminLayout from './AdminLayout';

beforeEach(async () => {
  await setToken('token-1');
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearToken();
});

const ADMIN = userFixture({ id: '1', username: 'admin', display_name: 'Admin', role_id: 2 });
const tree = [
  {
    path: paths.admin,
    element: <AdminGuard />,
    children: [{ element: <AdminLayout />, children: [{ path: paths.adminLan, element: <p>lan page</p> }] }],
  },
];
const open = (user = ADMIN) => renderWithApp(<p>elsewhere</p>, { path: paths.adminLan, pattern: '/elsewhere', routes: tree, user });

describe('admin frame', () => {
  it('reloads the user first, then shows the admin menu of spec section 2 with the enabled plugins that have settings', async () => {
    const { calls } = mockFetch(
      {
        'GET /api/v1/user/info': { data: ADMIN },
        'GET /admin/api/plugins': {
          data: [{ name: 'Maps', slug_name: 'maps', description: '', version: '1', enabled: true, have_config: true, link: '' }],
        },
      },
      { base: '/answer' },
    );
    open();
    expect(await screen.findByText('lan page')).toBeTruthy();
    expect(calls[0].path).toBe('/api/v1/user/info');
    const menu = within(screen.getByRole('navigation', { name: 'Admin menu' }));
    await menu.findByRole('link', { name: 'Maps' });
    const links = menu.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Questions', '/admin/questions'],
      ['Answers', '/admin/answers'],
      ['Users', '/admin/users'],
      ['Badges', '/admin/badges'],
      ['Themes', '/admin/themes'],
      ['CSS/HTML', '/admin/css-html'],
      ['General', '/admin/general'],
      ['Interface', '/admin/interface'],
      ['Branding', '/admin/branding'],
      ['SMTP', '/admin/smtp'],
      ['Legal', '/admin/legal'],
      ['Write', '/admin/write'],
      ['SEO', '/admin/seo'],
      ['Login', '/admin/login'],
      ['Users', '/admin/settings-users'],
      ['Privileges', '/admin/privileges'],
      ['API keys', '/admin/api-keys'],
      ['MCP', '/admin/mcp'],
      ['Installed', '/admin/installed-plugins'],
      ['Maps', '/admin/maps'],
      ['Showboard', '/admin/showboard'],
      ['Import', '/admin/import'],
      ['Backups', '/admin/backups'],
      ['Webhooks', '/admin/webhooks'],
      ['LAN hosting', '/admin/lan'],
    ]);
    expect(menu.getByRole('link', { name: 'LAN hosting' }).getAttribute('aria-current')).toBe('page');
    const plugins = calls.find((c) => c.path === '/admin/api/plugins');
    expect(plugins?.query.get('status')).toBe('active');
    expect(plugins?.query.get('have_config')).toBe('true');
  });

  it('opens and closes the menu from its button (phones)', async () => {
    mockFetch({ 'GET /api/v1/user/info': { data: ADMIN }, 'GET /admin/api/plugins': { data: [] } }, { base: '/answer' });
    open();
    const toggle = await screen.findByRole('button', { name: 'Admin menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Admin menu' }).className).toContain('open');
  });

  it('shows the 403 page to a moderator and to a member', async () => {
    for (const role_id of [3, 1]) {
      const who = userFixture({ role_id });
      mockFetch({ 'GET /api/v1/user/info': { data: who } }, { base: '/answer' });
      open(who);
      expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
      expect(screen.queryByText('lan page')).toBeNull();
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it('shows the 403 page to an admin whose role was taken away meanwhile (the reload says member)', async () => {
    mockFetch({ 'GET /api/v1/user/info': { data: { ...ADMIN, role_id: 1 } } }, { base: '/answer' });
    open();
    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin menu' })).toBeNull();
  });
});

describe('error policy of admin calls (spec section 8)', () => {
  it('a 403 from an admin call shows the 403 page; from another call a toast', async () => {
    const { t } = initI18n();
    const navigate = vi.fn();
    const toast = vi.fn();
    installErrorPolicy({ navigate, pathname: () => '/admin/users', toast, alert: vi.fn(), onSignedOut: vi.fn(), t });
    mockFetch(
      {
        'GET /admin/api/users/page': { status: 403, reason: 'base.unauthorized_error', msg: 'Unauthorized.' },
        'GET /api/v1/tag': { status: 403, reason: 'base.forbidden_error', msg: 'Forbidden.' },
      },
      { base: '/answer' },
    );
    await expect(api.get('/answer/admin/api/users/page')).rejects.toThrow();
    expect(navigate).toHaveBeenCalledWith('/403');
    expect(toast).not.toHaveBeenCalled();
    await expect(api.get('/answer/api/v1/tag')).rejects.toThrow();
    expect(toast).toHaveBeenCalledWith('Forbidden.');
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
