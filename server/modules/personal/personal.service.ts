import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { badRequest } from '../../http/errors.js';
import { objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { canSeeHiddenPost, canSeePrivateOf } from '../permission/policy.js';
import type { SessionUser } from '../session/session.service.js';
import { questionTags } from '../tag/tag.usage.js';
import { findUserByUsername } from '../user/user-common.service.js';
import { importedReputation } from './imported-reputation.repository.js';
import {
  presentImportedRank,
  presentRankItem,
  presentUserAnswer,
  presentUserQuestion,
  presentVoteItem,
  type ObjectInfo,
} from './personal.presenter.js';
import * as repo from './personal.repository.js';
import type { PersonalPageQuery, RankPageQuery, VotePageQuery } from './personal.schema.js';
import { ACTIVITY_TYPE, type ActivityKey, ANSWER_STATUS, POST_STATUS, QUESTION_STATUS, TAG_STATUS } from '../../contract/enums.js';

const TOP_LIMIT = 5;

/** Activity types of the reputation history and the name each is shown with (i18n key suffix). */
const RANK_TYPE_NAMES: Partial<Record<ActivityKey, string>> = {
  'question.vote_up': 'upvote',
  'question.vote_down': 'downvote',
  'question.voted_up': 'upvoted',
  'question.voted_down': 'downvoted',
  'answer.vote_up': 'upvote',
  'answer.vote_down': 'downvote',
  'answer.voted_up': 'upvoted',
  'answer.voted_down': 'downvoted',
  'answer.accepted': 'accepted',
  'answer.accept': 'accept',
  'comment.vote_up': 'upvote',
  'edit.accepted': 'edit',
};
const VOTE_KEYS: ActivityKey[] = ['question.vote_up', 'question.vote_down', 'answer.vote_up', 'answer.vote_down'];
const NAME_BY_TYPE = new Map(Object.entries(RANK_TYPE_NAMES).map(([key, name]) => [ACTIVITY_TYPE[key as ActivityKey] as number, name]));

/** The profile's user, else 400 error.user.not_found (as the reference). */
async function profileUser(ctx: AppContext, username: string) {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw badRequest('error.user.not_found');
  return user;
}

/** Whether the viewer sees the profile's own hidden, pending and deleted posts: the user themself and staff. */
function seesEverything(session: SessionUser | undefined, userId: number): boolean {
  return canSeePrivateOf(session, userId);
}

async function listSettings(ctx: AppContext) {
  const [seo, write] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write')]);
  return { permalink: seo.permalink, requiredTag: write.required_tag };
}

/** GET personal/question/page: others see available and closed listed questions; the user and staff see all. */
export async function personalQuestions(ctx: AppContext, session: SessionUser | undefined, q: PersonalPageQuery) {
  const user = await profileUser(ctx, q.username);
  const all = seesEverything(session, user.id);
  const { count, rows } = await repo.pageUserQuestions(ctx.db, {
    userId: user.id,
    statuses: all
      ? [QUESTION_STATUS.available, QUESTION_STATUS.closed, QUESTION_STATUS.deleted, QUESTION_STATUS.pending]
      : [QUESTION_STATUS.available, QUESTION_STATUS.closed],
    includeHidden: all,
    order: q.order,
    page: q.page,
    pageSize: q.page_size,
  });
  const { permalink, requiredTag } = await listSettings(ctx);
  const tags = await questionTags(
    ctx.db,
    rows.map((r) => r.id),
    requiredTag,
  );
  return { count, list: rows.map((r) => presentUserQuestion(r, tags.get(r.id) ?? [], permalink)) };
}

async function answerItems(ctx: AppContext, lang: LanguageCode, rows: Awaited<ReturnType<typeof repo.pageUserAnswers>>['rows']) {
  const { permalink, requiredTag } = await listSettings(ctx);
  const tags = await questionTags(ctx.db, [...new Set(rows.map((r) => r.question_id))], requiredTag);
  return rows.map((r) => {
    const deleted = r.question_status === QUESTION_STATUS.deleted;
    const title = deleted ? translate(lang, 'question.deleted_title') : r.question_title;
    return presentUserAnswer(r, { title, tags: tags.get(r.question_id) ?? [] }, permalink);
  });
}

/**
 * GET personal/answer/page: others see available answers to visible questions; the user and staff also
 * see pending and deleted answers, and answers to deleted questions (titled "Deleted question").
 */
export async function personalAnswers(ctx: AppContext, session: SessionUser | undefined, lang: LanguageCode, q: PersonalPageQuery) {
  const user = await profileUser(ctx, q.username);
  const all = seesEverything(session, user.id);
  const { count, rows } = await repo.pageUserAnswers(ctx.db, {
    userId: user.id,
    statuses: all ? [ANSWER_STATUS.available, ANSWER_STATUS.deleted, ANSWER_STATUS.pending] : [ANSWER_STATUS.available],
    questionStatuses: all
      ? [QUESTION_STATUS.available, QUESTION_STATUS.closed, QUESTION_STATUS.deleted, QUESTION_STATUS.pending]
      : [QUESTION_STATUS.available, QUESTION_STATUS.closed],
    order: q.order,
    page: q.page,
    pageSize: q.page_size,
  });
  return { count, list: await answerItems(ctx, lang, rows) };
}

/** GET personal/qa/top: the user's 5 best questions (by score) and answers (by votes); unknown user gives empty lists. */
export async function topPosts(ctx: AppContext, session: SessionUser | undefined, lang: LanguageCode, username: string) {
  const user = username ? await findUserByUsername(ctx.db, username) : undefined;
  if (!user) return { question: [], answer: [] };
  const all = seesEverything(session, user.id);
  const questions = await repo.pageUserQuestions(ctx.db, {
    userId: user.id,
    statuses: [QUESTION_STATUS.available, QUESTION_STATUS.closed],
    includeHidden: all,
    order: 'score',
    page: 1,
    pageSize: TOP_LIMIT,
    withCount: false,
  });
  const answers = await repo.pageUserAnswers(ctx.db, {
    userId: user.id,
    statuses: [ANSWER_STATUS.available],
    questionStatuses: [QUESTION_STATUS.available, QUESTION_STATUS.closed],
    order: 'votes',
    page: 1,
    pageSize: TOP_LIMIT,
    withCount: false,
  });
  const { permalink, requiredTag } = await listSettings(ctx);
  const tags = await questionTags(
    ctx.db,
    questions.rows.map((r) => r.id),
    requiredTag,
  );
  return {
    question: questions.rows.map((r) => presentUserQuestion(r, tags.get(r.id) ?? [], permalink)),
    answer: await answerItems(ctx, lang, answers.rows),
  };
}

/**
 * What an activity's object shows: its kind, ids, the question's title and the post's HTML. Deleted
 * questions are titled "Deleted question" (as the reference); deleted posts, and pending ones for
 * viewers other than their author and staff, show no content.
 */
async function objectInfos(
  ctx: AppContext,
  session: SessionUser | undefined,
  lang: LanguageCode,
  ids: string[],
): Promise<Map<string, ObjectInfo>> {
  const byType = (t: number) => [...new Set(ids.filter((id) => objectTypeOf(id) === t))];
  const [answers, comments, tags] = await Promise.all([
    repo.answersByIds(ctx.db, byType(OBJECT_TYPE.answer)),
    repo.commentsByIds(ctx.db, byType(OBJECT_TYPE.comment)),
    repo.tagsByIds(ctx.db, byType(OBJECT_TYPE.tag)),
  ]);
  const questionIds = [...byType(OBJECT_TYPE.question), ...answers.map((a) => a.question_id), ...comments.map((c) => c.question_id)];
  const questions = new Map((await repo.questionsByIds(ctx.db, [...new Set(questionIds)])).map((q) => [q.id, q]));
  const visible = (p: { status: number; user_id: number }) =>
    p.status !== POST_STATUS.deleted && (p.status !== POST_STATUS.pending || canSeeHiddenPost(session, p.user_id));
  const titleOf = (q: { title: string; status: number; user_id: number } | undefined) =>
    !q ? '' : visible(q) ? q.title : translate(lang, 'question.deleted_title');
  const out = new Map<string, ObjectInfo>();
  for (const id of byType(OBJECT_TYPE.question)) {
    const q = questions.get(id);
    if (q)
      out.set(id, {
        object_type: 'question',
        object_id: id,
        question_id: id,
        answer_id: '',
        title: titleOf(q),
        content: visible(q) ? q.parsed_text : '',
      });
  }
  for (const a of answers) {
    const q = questions.get(a.question_id);
    if (q)
      out.set(a.id, {
        object_type: 'answer',
        object_id: a.id,
        question_id: q.id,
        answer_id: a.id,
        title: titleOf(q),
        content: visible(a) && visible(q) ? a.parsed_text : '',
      });
  }
  for (const c of comments) {
    const q = questions.get(c.question_id);
    const onAnswer = objectTypeOf(c.object_id) === OBJECT_TYPE.answer;
    if (q)
      out.set(c.id, {
        object_type: 'comment',
        object_id: c.id,
        question_id: q.id,
        answer_id: onAnswer ? c.object_id : '',
        title: titleOf(q),
        content: visible(c) && visible(q) ? c.parsed_text : '',
      });
  }
  for (const t of tags)
    out.set(t.id, {
      object_type: 'tag',
      object_id: t.id,
      question_id: '',
      answer_id: '',
      title: t.slug_name,
      content: t.status === TAG_STATUS.deleted ? '' : t.parsed_text,
    });
  return out;
}

/**
 * GET personal/rank/page: the user's reputation history, newest first. Gains and losses are both listed
 * (the reference lists only gains, so its history does not add up); objects that no longer exist are skipped.
 */
export async function rankHistory(ctx: AppContext, session: SessionUser | undefined, lang: LanguageCode, q: RankPageQuery) {
  const user = await profileUser(ctx, q.username);
  const types = [...NAME_BY_TYPE.keys()];
  // an imported account's reputation from its site is one more entry, placed by the date of its import
  const imported = await importedReputation(ctx.db, user.id);
  const start = (q.page - 1) * q.page_size;
  const at = imported ? await repo.countRankNewerThan(ctx.db, user.id, types, imported.at) : -1;
  const here = imported && at >= start && at < start + q.page_size;
  const window = !imported
    ? {}
    : here
      ? { offset: start, limit: q.page_size - 1 }
      : { offset: at < start ? start - 1 : start, limit: q.page_size };
  const { count, rows } = await repo.pageActivities(ctx.db, {
    userId: user.id,
    types,
    nonZeroRank: true,
    orderBy: 'created_at',
    page: q.page,
    pageSize: q.page_size,
    ...window,
  });
  const objects = await objectInfos(
    ctx,
    session,
    lang,
    rows.map((r) => r.object_id),
  );
  const { permalink } = await listSettings(ctx);
  const list: ReturnType<typeof presentRankItem>[] = rows.flatMap((r) => {
    const o = objects.get(r.object_id);
    return o
      ? [presentRankItem(r, o, translate(lang, `action_activity_type.${NAME_BY_TYPE.get(r.activity_type) ?? 'edit'}`), permalink)]
      : [];
  });
  if (imported && here)
    list.splice(
      Math.min(at - start, list.length),
      0,
      presentImportedRank(
        user.id,
        imported,
        translate(lang, 'action_activity_type.imported'),
        translate(lang, 'personal.imported_from', { site: imported.site }),
      ),
    );
  return { count: count + (imported ? 1 : 0), list };
}

/** GET personal/vote/page: the caller's own active votes on questions and answers, latest first. */
export async function myVotes(ctx: AppContext, session: SessionUser, lang: LanguageCode, q: VotePageQuery) {
  const types = VOTE_KEYS.map((k) => ACTIVITY_TYPE[k] as number);
  const { count, rows } = await repo.pageActivities(ctx.db, {
    userId: session.user.id,
    types,
    nonZeroRank: false,
    orderBy: 'updated_at',
    page: q.page,
    pageSize: q.page_size,
  });
  const objects = await objectInfos(
    ctx,
    session,
    lang,
    rows.map((r) => r.object_id),
  );
  const { permalink } = await listSettings(ctx);
  const list = rows.flatMap((r) => {
    const o = objects.get(r.object_id);
    return o ? [presentVoteItem(r, o, translate(lang, `action_activity_type.${NAME_BY_TYPE.get(r.activity_type)}`), permalink)] : [];
  });
  return { count, list };
}
