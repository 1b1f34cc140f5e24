import type { AppContext } from '../../app-context.js';
import type { SearchIndexDialect } from '../../db/dialect/sqlite-search.js';
import { decodeId } from '../../infra/ids/object-id.js';
import { isStaff } from '../permission/policy.js';
import type { SessionUser } from '../session/session.service.js';
import { questionTags } from '../tag/tag.usage.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { findUserByUsername } from '../user/user-common.service.js';
import { parseSearch, type ParsedSearch } from './search.parser.js';
import { presentSearchResult } from './search.presenter.js';
import * as repo from './search.repository.js';
import type { SearchQuery } from './search.schema.js';
import { USER_STATUS } from '../../contract/enums.js';

/** How many of the newest posts of each kind having each word (in titles, in bodies) a text search ranks. */
export const NEWEST_MATCHES = 500;
/** Filters leaving at most this many posts check each against the text instead. */
const PER_POST_CHECK_MAX = 3000;

const EMPTY = { count: 0, list: [] as ReturnType<typeof presentSearchResult>[] };

/** The full-text engine of the database in use (made with it: what it keeps between searches is this app's). */
export function searchDialect(ctx: AppContext): SearchIndexDialect {
  return ctx.dialect.search;
}

/** Resolves the author filter: null = none, undefined = nobody matches. */
async function authorId(ctx: AppContext, session: SessionUser | undefined, user: string | null): Promise<number | null | undefined> {
  if (user === null) return null;
  if (user === 'me') return session ? session.user.id : undefined;
  const found = await findUserByUsername(ctx.db, user);
  return found && found.status !== USER_STATUS.deleted ? found.id : undefined;
}

/** Turns the parsed text into a plan; null when a filter names something that does not exist. */
async function plan(
  ctx: AppContext,
  session: SessionUser | undefined,
  parsed: ParsedSearch,
  q: SearchQuery,
): Promise<repo.SearchPlan | null> {
  const tagGroups: string[][] = [];
  for (const slug of parsed.tags) {
    const group = await repo.tagGroup(ctx.db, slug);
    // unlike the reference (which drops unknown tags and searches without them), an unknown tag finds nothing
    if (!group) return null;
    tagGroups.push(group);
  }
  const userId = await authorId(ctx, session, parsed.user);
  if (userId === undefined) return null;
  let inQuestion: string | null = null;
  if (parsed.inQuestion !== null) {
    inQuestion = decodeId(parsed.inQuestion);
    if (!inQuestion) return null;
  }
  // Filters that leave few posts: each is checked against the text on its own. Otherwise, by
  // relevance: the best posts of the whole index (each word's best posts, and those having every
  // word), then, when filters may leave few of those, the newest matches; in the other orders, the
  // newest matches of each kind (bounded work whatever the words).
  const dialect = searchDialect(ctx);
  const narrow =
    parsed.terms.length > 0 &&
    (await repo.filteredSize(ctx.db, { type: parsed.type, userId, tagGroups, inQuestion })) <= PER_POST_CHECK_MAX;
  const rankOf = narrow ? dialect.rankOf(parsed.terms, 'q.id') && ((col: string) => dialect.rankOf(parsed.terms, col)!) : undefined;
  const ranked = !rankOf && q.order === 'relevance' && parsed.terms.length > 0 ? await dialect.rankedMatches(ctx.db, parsed.terms) : null;
  const filtered =
    tagGroups.length > 0 ||
    [userId, parsed.score, parsed.views, parsed.answers, parsed.hasAccepted, parsed.isAccepted, inQuestion].some((f) => f !== null);
  return {
    rankOf: rankOf || undefined,
    type: parsed.type,
    tagGroups,
    userId,
    score: parsed.score,
    views: parsed.views,
    answers: parsed.answers,
    hasAccepted: parsed.hasAccepted,
    isAccepted: parsed.isAccepted,
    inQuestion,
    match: (kind) =>
      (ranked
        ? ranked.table(kind, filtered ? { newestPerType: NEWEST_MATCHES } : {})
        : dialect.matches(parsed.terms, { newestPerType: NEWEST_MATCHES, kind })
      ).as('m'),
    requireMatch: parsed.terms.length > 0,
    order: q.order,
    page: q.page,
    size: q.size,
  };
}

/** Cache key prefix of search results (see okShared). */
export const SEARCH_KEY = 'search:';

/** A search ready to run: what its result depends on (a cache key) and how to compute it. */
export interface PreparedSearch {
  key: string;
  run: () => Promise<{ count: number; list: ReturnType<typeof presentSearchResult>[] }>;
}

/**
 * GET search, first step: the captcha (action search, per user or per IP) and the parse. Each
 * request passes this, reused or not. The result depends only on the text, the order and the page,
 * and on the viewer only through `user:me`, so that is what the key holds.
 */
export async function prepareSearch(
  ctx: AppContext,
  session: SessionUser | undefined,
  ip: string,
  q: SearchQuery,
): Promise<PreparedSearch> {
  const text = (q.q ?? '').trim();
  if (!text) return { key: `${SEARCH_KEY}empty`, run: async () => EMPTY };
  const unit = session ? String(session.user.id) : ip;
  await checkCaptcha(ctx, 'search', unit, isStaff(session), q);
  await ctx.captcha.count('search', unit);
  const parsed = parseSearch(text);
  const me = parsed.user === 'me' ? (session?.user.id ?? null) : null;
  return {
    key: SEARCH_KEY + JSON.stringify([parsed, me, q.order, q.page, q.size]),
    run: () => runSearch(ctx, session, parsed, q),
  };
}

/** GET search, second step: match, filter, rank and present one page. */
async function runSearch(ctx: AppContext, session: SessionUser | undefined, parsed: ParsedSearch, q: SearchQuery) {
  parsed = { ...parsed, terms: await searchDialect(ctx).settleTerms(ctx.db, parsed.terms) };
  const p = await plan(ctx, session, parsed, q);
  if (!p) return EMPTY;
  const { count, rows } = await repo.searchPosts(ctx.db, p);
  if (rows.length === 0) return { count, list: [] };
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const tags = await questionTags(ctx.db, [...new Set(rows.map((r) => r.question_id))], write.required_tag);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  return {
    count,
    list: rows.map((r) => presentSearchResult(r, tags.get(r.question_id) ?? [], users.get(r.user_id), seo.permalink, parsed.terms)),
  };
}

/** GET search/desc: who provides search; the built-in engine shows no credit, as the reference without a search plugin. */
export function searchDesc() {
  return { name: '', icon: '', link: '' };
}
