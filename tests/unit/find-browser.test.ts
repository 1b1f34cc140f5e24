import { describe, expect, it } from 'vitest';
import { findBrowser } from '../support/find-browser.mjs';

/** A machine where exactly these files are executable. */
const machine =
  (...files: string[]) =>
  (p: string) =>
    files.includes(p);

describe('finding the browser for npm test', () => {
  it('takes CHROMIUM_PATH first, and names it when it is wrong', () => {
    expect(findBrowser({ env: { CHROMIUM_PATH: '/opt/c/chrome' }, executable: machine('/opt/c/chrome', '/usr/bin/chromium') })).toEqual({
      ok: true,
      path: '/opt/c/chrome',
    });
    expect(findBrowser({ env: { CHROMIUM_PATH: '/opt/none' }, executable: machine('/usr/bin/chromium') })).toMatchObject({
      ok: false,
      reason: 'CHROMIUM_PATH=/opt/none is not an executable file',
    });
  });

  it("prefers Debian's headless shell, the lighter build for headless tests, to full Chromium", () => {
    expect(findBrowser({ env: {}, executable: machine('/usr/bin/chromium', '/usr/bin/chromium-headless-shell') })).toEqual({
      ok: true,
      path: '/usr/bin/chromium-headless-shell',
    });
  });

  it("finds Debian's chromium, Ubuntu's chromium-browser or Google Chrome where they are installed", () => {
    expect(findBrowser({ env: {}, executable: machine('/usr/bin/chromium') })).toEqual({ ok: true, path: '/usr/bin/chromium' });
    expect(findBrowser({ env: {}, executable: machine('/usr/bin/chromium-browser') })).toEqual({
      ok: true,
      path: '/usr/bin/chromium-browser',
    });
    expect(findBrowser({ env: {}, executable: machine('/usr/bin/google-chrome-stable') })).toEqual({
      ok: true,
      path: '/usr/bin/google-chrome-stable',
    });
  });

  it('looks the usual names up on PATH', () => {
    expect(findBrowser({ env: { PATH: '/usr/bin:/home/me/bin' }, executable: machine('/home/me/bin/google-chrome') })).toEqual({
      ok: true,
      path: '/home/me/bin/google-chrome',
    });
  });

  it('names the one command to run when there is none', () => {
    const apt = machine('/usr/bin/apt-get');
    expect(findBrowser({ env: { PATH: '/usr/bin' }, executable: apt, platform: 'linux', isRoot: false })).toEqual({
      ok: false,
      reason: 'no Chromium or Chrome found for the browser tests',
      fix: 'sudo apt-get install -y chromium-headless-shell',
    });
    expect(findBrowser({ env: { PATH: '/usr/bin' }, executable: apt, platform: 'linux', isRoot: true })).toMatchObject({
      fix: 'apt-get install -y chromium-headless-shell',
    });
    expect(findBrowser({ env: { PATH: '/usr/bin' }, executable: machine(), platform: 'darwin' })).toMatchObject({
      fix: 'install Chromium or Google Chrome, or set CHROMIUM_PATH to its binary',
    });
  });
});
