import type {} from 'altcha/types/global';

let loading: Promise<void> | undefined;

/**
 * Loads the altcha widget once, on the first captcha shown (pages that never ask load none of it).
 * The `external` build: no inline worker (the page's CSP allows workers from 'self' only); the
 * PBKDF2 worker is a file of the build, registered for the one algorithm the server uses.
 */
export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/external');
    await import('altcha/altcha.css');
    if (typeof Worker === 'undefined') return;
    const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  })();
  return loading;
}
