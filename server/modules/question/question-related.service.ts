import type { AppContext } from '../../app-context.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { decodeId } from '../../infra/ids/object-id.js';
import { ACTIVITY_TYPE } from '../../contract/enums.js';
import { readThresholds } from '../permission/permission.service.js';
import { canInviteToAnswer, canSeeAllPosts, canSeePost, isStaff } from '../permission/policy.js';
import type { SessionUser } from '../session/session.service.js';
import { questionTags } from '../tag/tag.usage.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { presentQuestionBase } from './question-related.presenter.js';
import * as repo from './question-related.repository.js';
import type { LinkQuery, RecommendQuery, UpdateInviteInput } from './question-related.schema.js';
import { presentQuestionItem } from './question.presenter.js';
import { findQuestion } from '../post/post.repository.js';

const SIMILAR_TITLE_LIMIT = 10;
const SIMILAR_TAG_LIMIT = 6;

/** Whether the viewer may see a question at all: deleted and pending ones only for the owner and staff. */
function visibleTo(session: SessionUser | undefined, q: QuestionRow): boolean {
  return canSeePost(session, q);
}

/** A question by long or short id that the viewer may see, else 404 error.question.not_found. */
async function visibleQuestion(ctx: AppContext, session: SessionUser | undefined, rawId: string): Promise<QuestionRow> {
  const id = decodeId(rawId);
  const q = id ? await findQuestion(ctx.db, id) : undefined;
  if (!q || !visibleTo(session, q)) throw notFound('error.question.not_found');
  return q;
}

/** QuestionPageResp items for some question rows (tags, operator, ids as the permalink setting wants). */
export async function presentQuestionItems(ctx: AppContext, rows: QuestionRow[]) {
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const tags = await questionTags(
    ctx.db,
    rows.map((r) => r.id),
    write.required_tag,
  );
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => presentQuestionItem(r, tags.get(r.id) ?? [], users.get(r.user_id), seo.permalink));
}

/** The user ids stored in question.invite_user_id (a JSON list; anything else counts as empty). */
export function parseInvitedIds(raw: string): number[] {
  try {
    const value: unknown = JSON.parse(raw || '[]');
    if (!Array.isArray(value)) return [];
    return value.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return [];
  }
}

/** GET question/invite: the invited users, in the order they were invited. */
export async function invitedUsers(ctx: AppContext, session: SessionUser | undefined, rawId: string) {
  const q = await visibleQuestion(ctx, session, rawId);
  const ids = parseInvitedIds(q.invite_user_id);
  const users = await userBriefs(ctx.db, await ctx.settings.get('users'), ids);
  return ids.map((id) => users.get(id)).filter((u) => u !== undefined);
}

/**
 * PUT question/invite: replaces the invited users. The question's owner or anyone with the
 * answer.invite_someone_to_answer privilege may do it; unknown usernames are refused (the reference
 * drops them silently). Newly invited users are announced (question.invited).
 */
export async function updateInvitedUsers(ctx: AppContext, session: SessionUser, input: UpdateInviteInput): Promise<void> {
  const q = await visibleQuestion(ctx, session, input.id);
  if (!canInviteToAnswer(session, q.user_id, await readThresholds(ctx, ['answer.invite_someone_to_answer'])))
    throw forbidden('error.rank.fail_to_meet_the_condition');
  const staff = isStaff(session);
  await checkCaptcha(ctx, 'invitation_answer', String(session.user.id), staff, input);
  const names = [...new Set(input.invite_user.map((n) => n.toLowerCase()))];
  const found = await repo.usersByUsernames(ctx.db, names);
  const byName = new Map(found.map((u) => [u.username, u.id]));
  const missing = names.filter((n) => !byName.has(n));
  if (missing.length > 0) {
    throw new AppError(400, 'error.user.not_found', null, [
      { field: 'invite_user', key: 'error.question.invite_users_not_found', params: { names: missing.join(', ') } },
    ]);
  }
  const ids = names.map((n) => byName.get(n)!);
  await repo.setInvitedUsers(ctx.db, q.id, ids);
  if (!staff) await ctx.captcha.count('invitation_answer', String(session.user.id));
  const before = new Set(parseInvitedIds(q.invite_user_id));
  const invited = ids.filter((id) => !before.has(id));
  if (invited.length > 0)
    ctx.events.emit({ type: 'question.invited', questionId: q.id, byUserId: session.user.id, invitedUserIds: invited });
}

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do does did for from has have how i if in into is it its me my no not of on or our should so that the their then there these this ' +
    'to was we were what when where which who why will with would you your get use using vs'
  ).split(' '),
);

