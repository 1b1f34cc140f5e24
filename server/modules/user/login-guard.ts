import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../http/errors.js';
import { addressUnit, tooManyAttempts } from '../../infra/captcha/rate-limit.js';
import { LANTERN_CAPTCHA } from '../plugin/plugin.registry.js';
import { isPluginEnabled } from '../plugin/plugin.status.js';

/** How long an address a member logged in from stays known to their account (seconds). */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;
/** The longest wait of an (account, address) that keeps failing (seconds). */
const LONGEST_WAIT_SECONDS = 24 * 3600;
/** The captcha's own threshold for logins (captcha.policy's 'password'): failures from one address. */
const CAPTCHA_PASSWORD_THRESHOLD = 3;

/** One login attempt let through the limits: tell it how the password check ended. */
export interface LoginAttempt {
  /** The password matched: the account's failures from this address are forgotten. */
  succeeded(): Promise<void>;
  /** The password did not match (or there is no such account): counted, and waits set. */
  failed(): Promise<void>;
}

function keysOf(email: string, rawIp: string) {
  const account = email.toLowerCase();
  const ip = addressUnit(rawIp);
  return {
    pair: `login:pair:${ip}:${account}`,
    pairLevel: `login:pair-level:${ip}:${account}`,
    address: `login:address:${ip}`,
    account: `login:account:${account}`,
    accountWait: `login:account-wait:${account}`,
    known: `login:known:${ip}:${account}`,
  };
}

/**
 * Lets a login attempt through, or refuses it, before the password is checked. The attempt is
 * taken from the (account, address) and address counters first, atomically, so parallel guesses
 * never get more checks than the limits allow. Failures on an account from anywhere never lock
 * it: past loginPerAccount, only addresses the account has not logged in from are slowed, by the
 * captcha (plugin on) or a growing wait; its owner at a known address is never refused for them.
 */
export async function admitLogin(
  ctx: AppContext,
  email: string,
  ip: string,
  input: { captcha_id?: string; captcha_code?: string },
): Promise<LoginAttempt> {
  const l = ctx.limits.limits;
  const k = keysOf(email, ip);
  // the account-wide count is read, not taken: a burst from many new addresses at once may pass it
  // by the attempts in flight, each still bounded by its own address's counters taken below
  const live = await ctx.limits.read(k.account, k.accountWait, k.known);
  const accountHot = !live.has(k.known) && (live.get(k.account)?.count ?? 0) >= l.loginPerAccount.max;
  const captchaOn = await isPluginEnabled(ctx.db, LANTERN_CAPTCHA.slug_name, LANTERN_CAPTCHA.defaultEnabled);
  const ipWantsCaptcha = await ctx.captcha.required('password', ip);
  if (ipWantsCaptcha || (accountHot && captchaOn)) {
    if (!(await ctx.captcha.verify(input.captcha_id, input.captcha_code))) {
      // the client asks action/record (by address) whether to draw the captcha: make it say yes
      if (!ipWantsCaptcha) for (let i = 0; i < CAPTCHA_PASSWORD_THRESHOLD; i++) await ctx.captcha.count('password', ip);
      throw fieldError('error.object.captcha_verification_failed', 'captcha_code');
    }
  } else if (accountHot) {
    const wait = live.get(k.accountWait);
    if (wait) throw tooManyAttempts(wait.remaining);
  }
  const [, pairCount] = await ctx.limits.reserve([k.address, l.loginPerAddress], [k.pair, l.loginPerAccountAddress]);

  return {
    async succeeded() {
      await ctx.limits.release(k.address);
      await ctx.limits.clear(k.pair, k.pairLevel);
      await ctx.limits.hit(k.known, KNOWN_ADDRESS_SECONDS);
      await ctx.captcha.clear('password', ip);
    },
    async failed() {
      await ctx.captcha.count('password', ip);
      if (pairCount >= l.loginPerAccountAddress.max) {
        // this address used up its tries on the account: it waits, twice as long each time
        const level = await ctx.limits.hit(k.pairLevel, LONGEST_WAIT_SECONDS);
        await ctx.limits.holdFor(k.pair, Math.min(l.loginDelaySeconds * 2 ** (level - 1), LONGEST_WAIT_SECONDS));
      }
      const failures = await ctx.limits.hit(k.account, l.loginPerAccount.windowSeconds);
      if (failures >= l.loginPerAccount.max) {
        const wait = Math.min(l.loginDelaySeconds * 2 ** (failures - l.loginPerAccount.max), l.loginPerAccount.windowSeconds);
        await ctx.limits.hit(k.accountWait, wait);
        await ctx.limits.holdFor(k.accountWait, wait);
      }
    },
  };
}
