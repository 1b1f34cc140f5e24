import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../http/errors.js';
import { readConfigValue, upsertConfigValue } from '../config/config.repository.js';
import { appSlot } from '../../infra/app-state.js';

// Before install, whoever completes the installer becomes the site's admin. A browser on this
// machine (the desktop window, the person at the keyboard) is trusted; a request from anywhere else
// (a LAN browser, or one that came through a reverse proxy) must also give the one-time setup code
// the server prints on its console, as Jupyter and Grafana do. The code lives in the database, so
// every server process (--processes, PostgreSQL) accepts the same one.

const KEY = 'lantern.install.setup_code';
/** Wrong codes accepted before the code is replaced by a new one (printed again). */
export const MAX_WRONG_CODES = 10;

interface Stored {
  code: string;
  wrong: number;
}

/** Where this app prints its setup code (the server's console), when not the log. */
const ANNOUNCER = appSlot<(line: string) => void>('install.setup-code-announcer');
/** The tail of this app's read-check-write steps on the code. */
const QUEUE = appSlot<Promise<unknown>>('install.setup-code-queue');

/** Where the setup code is printed (the server's console); by default the log. */
export function setSetupCodeAnnouncer(ctx: AppContext, announce: (line: string) => void): void {
  ctx.state.set(ANNOUNCER, announce);
}

function announce(ctx: AppContext, code: string): void {
  const line = `Setup code: ${code} (enter it in the installer to create the admin; a browser on this machine needs none)`;
  const to = ctx.state.get(ANNOUNCER);
  if (to) to(line);
  else ctx.logger.warn(line);
}

function newCode(): string {
  const n = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `${n.slice(0, 4)}-${n.slice(4)}`;
}

/** Runs the code's read-check-write steps of one process one at a time. */
function serial<T>(ctx: AppContext, step: () => Promise<T>): Promise<T> {
  const run = (ctx.state.get(QUEUE) ?? Promise.resolve()).then(step, step);
  ctx.state.set(
    QUEUE,
    run.catch(() => undefined),
  );
  return run;
}

async function read(ctx: AppContext): Promise<Stored | null> {
  try {
    const stored = JSON.parse(await readConfigValue(ctx.db, KEY, 'null')) as Partial<Stored> | null;
    return stored && typeof stored.code === 'string' && /^\d{4}-\d{4}$/.test(stored.code)
      ? { code: stored.code, wrong: Number(stored.wrong) || 0 }
      : null;
  } catch {
    return null;
  }
}

async function write(ctx: AppContext, s: Stored): Promise<void> {
  await upsertConfigValue(ctx.db, KEY, JSON.stringify(s));
}

/** The current code; a new one is made, stored and printed when there is none. */
async function currentCode(ctx: AppContext): Promise<{ stored: Stored; made: boolean }> {
  const stored = await read(ctx);
  if (stored) return { stored, made: false };
  const fresh = { code: newCode(), wrong: 0 };
  await write(ctx, fresh);
  announce(ctx, fresh.code);
  return { stored: fresh, made: true };
}

/** Prints the setup code at the server's start while the site is not installed (making one if needed). */
export async function announceSetupCode(ctx: AppContext): Promise<void> {
  if (await ctx.settings.isInstalled()) return;
  await serial(ctx, async () => {
    const { stored, made } = await currentCode(ctx);
    if (!made) announce(ctx, stored.code);
  });
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * Whether a request comes from a browser on this machine: its connection is from loopback and it
 * did not come through a proxy (a proxy on this machine forwards other machines' requests), unless
 * the proxy is one the admin trusts (--trust-proxy) and names a loopback client.
 */
export function isLocalRequest(ctx: AppContext, req: Request): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  const proxied = !!(req.headers['x-forwarded-for'] || req.headers.forwarded || req.headers['x-real-ip']);
  return !proxied || (ctx.config.trustProxy.length > 0 && isLoopbackAddress(req.ip));
}

/** Whether the installer must ask this request for the setup code. */
export async function setupCodeRequired(ctx: AppContext, req: Request): Promise<boolean> {
  return !isLocalRequest(ctx, req) && !(await ctx.settings.isInstalled());
}

function sameCode(given: string, code: string): boolean {
  const a = Buffer.from(given.replace(/\D/g, ''));
  const b = Buffer.from(code.replace(/\D/g, ''));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Refuses an installer call that writes (or reaches out to a database) from another machine
 * without the right setup code: 400 with a field error on setup_code. Every wrong code counts;
 * the tenth replaces the code with a new one, printed on the console.
 */
export async function checkSetupCode(ctx: AppContext, req: Request, given: string | undefined): Promise<void> {
  if (!(await setupCodeRequired(ctx, req))) return;
  await serial(ctx, async () => {
    const { stored } = await currentCode(ctx);
    if (!given?.trim()) throw fieldError('error.install.setup_code_required', 'setup_code');
    if (sameCode(given, stored.code)) return;
    const wrong = stored.wrong + 1;
    if (wrong >= MAX_WRONG_CODES) {
      const fresh = { code: newCode(), wrong: 0 };
      await write(ctx, fresh);
      announce(ctx, fresh.code);
      ctx.logger.warn({ ip: req.ip }, 'too many wrong setup codes: a new one is printed');
      throw fieldError('error.install.setup_code_renewed', 'setup_code');
    }
    await write(ctx, { code: stored.code, wrong });
    throw fieldError('error.install.setup_code_wrong', 'setup_code', { left: MAX_WRONG_CODES - wrong });
  });
}
