// The Chromium (or Chrome) the browser tests drive: CHROMIUM_PATH when set, else the usual
// install locations and names on PATH. Used by `npm test` (tests/run-all.mjs), which stops at
// once naming the one command to run when there is none, and by tests/playwright.config.ts.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Where Linux and macOS put Chromium or Chrome, first match wins. The tests run headless, so Debian's
 * chromium-headless-shell (the old headless build, what Playwright itself runs headless) comes first: a page
 * load in a new context costs it a fifth of the CPU time full Chromium's headless mode spends on it.
 */
export const BROWSER_PATHS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];
/** The flags the tests and benches start Chromium with: headless in a container, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Names looked up on PATH when none of the paths exists. */
export const BROWSER_NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * {ok: true, path} or {ok: false, reason, fix} where fix is the one command to run.
 * @param {{ env?: Record<string, string | undefined>, executable?: (p: string) => boolean, platform?: string, isRoot?: boolean }} [deps]
 */
export function findBrowser({
  env = process.env,
  executable = isExecutable,
  platform = process.platform,
  isRoot = process.getuid?.() === 0,
} = {}) {
  if (env.CHROMIUM_PATH) {
    if (executable(env.CHROMIUM_PATH)) return { ok: true, path: env.CHROMIUM_PATH };
    return {
      ok: false,
      reason: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file`,
      fix: 'unset CHROMIUM_PATH or point it at a Chromium or Chrome binary',
    };
  }
  const found = BROWSER_PATHS.find((p) => executable(p));
  if (found) return { ok: true, path: found };
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of BROWSER_NAMES) {
    const hit = dirs.map((d) => join(d, name)).find((p) => executable(p));
    if (hit) return { ok: true, path: hit };
  }
  const apt = platform === 'linux' && dirs.some((d) => executable(join(d, 'apt-get')));
  const fix = apt
    ? `${isRoot ? '' : 'sudo '}apt-get install -y chromium-headless-shell`
    : 'install Chromium or Google Chrome, or set CHROMIUM_PATH to its binary';
  return { ok: false, reason: 'no Chromium or Chrome found for the browser tests', fix };
}
