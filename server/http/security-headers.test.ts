import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';

// Documents get helmet's whole set of headers; API answers (JSON for scripts) only the two that mean
// anything for them.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.stop();
});

describe('security headers', () => {
  it('an API answer is not sniffed and not readable by other sites, without the document headers', async () => {
    for (const path of ['/answer/api/v1/question/page?page=1&page_size=5', '/answer/api/v1/no-such-route']) {
      const r = await app.call('GET', path);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(r.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('anything else gets the content security policy and the rest', async () => {
    const r = await app.call('GET', '/healthz');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
