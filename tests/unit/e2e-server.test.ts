import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALLED, loginAs, networkQuiet, templateFor, watchNetwork, type E2EServer } from '../support/e2e-server';

// The e2e support's own rules: which servers start from a template database, logins reused while
// the server accepts them, waiting for the network to go quiet, and screenshots only when asked for.

/** A stand-in for a Playwright page: request events and the calls the helpers make. */
function fakePage() {
  const events = new EventEmitter();
  const page = {
    on: (name: string, fn: (...a: unknown[]) => void) => events.on(name, fn),
    addInitScript: vi.fn(async () => undefined),
    screenshot: vi.fn(async () => Buffer.alloc(0)),
    waitForLoadState: vi.fn(async () => undefined),
  };
  return { page, asPage: page as unknown as Page, emit: (name: string, r: unknown) => events.emit(name, r) };
}

describe('templateFor', () => {
  it('gives the installed template to INSTALLED and the migrated one to no install settings', () => {
    expect(templateFor(INSTALLED)).toBe('installed');
    expect(templateFor({})).toBe('fresh');
  });

  it('gives none to other install settings or to any other environment', () => {
    expect(templateFor({ ...INSTALLED, LOGIN_REQUIRED: 'true' })).toBeNull();
    expect(templateFor({ ...INSTALLED, SITE_NAME: 'Elsewhere' })).toBeNull();
    expect(templateFor({ ...INSTALLED, LANTERN_SE_DATA: '/dumps' })).toBeNull();
    expect(templateFor({ LANTERN_LOG_LEVEL: 'debug' })).toBeNull();
  });
});

describe('networkQuiet', () => {
  it('waits until the requests in flight are done and none started for the quiet time', async () => {
    const { asPage, emit } = fakePage();
    watchNetwork(asPage);
    const request = { url: () => 'http://127.0.0.1/answer/api/v1/user/info' };
    emit('request', request);
    let done = false;
    const quiet = networkQuiet(asPage, 50).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(done).toBe(false);
    const finished = Date.now();
    emit('requestfinished', request);
    await quiet;
    expect(Date.now() - finished).toBeGreaterThanOrEqual(45);
  });

  it('counts a failed request as done, and times out naming one still in flight', async () => {
    const { asPage, emit } = fakePage();
    watchNetwork(asPage);
    const failed = { url: () => 'http://127.0.0.1/a.js' };
    emit('request', failed);
    emit('requestfailed', failed);
    await networkQuiet(asPage, 10);
    emit('request', { url: () => 'http://127.0.0.1/slow' });
    await expect(networkQuiet(asPage, 10, 100)).rejects.toThrow('still loading after 100 ms: http://127.0.0.1/slow');
  });

  it('falls back to networkidle the first time for a page not watched', async () => {
    const { page, asPage } = fakePage();
    await networkQuiet(asPage);
    expect(page.waitForLoadState).toHaveBeenCalledWith('networkidle');
    await networkQuiet(asPage, 10);
    expect(page.waitForLoadState).toHaveBeenCalledTimes(1);
  });
});

describe('loginAs', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  /** A login endpoint that counts logins and a user/info that accepts only the tokens in `valid`. */
  async function fakeLantern(valid: Set<string>): Promise<{ e2e: E2EServer; logins: () => number }> {
    let n = 0;
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/answer/api/v1/user/login/email') {
        n++;
        const token = `token-${n}`;
        valid.add(token);
        res.end(JSON.stringify({ code: 200, data: { access_token: token } }));
      } else {
        const ok = valid.has(String(req.headers.authorization));
        res.end(JSON.stringify({ code: 200, data: ok ? { e_mail: 'grace@example.com' } : null }));
      }
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { e2e: { url, dataDir: '', captchaAnswer: () => '', stop: async () => undefined }, logins: () => n };
  }

  it('logs in once and hands the same token to the next page while the server accepts it', async () => {
    const valid = new Set<string>();
    const { e2e, logins } = await fakeLantern(valid);
    const first = fakePage();
    const second = fakePage();
    await loginAs(first.asPage, e2e, 'grace@example.com', 'grace-password-1');
    await loginAs(second.asPage, e2e, 'grace@example.com', 'grace-password-1');
    expect(logins()).toBe(1);
    const tokenOf = (p: ReturnType<typeof fakePage>) => (p.page.addInitScript.mock.calls[0] as unknown[])[1];
    expect(tokenOf(first)).toBe('token-1');
    expect(tokenOf(second)).toBe('token-1');
    // a token the server no longer accepts (logged out, password changed) is replaced by a new login
    valid.clear();
    const third = fakePage();
    await loginAs(third.asPage, e2e, 'grace@example.com', 'grace-password-1');
    expect(logins()).toBe(2);
    expect(tokenOf(third)).toBe('token-2');
  });
});

describe('shot', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('takes no screenshot unless LANTERN_SCREENSHOTS=1', async () => {
    vi.stubEnv('LANTERN_SCREENSHOTS', '');
    vi.resetModules();
    const off = await import('../support/e2e-server');
    const { page, asPage } = fakePage();
    await off.shot(asPage, 'unit-test-shot');
    expect(page.screenshot).not.toHaveBeenCalled();

    vi.stubEnv('LANTERN_SCREENSHOTS', '1');
    vi.resetModules();
    const on = await import('../support/e2e-server');
    await on.shot(asPage, 'unit-test-shot');
    expect(page.screenshot).toHaveBeenCalledWith(
      expect.objectContaining({ fullPage: true, path: expect.stringMatching(/tests\/artifacts\/screenshots\/unit-test-shot\.png$/) }),
    );
  });
});
