import type { Response } from 'express';
import type { AppContext } from '../app-context.js';
import type { DomainEventType } from '../infra/events.js';
import type { LanguageCode } from '../contract/languages.js';
import { ANSWER_STATUS, QUESTION_STATUS } from '../contract/enums.js';
import { translate } from '../contract/messages/index.js';
import { ok, requestLanguage } from './envelope.js';
import { currentSession } from './auth.js';

/**
 * Answers that are the same for every viewer (a question list page, a search's results) may be
 * reused for a moment: a LAN of readers opening the home page at once then costs one query. They
 * are kept serialised, so a reuse writes stored bytes (no JSON encoding, no ETag hashing), and
 * they are dropped at once on any change the services announce; anything unannounced (a view
 * count) shows within the TTL. With several server processes each keeps its own, which the TTL
 * bounds.
 */

/** Changes after which shared lists and search results are stale. */
export const CONTENT_CHANGING_EVENTS = [
  'question.created',
  'answer.created',
  'answer.accepted',
  'post.edited',
  'post.status',
  'vote.cast',
  'user.profile_updated',
  'revision.reviewed',
  'comment.created',
] as const satisfies readonly DomainEventType[];

/** One success envelope, serialised once, with its ETag (none when the app makes none). */
export interface SharedBody {
  bytes: Buffer;
  etag: string | undefined;
}

/** The app's own ETag function (Express's 'etag fn' setting), as it would tag any other answer. */
export type EtagOf = ((body: Buffer) => string) | undefined;

/** Serialises a success envelope and tags it once. */
export function sharedBody(language: LanguageCode, data: unknown, etagOf: EtagOf): SharedBody {
  const bytes = Buffer.from(
    JSON.stringify({ code: 200, reason: 'base.success', msg: translate(language, 'base.success'), data: data ?? null }),
  );
  return { bytes, etag: etagOf?.(bytes) };
}

/**
 * Cache key prefix of pages as an anonymous reader sees them: a question, its answers and comments,
 * a user's profile and top posts. Each read there makes several queries, and a LAN reading one
 * question at once would otherwise make them all again for every reader.
 */
export const READER_PAGE_KEY = 'reader-page:';

/**
 * Changes after which reader pages are stale, beyond CONTENT_CHANGING_EVENTS: a question's bookmark
 * and follower counts, a comment's text, who follows a user, the names, avatars, reputation, status
 * and last login the pages show of their users, tags, the settings pages are made with (permalinks,
 * avatars, required tags), and the bulk writes of imports and purges.
 */
export const READER_PAGE_EVENTS = [
  ...CONTENT_CHANGING_EVENTS,
  'collection.switched',
  'comment.edited',
  'user.followed',
  'user.unfollowed',
  'user.changed',
  'rank.changed',
  'tag.changed',
  'settings.changed',
  'content.imported',
  'content.purged',
] as const satisfies readonly DomainEventType[];

/** The account changes a reader page shows (a profile's name, status, last login); password, email and interface show on none. */
const SHOWN_ACCOUNT_CHANGES = new Set(['login', 'activated', 'status', 'role', 'profile', 'deleted']);

/**
 * Changes after which every reviewer's red dot is stale: the review work it counts (suggested edits,
 * queued posts, flags) and the privileges that say who reviews what.
 */
export const RED_DOT_EVENTS = [
  'revision.submitted',
  'revision.reviewed',
  'review.settled',
  'report.created',
  'report.handled',
  'settings.changed',
  'content.imported',
  'content.purged',
] as const satisfies readonly DomainEventType[];

/**
 * Changes to users' rows or roles, which resolved sessions hold whole (GET user/info answers from
 * them): a session is found by its token, not its user, so these drop them all.
 */
export const SESSION_EVENTS = [
  'user.changed',
  'user.profile_updated',
  'rank.changed',
  'question.created',
  'answer.created',
  'post.status',
  'user.followed',
  'user.unfollowed',
  'content.imported',
  'content.purged',
] as const satisfies readonly DomainEventType[];

