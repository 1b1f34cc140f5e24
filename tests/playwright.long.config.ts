import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The long browser tests (`npm run test:long` runs them after the crash and soak tests): Playwright
 * specs in tests/long (*.spec.ts; the *.test.ts files there are vitest's), in Chromium against the
 * built app, as the e2e suite runs.
 */
export default defineConfig({
  ...base,
  testDir: './long',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/playwright-long',
  timeout: 15 * 60_000,
});
