import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';

const fakeRendererDirs: string[] = [];
afterAll(() => {
  for (const dir of fakeRendererDirs) rmSync(dir, { recursive: true, force: true });
});

function fakeRenderer(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-ui-'));
  fakeRendererDirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  return dir;
}

let app: TestApp;
afterEach(async () => app.stop());

const JSON_ONLY = { accept: 'application/json' };
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the UI page and missing routes', () => {
  it('answers GET / with the UI page for any client, and a JSON-only request for a missing path with the 404 envelope', async () => {
    app = await startTestApp({ config: { rendererDir: fakeRenderer() } });
    for (const headers of [JSON_ONLY, BROWSER, {}]) {
      const root = await app.call('GET', '/', { headers });
      expect(root.status).toBe(200);
      expect(root.headers.get('content-type')).toContain('text/html');
      expect(root.body).toContain('<div id="root">');
    }
    const missing = await app.call('GET', '/__no_such_route__', { headers: JSON_ONLY });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, reason: 'base.not_found' });
    // what api-coverage compares: GET / differs from a missing route
    expect((await app.call('GET', '/__no_such_route_2__/x9', { headers: JSON_ONLY })).status).toBe(404);
  });

  it('still serves every UI route to a browser (the page draws its own 404)', async () => {
    app = await startTestApp({ config: { rendererDir: fakeRenderer() } });
    for (const path of ['/questions/123/some-title', '/users/login', '/no/such/page']) {
      const r = await app.call('GET', path, { headers: BROWSER });
      expect(r.status).toBe(200);
      expect(r.body).toContain('<div id="root">');
    }
  });

  it('sends a JSON client to the installer from / before install, as the reference', async () => {
    app = await startTestApp({ install: false, config: { rendererDir: fakeRenderer() } });
    const r = await app.call('GET', '/', { headers: JSON_ONLY });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/install');
  });
});
