// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Route } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import AdminLanPage from '.';

// Issue 20: the page said "served on the LAN" and then "start it with --host 0.0.0.0". It says one
// true thing for each state the server reports: on or off, switchable from the desktop app or not.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function serve(enabled: boolean, managed: boolean, extra: Record<string, unknown> = {}, routes: Record<string, Route> = {}) {
  const fetchMock = mockFetch(
    {
      'GET /admin/api/lan': {
        data: {
          enabled,
          managed,
          port: 9345,
          local_url: 'http://127.0.0.1:9345',
          addresses: enabled ? [{ url: 'http://192.168.1.20:9345', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }] : [],
          scheme: 'http',
          tls: null,
          hints: [],
          ...extra,
        },
      },
      ...routes,
    },
    { base: '/answer' },
  );
  renderWithApp(<AdminLanPage />, { path: '/admin/lan', user: userFixture({ role_id: 2 }) });
  return fetchMock;
}

const FINGERPRINT = 'DA:91:FA:98:DC:8A:6D:B5:AB:41:4B:EA:48:45:6A:FA:16:9B:1C:FE:E4:57:65:3B:AF:69:72:2B:CD:4B:30:86';
const selfSigned = {
  mode: 'self-signed',
  fingerprint: FINGERPRINT,
  names: ['localhost', 'desk-7', 'desk-7.local', '127.0.0.1', '::1', '192.168.1.20'],
  not_after: '2028-11-28T05:09:51.000Z',
  cert_file: '/data/tls/self-signed-cert.pem',
  key_file: '/data/tls/self-signed-key.pem',
};

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

// Issue 39: HTTPS and what a LAN visitor meets when something is off
describe('the LAN page: HTTPS and hints', () => {
  it('shows the certificate fingerprint in the HTTPS section and next to the QR codes', async () => {
    serve(true, false, {
      scheme: 'https',
      local_url: 'https://127.0.0.1:9345',
      addresses: [{ url: 'https://192.168.1.20:9345', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
      tls: selfSigned,
    });
    await screen.findByRole('status');
    expect(document.querySelector('.lan-fingerprint')?.textContent).toBe(FINGERPRINT);
    expect(document.querySelector('.lan-qr-fingerprint')?.textContent).toBe(`Certificate SHA-256: ${FINGERPRINT}`);
    expect(document.body.textContent).toContain('compare the fingerprint below with the one the browser shows');
    expect(document.body.textContent).toContain('Valid for: localhost, desk-7, desk-7.local, 127.0.0.1, ::1, 192.168.1.20');
    expect(screen.getByRole('link', { name: 'https://192.168.1.20:9345' })).toBeTruthy();
  });

  it('says HTTPS is off on plain HTTP, and how to turn it on from the command line', async () => {
    serve(false, false);
    await screen.findByRole('status');
    expect(document.body.textContent).toContain('HTTPS is off: browsers connect over plain HTTP.');
    expect(document.body.textContent).toContain('--tls self-signed');
    expect(document.querySelector('.lan-fingerprint')).toBeNull();
  });

  it('shows each hint as one sentence', async () => {
    serve(false, false, {
      hints: [{ kind: 'loopback_only', host: '127.0.0.1', message: 'x' }],
    });
    await screen.findByRole('status');
    expect(document.querySelector('.lan-hint-loopback_only')?.textContent).toBe(
      'Lantern listens only on this computer (127.0.0.1); start it with --host 0.0.0.0 or switch on Serve on the LAN.',
    );
  });

  it('the firewall and site-URL hints; the button sets the suggested site URL', async () => {
    let applied = false;
    const fetchMock = serve(
      true,
      false,
      {
        hints: [
          { kind: 'firewall', port: 9345, message: 'x' },
          { kind: 'site_url', site_url: 'http://127.0.0.1:9345', suggested: 'http://192.168.1.20:9345', message: 'x' },
        ],
      },
      {
        'POST /admin/api/lan/site-url': () => {
          applied = true;
          return { data: { site_url: 'http://192.168.1.20:9345' } };
        },
      },
    );
    await screen.findByRole('status');
    expect(document.querySelector('.lan-hint-firewall')?.textContent).toBe(
      "If a colleague cannot open the address, allow incoming connections on TCP port 9345 in this computer's firewall.",
    );
    expect(document.querySelector('.lan-hint-site_url')?.textContent).toContain(
      'Mails link to http://127.0.0.1:9345, which other computers cannot open; set the site URL to http://192.168.1.20:9345.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use http://192.168.1.20:9345' }));
    await waitFor(() => expect(applied).toBe(true));
    expect(fetchMock.callsTo('POST /admin/api/lan/site-url')).toHaveLength(1);
  });

  it("the desktop app's server: choosing own certificate files sends them with the switch", async () => {
    const fetchMock = serve(true, true, {}, { 'PUT /admin/api/lan': { data: { restarting: true } } });
    await screen.findByRole('status');
    fireEvent.click(screen.getByLabelText('Our own certificate (PEM files on this computer)'));
    fireEvent.change(screen.getByLabelText('Certificate file'), { target: { value: '/etc/ssl/team.pem' } });
    fireEvent.change(screen.getByLabelText('Key file'), { target: { value: '/etc/ssl/team-key.pem' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply and restart' }));
    await waitFor(() => expect(fetchMock.callsTo('PUT /admin/api/lan')).toHaveLength(1));
    expect(fetchMock.callsTo('PUT /admin/api/lan')[0]!.body).toEqual({
      enabled: true,
      port: 9345,
      tls: 'files',
      tls_cert: '/etc/ssl/team.pem',
      tls_key: '/etc/ssl/team-key.pem',
    });
    expect(await screen.findByText('The server is restarting. Open https://127.0.0.1:9345/admin/lan in a moment.')).toBeTruthy();
  });

  it('shows the <site>.local name first, with its own QR code, when the server advertises it', async () => {
    const qr = '<svg xmlns="http://www.w3.org/2000/svg" data-for="name"/>';
    serve(true, false, { local_name: { host: 'team-qa.local', url: 'http://team-qa.local:9345', qr_svg: qr } });
    const link = await screen.findByRole('link', { name: 'http://team-qa.local:9345' });
    const items = [...document.querySelectorAll('.lan-addresses li')];
    expect(items[0]!.contains(link)).toBe(true);
    expect(items[0]!.querySelector('img')!.getAttribute('alt')).toBe('Scan to open http://team-qa.local:9345');
    expect(items[0]!.querySelector('img')!.getAttribute('src')).toContain(encodeURIComponent('data-for="name"'));
    expect(items[0]!.textContent).toContain('By name: stays the same');
    expect(items[1]!.textContent).toContain('http://192.168.1.20:9345');
  });
});
