#!/usr/bin/env node
// The `lantern` bin. Runs the built CLI (out/main/cli.js, made by `npm run build` with the server),
// which needs the production dependencies only (`npm install --omit=dev`). In a source checkout whose
// build is missing or older than the sources, it runs the TypeScript (server/cli/lantern.ts) through
// tsx, a dev dependency, instead.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = new URL('../../out/main/cli.js', import.meta.url);
const source = new URL('./lantern.ts', import.meta.url);

const hasBuild = existsSync(built);
const hasSource = existsSync(source);
// only a source checkout can be stale (build-freshness.mjs sits beside the sources)
const stale =
  hasBuild && hasSource && (await import('../build-freshness.mjs')).buildState(root, undefined, ['out/main/cli.js']).state === 'stale';

if (hasBuild && !stale) {
  await import(built.href);
} else {
  const tsx = hasSource ? await import('tsx/esm/api').catch(() => null) : null;
  if (tsx) {
    tsx.register();
    await import(source.href);
  } else if (hasBuild) {
    // older than the sources, but without tsx it is what there is
    await import(built.href);
  } else {
    process.stderr.write(
      'The lantern command is not built: run `npm run build` (it makes out/main/cli.js), or install the dev dependencies (`npm install`) to run it from the sources with tsx.\n',
    );
    process.exit(1);
  }
}
