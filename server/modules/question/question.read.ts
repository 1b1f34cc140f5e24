// Questions, reading: the question page and the question lists.
import { countView as countQuestionView } from './view-counter.js';
import { presentQuestionItems } from './question-related.service.js';
import type { AppContext } from '../../app-context.js';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { notFound } from '../../http/errors.js';
import { decodeId } from '../../infra/ids/object-id.js';
import { readThresholds } from '../permission/permission.service.js';
import { MEMBER_ACTION_THRESHOLDS, canSeePost, memberActions } from '../permission/policy.js';
import { latestApplied } from '../post-history/post-history-common.service.js';
import { questionSnapshot } from '../post-history/revision.snapshot.js';
import { findCollection } from '../collection/collection-common.service.js';
import { activeTypesOfUser } from '../rank/rank-common.service.js';
import { findAvailableTagBySlug, synonymIds } from '../tag/tag-common.service.js';
import type { SessionUser } from '../session/session.service.js';
import { questionTags } from '../tag/tag.usage.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { findUserByUsername } from '../user/user-common.service.js';
import * as repo from './question.repository.js';
import { presentQuestionDetail, type ViewerState } from './question.presenter.js';
import type { QuestionPageQuery } from './question.schema.js';
import { ACTIVITY_TYPE, QUESTION_STATUS } from '../../contract/enums.js';
import { findQuestion } from '../post/post.repository.js';

async function viewerState(
  ctx: AppContext,
  session: SessionUser | undefined,
  q: { id: string; user_id: number; status: number; pin: number; show: number },
): Promise<ViewerState> {
  if (!session) return { collected: false, vote_status: '', is_followed: false, member_actions: [] };
  const uid = session.user.id;
  const [collected, votes, own] = await Promise.all([
    findCollection(ctx.db, uid, q.id),
    activeTypesOfUser(ctx.db, uid, q.id, [
      ACTIVITY_TYPE['question.vote_up'],
      ACTIVITY_TYPE['question.vote_down'],
      ACTIVITY_TYPE['question.follow'],
    ]),
    repo.firstOwnAnswer(ctx.db, q.id, uid),
  ]);
  const has = (t: number) => votes.includes(t);
  const thresholds = await readThresholds(ctx, MEMBER_ACTION_THRESHOLDS.question);
  const actions = memberActions(
    session,
    { kind: 'question', user_id: q.user_id, status: q.status, pin: q.pin, show: q.show },
    thresholds,
    ctx.clock.now(),
  );
  return {
    collected: !!collected,
    vote_status: has(ACTIVITY_TYPE['question.vote_up']) ? 'vote_up' : has(ACTIVITY_TYPE['question.vote_down']) ? 'vote_down' : '',
    is_followed: has(ACTIVITY_TYPE['question.follow']),
    member_actions: actions,
    own_answer_id: own?.id,
  };
}

/** GET question/info: deleted and pending questions only for their owner and staff; counts a view. */
export async function questionInfo(
  ctx: AppContext,
  session: SessionUser | undefined,
  rawId: string,
  countView = true,
  lang: LanguageCode = DEFAULT_LANGUAGE,
) {
  const id = decodeId(rawId);
  const q = id ? await findQuestion(ctx.db, id) : undefined;
  if (!q) throw notFound('error.question.not_found');
  if (!canSeePost(session, q)) throw notFound('error.question.not_found');
  if (countView) {
    // a GET that writes, on purpose: the reference counts a view on GET question/info (buffered, see view-counter)
    // and returns it with the view added, as the reference (it adds the view, then reads)
    q.view_count += await countQuestionView(ctx, q.id);
  }
  const [settings, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  let tags = (await questionTags(ctx.db, [q.id], write.required_tag)).get(q.id) ?? [];
  if (q.status === QUESTION_STATUS.deleted && tags.length === 0) {
    // a deleted question shows the tags of its latest revision
    const rev = await latestApplied(ctx.db, q.id);
    tags = rev ? questionSnapshot(rev.content).tags.map((t) => ({ ...t, main_tag_slug_name: '', recommend: false, reserved: false })) : [];
  }
  const users = await userBriefs(ctx.db, usersCfg, [q.user_id, q.last_edit_user_id]);
  return presentQuestionDetail(q, tags, users, await viewerState(ctx, session, q), settings.permalink, await operationOf(ctx, q, lang));
}

/** The notice a question detail carries for closed, deleted and queued questions. */
async function operationOf(ctx: AppContext, q: QuestionRow, lang: LanguageCode) {
  if (q.status === QUESTION_STATUS.deleted) return { msg: translate(lang, 'error.question.already_deleted'), level: 'danger' };
  if (q.status === QUESTION_STATUS.pending) return { msg: translate(lang, 'error.question.under_review'), level: 'secondary' };
  if (q.status !== QUESTION_STATUS.closed) return null;
  const close = await repo.closeReason(ctx.db, q.id);
  const key = close ? await repo.configKeyById(ctx.db, close.close_type) : undefined;
  return {
    type: key ? translate(lang, `${key}.name`) : '',
    description: key ? translate(lang, `${key}.desc`) : '',
    // the close message as written, as the reference sends it (clients show it as text)
    msg: close?.close_msg ?? '',
    time: close?.time ?? q.updated_at,
    level: 'info',
  };
}

/** Cache key prefix of question list pages (the same for every viewer; see okShared). */
export const QUESTION_PAGE_KEY = 'question-page:';

/** GET question/page: one page of a list, the same for every viewer (the route reuses it for `listPageTtlMs`). */
export async function questionPage(ctx: AppContext, q: QuestionPageQuery) {
  const now = ctx.clock.now();
  let tagIds: string[] | undefined;
  if (q.tag) {
    const tag = await findAvailableTagBySlug(ctx.db, q.tag);
    if (!tag) return { count: 0, list: [] };
    const mainId = tag.main_tag_id !== '0' ? tag.main_tag_id : tag.id;
    tagIds = [mainId, ...(await synonymIds(ctx.db, mainId))];
  }
  let userId: number | undefined;
  if (q.username) {
    const user = await findUserByUsername(ctx.db, q.username);
    if (!user) return { count: 0, list: [] };
    userId = user.id;
  }
  const { count, rows } = await repo.pageQuestions(ctx.db, { ...q, tagIds, userId, now }, (key, compute) =>
    ctx.config.listCountTtlMs > 0 ? ctx.cache.get(`question-count:${key}`, ctx.config.listCountTtlMs, compute) : compute(),
  );
  if (count > 0 && rows.length === 0 && q.page > 1) throw notFound('base.request_format_error');
  return { count, list: await presentQuestionItems(ctx, rows) };
}
