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
    setupFiles: ['tests/support/vitest-setup.ts'],
  },
});
