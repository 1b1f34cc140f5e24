import { randomBytes, randomUUID } from 'node:crypto';
import type { CaptchaRecord } from '../../contract/api/user.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { ALTCHA_ID_PREFIX, checkAltcha, createAltcha } from './altcha.js';
import { needsCaptcha, type CaptchaAction } from './captcha.policy.js';
import * as repo from './captcha.repository.js';
import { drawCode, randomCode } from './code-image.js';

const CAPTCHA_TTL_SECONDS = 5 * 60;
const CODE_LENGTH = 5;

/** Which captcha a client draws: Lantern's UI runs the altcha widget, any other client shows an image. */
export type CaptchaKind = 'image' | 'altcha';

/** The captcha's settings (the plugin's form). */
export interface CaptchaSettings {
  /** The proof of work's largest counter: the attempts a browser may need. */
  maxNumber: number;
}

/**
 * The built-in captcha (the reference delegates to a plugin; with none, checks pass): an altcha
 * proof of work for Lantern's UI, an image code for stock Answer clients. `enabled` comes from the
 * plugin switch; tests may turn it off.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly isEnabled: () => Promise<boolean>,
    private readonly settings: () => Promise<CaptchaSettings>,
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

  /** Answers GET user/action/record: a fresh captcha of the kind asked for when one is needed. */
  async record(action: CaptchaAction, unit: string, staff = false, kind: CaptchaKind = 'image'): Promise<CaptchaRecord> {
    const verify = await this.required(action, unit, staff);
    if (!verify) return { captcha_id: '', captcha_img: '', verify: false };
    if (kind === 'altcha') return { ...(await this.createAltcha()), verify: true };
    return { ...(await this.create()), verify: true };
  }

  /** Makes a new image code (stored until answered or expired). */
  async create(): Promise<{ captcha_id: string; captcha_img: string }> {
    const code = randomCode(CODE_LENGTH);
    const id = randomUUID();
    const now = this.clock.now();
    await repo.insertCaptcha(this.db, { id, answer: code.toLowerCase(), created_at: now, expires_at: now + CAPTCHA_TTL_SECONDS });
    return { captcha_id: id, captcha_img: drawCode(code) };
  }

  /** Makes a new signed proof-of-work challenge; nothing is stored until it is solved. */
  async createAltcha(): Promise<Omit<CaptchaRecord, 'verify'>> {
    const id = `${ALTCHA_ID_PREFIX}${randomUUID()}`;
    const { maxNumber } = await this.settings();
    const altcha = await createAltcha(await this.siteKey(), id, maxNumber, this.clock.now() + CAPTCHA_TTL_SECONDS);
    return { captcha_id: id, captcha_img: '', altcha };
  }

  /** Checks an answer: an image code or an altcha payload; each captcha passes at most once. */
  async verify(id: string | undefined, code: string | undefined): Promise<boolean> {
    if (!id || !code) return false;
    if (id.startsWith(ALTCHA_ID_PREFIX)) return this.verifyAltcha(id, code);
    const answer = await repo.takeCaptcha(this.db, id, this.clock.now());
    return answer !== undefined && answer === code.trim().toLowerCase();
  }

  private async verifyAltcha(id: string, payload: string): Promise<boolean> {
    const proved = await checkAltcha(await this.siteKey(), payload);
    if (!proved || proved.id !== id || proved.expiresAt <= this.clock.now()) return false;
    return repo.spendChallenge(this.db, id, proved.expiresAt);
  }

  /** The site's signing key, made on first use and kept in the database (every process shares it). */
  private async siteKey(): Promise<string> {
    const found = await repo.findCaptchaSecret(this.db);
    if (found) return found;
    await repo.insertCaptchaSecret(this.db, randomBytes(32).toString('hex'), this.clock.now());
    return (await repo.findCaptchaSecret(this.db))!;
  }

  /** Counts one action of a unit. */
  async count(action: CaptchaAction, unit: string): Promise<void> {
    const now = this.clock.now();
    await repo.bumpRecord(this.db, unit, action, this.day(now), now);
  }

  /**
   * Deletes what has expired: image codes past their five minutes (one is made for every stock
   * form that asks, answered or not), used challenges past theirs, and the counters of past days
   * (one per unit, action and day: every search counts one for its user or address).
   */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now();
    await repo.deleteExpiredCaptchas(this.db, now);
    await repo.deleteExpiredSpent(this.db, now);
    await repo.deleteRecordsBefore(this.db, this.day(now));
  }

  /** Forgets a unit's count (successful login clears failures). */
  async clear(action: CaptchaAction, unit: string): Promise<void> {
    await repo.clearRecord(this.db, unit, action);
  }
}