/** Where the reused answers are kept (prefixes of the cache keys, and one user's red dot). */
export interface ReusedAnswers {
  readerPages: string;
  redDots: string;
  redDotOf: (userId: number) => string;
  sessions: string;
}

/**
 * Drops reused answers on the changes the services announce, as they are announced (before the
 * writer's response goes out), so a write shows at once to the reader who made it and to everyone
 * else: reader pages and sessions by prefix, red dots by user where only one user's changed. A
 * write that announces nothing changes nothing these answers show.
 */
export function dropReusedOnChange(ctx: AppContext, where: ReusedAnswers): void {
  const drop = (key: string) => () => ctx.cache.invalidate(key);
  for (const type of READER_PAGE_EVENTS)
    ctx.events.onEmit(type, (e) => {
      if (e.type === 'user.changed' && !SHOWN_ACCOUNT_CHANGES.has(e.change)) return;
      ctx.cache.invalidate(where.readerPages);
    });
  for (const type of RED_DOT_EVENTS) ctx.events.onEmit(type, drop(where.redDots));
  // a queued post adds to the queue's count; a published or deleted one takes from it
  ctx.events.onEmit('question.created', (e) => {
    if (e.status === QUESTION_STATUS.pending) ctx.cache.invalidate(where.redDots);
  });
  ctx.events.onEmit('answer.created', (e) => {
    if (e.status === ANSWER_STATUS.pending) ctx.cache.invalidate(where.redDots);
  });
  ctx.events.onEmit('post.status', (e) => {
    if (e.action === 'approved' || e.action === 'deleted') ctx.cache.invalidate(where.redDots);
  });
  // what one user may review follows their reputation and role
  ctx.events.onEmit('rank.changed', (e) => ctx.cache.invalidate(where.redDotOf(e.userId)));
  ctx.events.onEmit('user.changed', (e) => ctx.cache.invalidate(where.redDotOf(e.userId)));
  for (const type of SESSION_EVENTS) ctx.events.onEmit(type, drop(where.sessions));
}

/** Drops the cache entries under `prefix` whenever content changes (as it is announced). */
export function dropOnContentChange(ctx: AppContext, prefix: string): void {
  for (const type of CONTENT_CHANGING_EVENTS) ctx.events.onEmit(type, () => ctx.cache.invalidate(prefix));
}

/**
 * Writes the success envelope of `compute()`, reused for `ttlMs` under `key` (per language, since
 * the envelope's message is translated). `key` must hold everything the answer depends on. With
 * ttlMs 0 every call computes. A conditional request whose ETag still matches gets a 304.
 */
export async function okShared(
  ctx: AppContext,
  res: Response,
  key: string,
  ttlMs: number,
  compute: () => Promise<unknown>,
  /** Runs once the body is there, reused or not, before it is sent (a question's view is counted so). */
  beforeSend?: () => Promise<void>,
): Promise<void> {
  const language = requestLanguage(res.req);
  const etagOf = res.app.get('etag fn') as EtagOf;
  const body =
    ttlMs > 0
      ? await ctx.cache.get(`${key}|${language}`, ttlMs, async () => sharedBody(language, await compute(), etagOf))
      : sharedBody(language, await compute(), etagOf);
  await beforeSend?.();
  // with the ETag already set, Express neither hashes the bytes again nor skips the 304
  if (body.etag) res.set('ETag', body.etag);
  res.status(200).type('application/json; charset=utf-8').send(body.bytes);
}

/**
 * Writes a page that is the same for every anonymous reader (`key` holds everything else it depends
 * on), reused for `pageTtlMs`; a signed-in caller's page is made for them (their votes, their
 * bookmarks, what they may see). With `everyone`, the page does not depend on the caller at all.
 */
export async function okReaderPage(
  ctx: AppContext,
  res: Response,
  key: string,
  compute: () => Promise<unknown>,
  everyone = false,
): Promise<void> {
  if ((!everyone && currentSession(res)) || ctx.config.pageTtlMs <= 0) return ok(res, await compute());
  await okShared(ctx, res, READER_PAGE_KEY + key, ctx.config.pageTtlMs, compute);
}
