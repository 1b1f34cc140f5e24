import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The long tests (`npm run test:long`): crash safety and soak against the built server, one file at a time. */
export default defineConfig({
  root,
  server: { fs: { allow: ['..'] } },
  test: {
    include: ['tests/long/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // one at a time: each drives the server as hard as the machine allows, and the soak measures memory
    fileParallelism: false,
  },
});
