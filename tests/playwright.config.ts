import { defineConfig } from '@playwright/test';

/** Playwright in Debian's Chromium against the built app (npm test builds first). */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/playwright',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/e2e-global-setup.ts',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
    trace: 'off',
  },
});
