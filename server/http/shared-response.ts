import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../app-context.js';
import type { DomainEventType } from '../infra/events.js';
import type { LanguageCode } from '../contract/languages.js';
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
 * Drops the entries under the prefixes after every write that succeeded, whatever it changed: the
 * announced changes drop reader pages at once (see dropOnContentChange), and this catches the rest
 * (a bookmark's count, a comment's edit, a review that changes a reviewer's count, an admin's
 * change of a user), so nothing waits for the TTL.
 */
export function dropReusedAfterWrites(ctx: AppContext, prefixes: string[]): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS')
      res.once('finish', () => {
        if (res.statusCode >= 400) return;
        for (const prefix of prefixes) ctx.cache.invalidate(prefix);
      });
    next();
  };
}

/** Drops the cache entries under `prefix` whenever content changes. */
export function dropOnContentChange(ctx: AppContext, prefix: string): void {
  for (const type of CONTENT_CHANGING_EVENTS) ctx.events.on(type, () => ctx.cache.invalidate(prefix));
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
