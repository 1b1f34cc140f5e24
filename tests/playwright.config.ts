import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './support/find-browser.mjs';

// CHROMIUM_PATH, else Debian's /usr/bin/chromium, Ubuntu's chromium-browser, Google Chrome... (none: Playwright's own)
const browser = findBrowser();

/**
 * Playwright in Debian's Chromium against the built app (npm test builds first). Two workers: each
 * spec file runs in one worker against a server (port, data dir) of its own, started in its beforeAll
 * from the template databases the global setup prepares; tests within a file run in order.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/playwright',
  workers: Number(process.env.LANTERN_E2E_WORKERS ?? 2),
  retries: 0,
  // a spec's beforeAll (server start + set-up through the API) shares this limit: on a machine loaded by
  // other work it ran past 60 s; a passing test takes no longer for it
  timeout: 90_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/e2e-global-setup.ts',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: browser.ok ? browser.path : undefined,
      args: [...CHROMIUM_ARGS, '--disable-quic'],
    },
    trace: 'off',
  },
});
