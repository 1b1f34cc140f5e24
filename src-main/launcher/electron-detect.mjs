// Whether an Electron binary can be run here, found the way the electron package finds it
// (node_modules/electron/path.txt names the binary under dist/) but without loading that package:
// loading it throws its own "failed to install correctly, please delete node_modules/electron"
// where the install script could not download the binary (offline machines, CI), which is not
// what a user should be told. Every file-system access is injectable for tests.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The folder of the installed electron package, or null. */
function defaultPackageDir() {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Returns {ok: true, path} or {ok: false, reason}.
 * @param {{ env?: Record<string, string | undefined>, packageDir?: () => string | null, exists?: (p: string) => boolean, read?: (p: string) => string | null }} [deps]
 */
export function detectElectron({ env = process.env, packageDir = defaultPackageDir, exists = existsSync, read = readText } = {}) {
  if (env.ELECTRON_PATH) {
    return exists(env.ELECTRON_PATH)
      ? { ok: true, path: env.ELECTRON_PATH }
      : { ok: false, reason: `ELECTRON_PATH ${env.ELECTRON_PATH} does not exist` };
  }
  const dir = packageDir();
  if (!dir) return { ok: false, reason: 'the electron package is not installed' };
  const name = read(join(dir, 'path.txt'));
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, name || 'electron');
    return exists(path) ? { ok: true, path } : { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${name || 'electron'}` };
  }
  if (!name) return { ok: false, reason: "Electron's binary was not downloaded when the packages were installed" };
  const path = join(dir, 'dist', name);
  return exists(path) ? { ok: true, path } : { ok: false, reason: `Electron's binary is missing (${path})` };
}

/** What `npm start` prints when it serves without the desktop window. */
export function headlessNotice(reason) {
  return [
    `The desktop window is not available here: ${reason}.`,
    'Lantern runs as a local server instead: open the URL printed below in a browser.',
    'For the window, set ELECTRON_PATH to an Electron binary, or fetch it with internet access: node node_modules/electron/install.js',
    '',
  ].join('\n');
}
