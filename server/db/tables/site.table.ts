import type { SiteInfoStatus } from '../../contract/enums.js';
/** site_info: one JSON document per settings group. */
export interface SiteInfoTable {
  type: string;
  content: string;
  status: SiteInfoStatus;
  updated_at: number;
}

/** config: keyed values with the reference's fixed ids (reputation, privileges, reasons). */
export interface ConfigTable {
  id: number;
  key: string;
  value: string;
}

/** uniqid: the one global counter behind object ids. */
export interface UniqidTable {
  id: import('kysely').Generated<number>;
  uniqid_type: number;
}

/** captcha: image captchas waiting for an answer. */
export interface CaptchaTable {
  id: string;
  answer: string;
  created_at: number;
  expires_at: number;
}

/** captcha_spent: proof-of-work challenges already used, until their expiry. */
export interface CaptchaSpentTable {
  id: string;
  expires_at: number;
}

/** action_record: per-unit, per-action counters that decide when a captcha is needed. */
export interface ActionRecordTable {
  unit: string;
  action: string;
  day: string;
  count: number;
  first_at: number;
  last_at: number;
}

/** rate_limit: attempts counted per key hash until the window's end (unix seconds). */
export interface RateLimitTable {
  key_hash: string;
  count: number;
  expires_at: number;
}

/** request_guard: hashes of recent successful create requests (duplicate-submission guard). */
export interface RequestGuardTable {
  key_hash: string;
  expires_at: number;
}