/** Lower-cased words of a title: letters/digits with inner + # . _ - (c++, node.js), without stop words unless asked. */
export function titleWords(title: string, keepStopWords = false): string[] {
  const raw = title.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#._-]*/gu) ?? [];
  const words = raw.map((w) => w.replace(/[._-]+$/, '')).filter((w) => w.length >= 2 || /\p{Script=Han}/u.test(w));
  return [...new Set(keepStopWords ? words : words.filter((w) => !STOP_WORDS.has(w)))];
}

/**
 * Word-overlap score of a candidate title against the query words: the share of query words the
 * candidate contains (whole words, or as a substring for words of 4+ characters), plus 1 when the
 * candidate contains the whole typed phrase. 0 means unrelated.
 */
export function similarityScore(queryWords: string[], phrase: string, candidateTitle: string): number {
  const lower = candidateTitle.toLowerCase();
  const tokens = new Set(titleWords(candidateTitle, true));
  const matched = queryWords.filter((w) => tokens.has(w) || (w.length >= 4 && lower.includes(w))).length;
  const phraseHit = phrase.length > 0 && lower.includes(phrase) ? 1 : 0;
  return (queryWords.length > 0 ? matched / queryWords.length : 0) + phraseHit;
}

/** GET question/similar: up to 10 public questions whose titles share the most words with the typed title. */
export async function similarByTitle(ctx: AppContext, title: string) {
  const phrase = title.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!phrase) return [];
  const words = titleWords(phrase)
    .sort((a, b) => b.length - a.length)
    .slice(0, 10);
  const candidates = await repo.titleCandidates(ctx.db, [...new Set([phrase, ...words])], 500);
  const scored = candidates
    .map((q) => ({ q, score: similarityScore(words, phrase, q.title) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || b.q.vote_count - a.q.vote_count || b.q.created_at - a.q.created_at || (a.q.id < b.q.id ? 1 : -1));
  const { permalink } = await ctx.settings.get('seo');
  return scored.slice(0, SIMILAR_TITLE_LIMIT).map((s) => presentQuestionBase(s.q, permalink));
}

/** GET question/similar/tag: up to 6 hot questions of the question's first tag, itself excluded. */
export async function similarByTag(ctx: AppContext, session: SessionUser | undefined, rawId: string) {
  const id = decodeId(rawId);
  const q = id ? await findQuestion(ctx.db, id) : undefined;
  // the reference answers an empty list for unknown questions (the sidebar simply stays empty)
  if (!q || !visibleTo(session, q)) return { count: 0, list: [] };
  const first = (await questionTags(ctx.db, [q.id], false)).get(q.id)?.[0];
  if (!first) return { count: 0, list: [] };
  const tagIds = await repo.tagFamilyIds(ctx.db, first.slug_name);
  const rows = await repo.hotQuestionsInTags(ctx.db, { tagIds, excludeId: q.id, limit: SIMILAR_TAG_LIMIT });
  const list = await presentQuestionItems(ctx, rows);
  return { count: list.length, list };
}

/** GET question/link: the questions whose posts link to this question. */
export async function linkingQuestions(ctx: AppContext, session: SessionUser | undefined, query: LinkQuery) {
  const target = await visibleQuestion(ctx, session, query.question_id);
  const { count, rows } = await repo.pageLinkingQuestions(ctx.db, {
    targetId: target.id,
    order: query.order,
    inDays: query.in_days,
    now: ctx.clock.now(),
    page: query.page,
    pageSize: query.page_size,
    viewerId: session?.user.id,
    seeAll: canSeeAllPosts(session),
  });
  return { count, list: await presentQuestionItems(ctx, rows) };
}

/** GET question/recommend/page: followed questions first, then unanswered-by-me questions in followed tags. */
export async function recommendedQuestions(ctx: AppContext, session: SessionUser, query: RecommendQuery) {
  const uid = session.user.id;
  const tagIds = await repo.availableTagIds(ctx.db, await repo.followedObjectIds(ctx.db, uid, ACTIVITY_TYPE['tag.follow']));
  const followedIds = await repo.followedObjectIds(ctx.db, uid, ACTIVITY_TYPE['question.follow']);
  const { count, rows } = await repo.pageRecommended(ctx.db, {
    userId: uid,
    tagIds,
    followedIds,
    page: query.page,
    pageSize: query.page_size,
  });
  return { count, list: await presentQuestionItems(ctx, rows) };
}
