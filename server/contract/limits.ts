import type { ApiKeyScope } from './api/api-key.js';
import type { WebhookEvent } from './api/webhook.js';
/** Business constants shared by server and renderer (spec section 9). */
export const LIMITS = {
  displayName: { min: 2, max: 30 },
  username: { min: 2, max: 30 },
  adminProfileName: { min: 3, max: 30 },
  password: { min: 8, max: 32 },
  email: { max: 500 },
  bio: { max: 4096 },
  website: { max: 500 },
  location: { max: 100 },
  siteName: { max: 30 },
  siteUrl: { max: 512 },
  tagName: { max: 35 },
  title: { min: 6, max: 150 },
  answer: { min: 6 },
  uploadBytes: 4 * 1024 * 1024,
  smtpPort: { min: 1, max: 65535 },
  bulkUsers: { max: 5000 },
} as const;

/** Registration/login name characters: a-z A-Z 0-9 space - . _ */
export const DISPLAY_NAME_PATTERN = /^[A-Za-z0-9 ._-]+$/;
/** Username characters: a-z 0-9 - . _ */
export const USERNAME_PATTERN = /^[a-z0-9._-]+$/;

/** Timing constants of the client (spec section 9). */
export const TIMING = {
  toastMs: 5000,
  skeletonDelayMs: 1000,
  notificationPollMs: 3000,
  requestTimeoutMs: 10000,
  userRefreshThrottleMs: 10000,
  draftDebounceMs: 3000,
  localStorageTtlMs: 7 * 24 * 3600 * 1000,
} as const;

/** The two scopes of Answer's API keys: read-only keys make GET requests only. */
export const API_KEY_SCOPES = ['read-only', 'global'] as const satisfies readonly ApiKeyScope[];

/** Longest description of an API key (Answer: lte=150). */
export const API_KEY_DESCRIPTION_MAX = 150;

/** The events a webhook can receive, in the order the admin page lists them. */
export const WEBHOOK_EVENTS = [
  'question.created',
  'answer.created',
  'answer.accepted',
  'comment.created',
  'user.registered',
  'report.created',
] as const satisfies readonly WebhookEvent[];

/** Roles and mail statuses are named in enums.ts with the other stored codes. */
export { MAIL_STATUS, ROLE } from './enums.js';
