/** Shared vitest setup: quiet logs unless asked for. */
process.env.LANTERN_LOG_LEVEL ??= 'silent';

// Renderer tests (happy-dom): findBy* and waitFor wait up to 5 s for their condition instead of Testing
// Library's 1 s. A passing test is no slower; on a loaded two-core CI machine a render plus a mocked
// fetch can take longer than 1 s, and that was a failure of the machine, not of the code.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
  // renderer files share a worker's window (isolate: false): what a test leaves in local storage (a draft, a
  // token) would be found by the next test or the next file's forms
  const { afterEach } = await import('vitest');
  afterEach(() => localStorage.clear());
}

// a module, so the top-level await above is allowed
export {};
