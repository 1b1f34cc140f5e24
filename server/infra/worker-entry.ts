import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The esbuild API used here (tsx's own esbuild: whatever runs the sources has it). */
interface Esbuild {
  buildSync(options: Record<string, unknown>): { outputFiles: { text: string }[] };
}

/** TypeScript entries bundled in this process: source path -> the bundle's URL. */
const bundled = new Map<string, URL>();

/**
 * A TypeScript worker entry, from the sources (vitest, tsx), bundled to JavaScript as the build
 * bundles it (once per process, with esbuild), into node_modules/.cache/lantern-workers/ (where
 * packages resolve as from the sources), named by its content so processes never clash.
 */
function bundledFromSources(entry: URL): URL {
  const source = fileURLToPath(entry);
  const done = bundled.get(source);
  if (done) return done;
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsx/package.json'))('esbuild') as Esbuild;
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
  });
  const code = outputFiles[0].text;
  const dir = join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules', '.cache', 'lantern-workers');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${basename(source, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temp, code);
  renameSync(temp, file);
  const url = pathToFileURL(file);
  bundled.set(source, url);
  return url;
}

/**
 * Starts a worker thread on `entry`, the URL of its entry file beside the module that starts it
 * (a URL made from import.meta.url). The build bundles a TypeScript entry to
 * out/main/workers/ and points the URL there (workerEntries in electron.vite.config.ts); from the
 * sources it is bundled the same way on first use (bundledFromSources). A plain JavaScript entry
 * (.mjs) runs as it is.
 */
export function startWorker(entry: URL, options: WorkerOptions): Worker {
  return new Worker(entry.pathname.endsWith('.ts') ? bundledFromSources(entry) : entry, options);
}
