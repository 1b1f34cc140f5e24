// Whether the built app in out/ is older than its sources (a `git pull` or an edit since the
// build), so `npm run serve` and the headless `npm start` rebuild instead of silently running
// yesterday's code. A build is as old as its oldest output; a source counts when it is newer.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the build reads: the four source trees, the resources and the build's own configuration. */
export const BUILD_INPUTS = [
  'server',
  'src-main',
  'src-preload',
  'src-renderer',
  'resources',
  'electron.vite.config.ts',
  'bench/route-js.ts',
  'tsconfig.json',
  'package-lock.json',
];
/** What the headless server needs from a build. */
export const BUILD_OUTPUTS = ['out/main/server.js', 'out/renderer/index.html'];

/** Files the build does not read: tests, notes, and these launcher scripts themselves. */
const NOT_BUILT = /\.(test|spec)\.[cm]?[jt]sx?$|\.md$|(^|\/)server\/(serve|build-freshness)\.mjs$/;

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest file under `path` (a file or a folder) that the build reads: {file, mtimeMs} or null. */
function newestUnder(path) {
  const own = mtime(path);
  if (own === null) return null;
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return NOT_BUILT.test(path) ? null : { file: path, mtimeMs: own };
  }
  let best = null;
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const found = newestUnder(join(path, e.name));
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

/**
 * The state of the build under `root`: {state: 'missing', output} when an output is absent,
 * {state: 'stale', changed, builtAt} when a source is newer than the build, else {state: 'fresh', builtAt}.
 */
export function buildState(root, inputs = BUILD_INPUTS, outputs = BUILD_OUTPUTS) {
  let builtAt = Infinity;
  for (const o of outputs) {
    const t = mtime(join(root, o));
    if (t === null) return { state: 'missing', output: o };
    builtAt = Math.min(builtAt, t);
  }
  for (const i of inputs) {
    const found = newestUnder(join(root, i));
    if (found && found.mtimeMs > builtAt) return { state: 'stale', changed: relative(root, found.file), builtAt: new Date(builtAt) };
  }
  return { state: 'fresh', builtAt: new Date(builtAt) };
}

/** The line printed before building, or null when the build is fresh and nobody asked for a rebuild. */
export function rebuildReason(state, forced = false) {
  if (forced) return 'Rebuilding Lantern (LANTERN_REBUILD=1)...';
  if (state.state === 'missing') return `Building Lantern (first run: no ${state.output})...`;
  if (state.state === 'stale')
    return `Rebuilding Lantern: the sources changed since the build of ${state.builtAt.toISOString()} (e.g. ${state.changed})...`;
  return null;
}
