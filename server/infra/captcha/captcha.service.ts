import { randomUUID } from 'node:crypto';
import type { CaptchaRecord } from '../../contract/api/user.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { needsCaptcha, type CaptchaAction } from './captcha.policy.js';
import * as repo from './captcha.repository.js';

const CAPTCHA_TTL_SECONDS = 5 * 60;

/**
 * The built-in image captcha (the reference delegates to a plugin; with none, checks pass).
 * `enabled` comes from the plugin switch; tests may turn it off.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly isEnabled: () => Promise<boolean>,
  ) {}

  private day(now: number): string {
    return new Date(now * 1000).toISOString().slice(0, 10);
  }

  /** Whether the unit's next action needs a captcha; staff never do. */
  async required(action: CaptchaAction, unit: string, staff = false): Promise<boolean> {
    if (staff || !(await this.isEnabled())) return false;
    const now = this.clock.now();
    const rec = await repo.findRecord(this.db, unit, action, this.day(now));
    return needsCaptcha(action, rec, now);
  }

  /** Answers GET user/action/record: a fresh captcha when one is needed. */
  async record(action: CaptchaAction, unit: string, staff = false): Promise<CaptchaRecord> {
    const verify = await this.required(action, unit, staff);
    if (!verify) return { captcha_id: '', captcha_img: '', verify: false };
    return { ...(await this.create()), verify: true };
  }

  /** Makes a new captcha image. */
  async create(): Promise<{ captcha_id: string; captcha_img: string }> {
    // loaded on the first captcha asked for, not at the server's start (see loadOnUse)
    const { default: svgCaptcha } = await import('svg-captcha');
    const cap = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', background: '#f4f4f4' });
    const id = randomUUID();
    const now = this.clock.now();
    await repo.insertCaptcha(this.db, { id, answer: cap.text.toLowerCase(), created_at: now, expires_at: now + CAPTCHA_TTL_SECONDS });
    return { captcha_id: id, captcha_img: `data:image/svg+xml;base64,${Buffer.from(cap.data).toString('base64')}` };
  }

  /** Checks an answer; each captcha can be tried once. */
  async verify(id: string | undefined, code: string | undefined): Promise<boolean> {
    if (!id || !code) return false;
    const answer = await repo.takeCaptcha(this.db, id, this.clock.now());
    return answer !== undefined && answer === code.trim().toLowerCase();
  }

  /** Counts one action of a unit. */
  async count(action: CaptchaAction, unit: string): Promise<void> {
    const now = this.clock.now();
    await repo.bumpRecord(this.db, unit, action, this.day(now), now);
  }

  /**
   * Deletes what has expired: captchas past their five minutes (one is made for every form that
   * asks, answered or not) and the counters of past days (one per unit, action and day: every
   * search counts one for its user or address).
   */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now();
    await repo.deleteExpiredCaptchas(this.db, now);
    await repo.deleteRecordsBefore(this.db, this.day(now));
  }

  /** Forgets a unit's count (successful login clears failures). */
  async clear(action: CaptchaAction, unit: string): Promise<void> {
    await repo.clearRecord(this.db, unit, action);
  }
}
