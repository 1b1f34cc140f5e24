import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// files that replace modules (vi.mock) get a module registry of their own: a shared one would carry the
// replacement into the files after them
const OWN_MODULES = ['server/db/slow-work-outside-transactions.test.ts'];

/**
 * Unit and API tests: server and src-main in node, renderer components in happy-dom (per-file pragma; its set-up is about a third of jsdom's, which
 * took 76 s of a 330 s unit step).
 * Speed (npm test's unit step): one worker per core; files share one module registry per worker,
 * so the server's and React's imports are evaluated once per worker instead of once per file (the
 * server is built per test app, and each renderer test renders its own QueryClient and router; the
 * DOM is cleaned up after each test). Files that vi.mock a module keep a registry of their own.
 */
export default defineConfig({
  root,
  // node_modules may be a link to another checkout (worktrees): let ?url imports of its files through
  server: { fs: { allow: ['..'] } },
  test: {
    environment: 'node',
    // bounds for a hung test, not waits: a passing test ends when it is done. The import and fuzz tests take
    // up to 19 s on a loaded two-core machine (a 20 s bound was too close)
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default leaves one core idle (n - 1 workers): on two cores that ran every file in turn
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/support/vitest-setup.ts'],
    // files share a process: an environment variable or global a test stubs is put back after it
    unstubEnvs: true,
    unstubGlobals: true,
    // migrates and installs the template database every test app copies, once per run
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'src-main/**/*.test.ts', 'src-preload/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: OWN_MODULES,
        },
      },
    ],
  },
});
