// Whether an Electron binary can be run here. `require('electron')` returns the binary's path,
// and throws when the package's install script did not download it (offline machines, CI).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Returns {ok: true, path} or {ok: false, reason}. */
export function detectElectron(requireFn = createRequire(import.meta.url), env = process.env) {
  if (env.ELECTRON_PATH) {
    return existsSync(env.ELECTRON_PATH) ? { ok: true, path: env.ELECTRON_PATH } : { ok: false, reason: `ELECTRON_PATH ${env.ELECTRON_PATH} does not exist` };
  }
  try {
    const path = requireFn('electron');
    if (typeof path === 'string' && existsSync(path)) return { ok: true, path };
    return { ok: false, reason: 'the electron package has no binary' };
  } catch (err) {
    return { ok: false, reason: `the Electron binary is not installed (${err instanceof Error ? err.message.split('\n')[0] : String(err)})` };
  }
}
