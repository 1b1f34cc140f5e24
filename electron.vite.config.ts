import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { formatRouteJs, routeInitialJs } from './bench/route-js';
import { defineConfig } from 'electron-vite';

/**
 * One build for the three parts: the main process (and the headless server entry it shares),
 * the sandboxed preload (CommonJS, as Electron requires for sandboxed preloads) and the
 * renderer, which the server also hands to LAN browsers.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/index.ts'),
          server: resolve(__dirname, 'server/main.ts'),
          // the `lantern` command (server/cli/bin.mjs runs it): production dependencies only, no tsx
          cli: resolve(__dirname, 'server/cli/lantern.ts'),
          // `lantern/testing` (package.json exports): Playwright fixtures for testers; Playwright stays theirs
          testing: resolve(__dirname, 'testing/index.ts'),
        },
      },
      externalizeDeps: { include: ['@playwright/test'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    base: './',
    plugins: [react(), printRouteJs()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // the bench reads it to size each route's initial JavaScript
      manifest: true,
      // LAN browsers download this: ship it minified
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});

/** After the renderer is written: the gzipped initial JavaScript of each main route (code-split by route). */
function printRouteJs(): Plugin {
  return {
    name: 'lantern-route-js',
    apply: 'build',
    closeBundle() {
      const sizes = routeInitialJs(resolve(__dirname, 'out/renderer'));
      if (Object.keys(sizes).length)
        process.stdout.write(`\nInitial JavaScript per route (entry + route chunk, gzipped):\n${formatRouteJs(sizes)}\n`);
    },
  };
}
