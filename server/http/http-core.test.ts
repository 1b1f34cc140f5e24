import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const fakeRendererDirs: string[] = [];
afterAll(() => {
  for (const dir of fakeRendererDirs) rmSync(dir, { recursive: true, force: true });
});

function fakeRenderer(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-ui-'));
  fakeRendererDirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

describe('the envelope and errors', () => {
  it('answers malformed JSON with 400 request_format_error and data null', async () => {
    app = await startTestApp();
    const r = await app.call('POST', '/installation/init', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, reason: 'base.request_format_error', msg: 'Request format is not valid.', data: null });
  });

  it('answers an oversized body with 413 in the envelope', async () => {
    app = await startTestApp();
    const r = await app.call('POST', '/installation/init', { body: JSON.stringify({ db_type: 'x'.repeat(3 * 1024 * 1024) }) });
    expect(r.status).toBe(413);
    expect(r.body.reason).toBe('base.payload_too_large');
  });

  it('reads no body on a GET: a body sent with one is neither parsed nor refused', async () => {
    const started = await startTestApp();
    app = started;
    // fetch refuses to send a GET with a body; node:http does not
    const get = (body: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${started.url}/answer/api/v1/language/options`, {
          method: 'GET',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    for (const body of ['{not json', JSON.stringify({ page: 'x'.repeat(3 * 1024 * 1024) })]) {
      const r = await get(body);
      expect(r.status).toBe(200);
      expect((JSON.parse(r.body) as { code: number }).code).toBe(200);
    }
  });

  it('translates messages for Accept-Language zh_CN and falls back to English for zh-CN', async () => {
    app = await startTestApp();
    const zh = await app.call('GET', '/answer/api/v1/language/options', { lang: 'zh_CN' });
    expect(zh.body.msg).toBe('成功。');
    const dashed = await app.call('GET', '/answer/api/v1/language/options', { lang: 'zh-CN' });
    expect(dashed.body.msg).toBe('Success.');
  });

  it('answers unknown admin and installation routes with 404 in the envelope', async () => {
    app = await startTestApp();
    for (const path of ['/answer/admin/api/nothing/here', '/installation/nothing']) {
      const r = await app.call('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body).toMatchObject({ code: 404, reason: 'base.not_found', data: null });
    }
  });

  it('serves the language tree for a shipped language and null for another name', async () => {
    app = await startTestApp();
    const en = await app.call('GET', '/answer/api/v1/language/config', { lang: 'en_US' });
    expect(en.body.data.common.app_name).toBe('Lantern');
    const unknown = await app.call('GET', '/answer/api/v1/language/config', { lang: 'xx_YY' });
    expect(unknown.body.data).toBeNull();
  });
});

describe('serving the UI', () => {
  it('sends index.html without caching for any page path, with the base href injected', async () => {
    app = await startTestApp({ config: { rendererDir: fakeRenderer() } });
    const r = await app.call('GET', '/questions/123/some-title');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.headers.get('cache-control')).toContain('no-cache');
    expect(r.body).toContain('<base href="/">');
  });

  it('caches hashed assets for a year and 404s a missing asset instead of sending the page', async () => {
    app = await startTestApp({ config: { rendererDir: fakeRenderer() } });
    const r = await app.call('GET', '/assets/index-abc123.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await app.call('GET', '/assets/missing-zzz.js');
    expect(missing.status).toBe(404);
  });

  it('sends every page to /install before install, and /install home after it', async () => {
    app = await startTestApp({ install: false, config: { rendererDir: fakeRenderer() } });
    const before = await app.call('GET', '/users/login');
    expect(before.status).toBe(302);
    expect(before.headers.get('location')).toBe('/install');
    expect((await app.call('GET', '/install')).status).toBe(200);
    await app.stop();
    app = await startTestApp({ config: { rendererDir: fakeRenderer() } });
    const after = await app.call('GET', '/install');
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toBe('/');
  });

  it('mounts everything under a base path', async () => {
    app = await startTestApp({ config: { basePath: '/qa', rendererDir: fakeRenderer() } });
    expect(app.url.endsWith('/qa')).toBe(true);
    const api = await app.call('GET', '/answer/api/v1/language/options');
    expect(api.status).toBe(200);
    const page = await app.call('GET', '/users/login');
    expect(page.body).toContain('<base href="/qa/">');
    expect(page.body).toContain('<meta name="lantern-base" content="/qa">');
    const health = await app.call('GET', '/healthz');
    expect(health.body).toBe('OK');
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish and then refuses new connections', async () => {
    const started = await startTestApp();
    const { port } = new URL(started.url);
    const body = JSON.stringify({ db_type: 'sqlite3' });
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/installation/init',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      // the rest of the body arrives after close() has begun
      setTimeout(() => req.end(body.slice(5)), 150);
    });
    await new Promise((r) => setTimeout(r, 50));
    const closing = started.lantern.close();
    expect(await answered).toBe(400);
    await closing;
    await expect(fetch(`${started.url}/healthz`)).rejects.toThrow();
  });
});
