// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import AdminLanPage from '.';

// Issue 20: the page said "served on the LAN" and then "start it with --host 0.0.0.0". It says one
// true thing for each state the server reports: on or off, switchable from the desktop app or not.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function serve(enabled: boolean, managed: boolean) {
  mockFetch(
    {
      'GET /admin/api/lan': {
        data: {
          enabled,
          managed,
          port: 9345,
          local_url: 'http://127.0.0.1:9345',
          addresses: enabled ? [{ url: 'http://192.168.1.20:9345', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }] : [],
        },
      },
    },
    { base: '/answer' },
  );
  renderWithApp(<AdminLanPage />, { path: '/admin/lan', user: userFixture({ role_id: 2 }) });
}

/** The advice for a server started from the command line, as read. */
const advice = () => document.querySelector('.lan-advice')?.textContent?.trim();

describe('the LAN page', () => {
  it('a command-line server on the LAN: says so and how to serve this computer only, never to start it with --host 0.0.0.0', async () => {
    serve(true, false);
    expect((await screen.findByRole('status')).textContent).toBe('This site is served on the LAN.');
    expect(advice()).toBe(
      'This server was started from the command line with a LAN address. To serve this computer only, restart it with --host 127.0.0.1',
    );
    expect(document.body.textContent).not.toContain('--host 0.0.0.0');
    expect(screen.getByRole('link', { name: 'http://192.168.1.20:9345' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a command-line server for this computer only: says how to serve the LAN', async () => {
    serve(false, false);
    expect((await screen.findByRole('status')).textContent).toBe('This site is only reachable from this computer.');
    expect(advice()).toBe(
      'This server was started from the command line, for this computer only. To serve the LAN, restart it with --host 0.0.0.0 --port <port>',
    );
  });

  it("the desktop app's server: the switch, no command-line advice", async () => {
    serve(true, true);
    expect((await screen.findByRole('status')).textContent).toBe('This site is served on the LAN.');
    expect(screen.getByRole('button', { name: 'Stop serving on the LAN' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('--host');
  });
});
