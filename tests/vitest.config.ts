import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Unit and API tests: server and src-main in node, renderer components in jsdom (per-file pragma). */
export default defineConfig({
  root,
  // node_modules may be a link to another checkout (worktrees): let ?url imports of its files through
  server: { fs: { allow: ['..'] } },
  test: {
    include: [
      'server/**/*.test.ts',
      'src-main/**/*.test.ts',
      'src-preload/**/*.test.ts',
      'src-renderer/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    // vitest's default leaves one core idle (n - 1 workers): on two cores that ran every file in turn
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/support/vitest-setup.ts'],
    // migrates and installs the template data dir every test app copies, once per run (tests/support/template-db.ts)
    globalSetup: ['tests/support/vitest-global-setup.ts'],
  },
});
