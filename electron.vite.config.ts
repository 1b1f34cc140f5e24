import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, posix, resolve } from 'node:path';
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
    plugins: [workerEntries()],
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

/**
 * `new URL('./name.mjs', import.meta.url)` or `new URL('./name.ts', import.meta.url)`: a worker thread's entry
 * file beside the module that starts it (plain JavaScript, or TypeScript: see startWorker in server/infra/worker-entry.ts).
 */
const WORKER_ENTRY_URL = /new URL\(\s*(['"])\.\/([\w.-]+\.(?:mjs|ts))\1\s*,\s*import\.meta\.url\s*\)/g;
const WORKER_ENTRY_REF = /__LANTERN_WORKER_ENTRY_([\w$]+)__/g;

/**
 * The server's worker threads run entry files of their own (server/db/dialect/sqlite-read-worker.mjs
 * and the others beside the modules that start them), found by `new URL('./x.mjs', import.meta.url)`.
 * The bundle moves those modules into out/main/chunks/, so each such URL is pointed at its entry in
 * out/main/workers/ (a URL relative to the chunk that holds it): a plain JavaScript entry copied as it
 * is, a TypeScript one bundled (x.ts -> workers/x.js; what it shares with the server goes in a chunk).
 * A URL naming a file that does not exist fails the build.
 */
function workerEntries(): Plugin {
  /** Emitted entries: source path -> reference. */
  const emitted = new Map<string, string>();
  return {
    name: 'lantern-worker-entries',
    apply: 'build',
    buildStart() {
      emitted.clear();
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('import.meta.url')) return null;
      let found = false;
      const out = code.replace(WORKER_ENTRY_URL, (_match, _quote, name: string) => {
        const file = resolve(dirname(id.split('?')[0]), name);
        if (!existsSync(file)) this.error(`worker entry ${name} (named in ${id}) does not exist`);
        let ref = emitted.get(file);
        if (!ref) {
          const taken = [...emitted.keys()].find((f) => basename(f).replace(/\.\w+$/, '') === name.replace(/\.\w+$/, ''));
          if (taken) this.error(`two worker entries are named ${name}: ${taken} and ${file}`);
          ref = name.endsWith('.ts')
            ? this.emitFile({ type: 'chunk', id: file, fileName: `workers/${name.replace(/\.ts$/, '.js')}` })
            : this.emitFile({ type: 'asset', fileName: `workers/${name}`, source: readFileSync(file, 'utf8') });
          emitted.set(file, ref);
        }
        this.addWatchFile(file);
        found = true;
        return `new URL("__LANTERN_WORKER_ENTRY_${ref}__", import.meta.url)`;
      });
      return found ? { code: out, map: null } : null;
    },
    renderChunk(code, chunk) {
      if (!code.includes('__LANTERN_WORKER_ENTRY_')) return null;
      const out = code.replace(WORKER_ENTRY_REF, (_match, ref: string) => {
        const path = posix.relative(posix.dirname(chunk.fileName), this.getFileName(ref));
        return path.startsWith('.') ? path : `./${path}`;
      });
      return { code: out, map: null };
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'chunk' && file.code.includes('__LANTERN_WORKER_ENTRY_'))
          this.error(`a worker entry's URL was left unresolved in ${file.fileName}`);
    },
  };
}
