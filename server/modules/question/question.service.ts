import type { AppContext } from '../../app-context.js';
import { notFound, badRequest } from '../../http/errors.js';
import { guardKey, onceWithin5Minutes } from '../../http/duplicate-guard.js';
import { decodeId, newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml, renderMarkdown } from '../../infra/markdown/render.js';
import { ACTIVITY_TYPE } from '../activity/activity-types.js';
import { recordTimeline } from '../activity/timeline.service.js';
import { checkPermission, isStaff, requirePermission } from '../permission/permission.service.js';
import type { SessionUser } from '../session/session.service.js';
import { questionTags, resolvePostTags, setQuestionTags, tagRules } from '../tag/tag.usage.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { findUserByUsername } from '../user/user.repository.js';
import * as repo from './question.repository.js';
import { presentQuestionDetail, presentQuestionItem, type ViewerState } from './question.presenter.js';
import type { AddQuestionInput, QuestionPageQuery } from './question.schema.js';

/** POST question: creates the question with its tags, revision and timeline entry. */
export async function addQuestion(ctx: AppContext, session: SessionUser, input: AddQuestionInput) {
  await requirePermission(ctx, session, 'question.add');
  await checkCaptcha(ctx, 'question', String(session.user.id), isStaff(session), input);
  const html = renderMarkdown(input.content);
  if (isBlankHtml(html)) throw badRequest('base.request_format_error', [{ field: 'content', key: 'error.question.content_cannot_empty' }]);
  const { captcha_id: _i, captcha_code: _c, ...body } = input;
  const now = ctx.clock.now();
  const rules = await tagRules(ctx, session);
  const id = await onceWithin5Minutes(ctx.db, guardKey(session.user.id, 'POST /question', body), now, () =>
    ctx.db.transaction().execute(async (trx) => {
      const tags = await resolvePostTags(trx, rules, session, input.tags);
      const qid = await newObjectId(trx, OBJECT_TYPE.question);
      await repo.insertQuestion(trx, { id: qid, user_id: session.user.id, title: input.title, original_text: input.content, parsed_text: html, status: 1, now });
      await setQuestionTags(trx, qid, tags.map((t) => t.id), 1, now);
      const snapshot = JSON.stringify({ id: qid, title: input.title, content: input.content, html, tags: tags.map((t) => ({ slug_name: t.slug_name, display_name: t.display_name })) });
      const revisionId = await repo.insertRevision(trx, { user_id: session.user.id, object_type: OBJECT_TYPE.question, object_id: qid, title: input.title, content: snapshot, log: '', status: 0, now });
      await trx.updateTable('question').set({ revision_id: revisionId }).where('id', '=', qid).execute();
      await recordTimeline(trx, { userId: session.user.id, objectId: qid, originalObjectId: qid, key: 'question.asked', revisionId, now });
      await repo.recountUserQuestions(trx, session.user.id);
      return qid;
    }),
  );
  await ctx.captcha.count('question', String(session.user.id));
  return questionInfo(ctx, session, id, false);
}

async function viewerState(ctx: AppContext, session: SessionUser | undefined, q: { id: string; user_id: number; status: number; pin: number; show: number }): Promise<ViewerState> {
  if (!session) return { collected: false, vote_status: '', is_followed: false, member_actions: [] };
  const uid = session.user.id;
  const [collected, votes] = await Promise.all([
    ctx.db.selectFrom('collection').select('id').where('user_id', '=', uid).where('object_id', '=', q.id).executeTakeFirst(),
    ctx.db.selectFrom('activity').select('activity_type').where('user_id', '=', uid).where('object_id', '=', q.id).where('cancelled', '=', 0)
      .where('activity_type', 'in', [ACTIVITY_TYPE['question.vote_up'], ACTIVITY_TYPE['question.vote_down'], ACTIVITY_TYPE['question.follow']]).execute(),
  ]);
  const has = (t: number) => votes.some((v) => v.activity_type === t);
  const actions: ViewerState['member_actions'] = [{ action: 'report', name: 'Flag', type: 'reason' }];
  const staff = isStaff(session);
  if (staff || uid === q.user_id || (await checkPermission(ctx, session, 'question.edit', q.user_id)).allowed) actions.push({ action: 'edit', name: 'Edit', type: 'edit' });
  if (staff) {
    actions.push(q.status === 2 ? { action: 'reopen', name: 'Reopen', type: 'confirm' } : { action: 'close', name: 'Close', type: 'confirm' });
    actions.push(q.pin === 2 ? { action: 'unpin', name: 'Unpin', type: 'confirm' } : { action: 'pin', name: 'Pin', type: 'confirm' });
    actions.push(q.show === 2 ? { action: 'show', name: 'List', type: 'confirm' } : { action: 'hide', name: 'Unlist', type: 'confirm' });
  }
  if (staff || uid === q.user_id) actions.push(q.status === 10 ? { action: 'undelete', name: 'Undelete', type: 'confirm' } : { action: 'delete', name: 'Delete', type: 'confirm' });
  return {
    collected: !!collected,
    vote_status: has(ACTIVITY_TYPE['question.vote_up']) ? 'vote_up' : has(ACTIVITY_TYPE['question.vote_down']) ? 'vote_down' : '',
    is_followed: has(ACTIVITY_TYPE['question.follow']),
    member_actions: actions,
  };
}

/** GET question/info: deleted and pending questions only for their owner and staff; counts a view. */
export async function questionInfo(ctx: AppContext, session: SessionUser | undefined, rawId: string, countView = true) {
  const id = decodeId(rawId);
  const q = id ? await repo.findQuestion(ctx.db, id) : undefined;
  if (!q) throw notFound('error.question.not_found');
  const privileged = !!session && (session.user.id === q.user_id || isStaff(session));
  if ((q.status === 10 || q.status === 11) && !privileged) throw notFound('error.question.not_found');
  if (countView) {
    await repo.addView(ctx.db, q.id);
    q.view_count += 1;
  }
  const [settings, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const tags = (await questionTags(ctx.db, [q.id], write.required_tag)).get(q.id) ?? [];
  const users = await userBriefs(ctx.db, usersCfg, [q.user_id, q.last_edit_user_id]);
  const operation = q.status === 10 ? { msg: 'This post has been deleted.', level: 'danger' } : q.status === 11 ? { msg: 'Your post is awaiting review. It will be visible after it has been approved.', level: 'secondary' } : null;
  return presentQuestionDetail(q, tags, users, await viewerState(ctx, session, q), settings.permalink, operation);
}

/** GET question/page. */
export async function questionPage(ctx: AppContext, q: QuestionPageQuery) {
  const now = ctx.clock.now();
  let tagIds: string[] | undefined;
  if (q.tag) {
    const tag = await ctx.db.selectFrom('tag').select(['id', 'main_tag_id']).where('slug_name', '=', q.tag).where('status', '=', 1).executeTakeFirst();
    if (!tag) return { count: 0, list: [] };
    const mainId = tag.main_tag_id !== '0' ? tag.main_tag_id : tag.id;
    const synonyms = await ctx.db.selectFrom('tag').select('id').where('main_tag_id', '=', mainId).execute();
    tagIds = [mainId, ...synonyms.map((s) => s.id)];
  }
  let userId: number | undefined;
  if (q.username) {
    const user = await findUserByUsername(ctx.db, q.username);
    if (!user) return { count: 0, list: [] };
    userId = user.id;
  }
  const { count, rows } = await repo.pageQuestions(ctx.db, { ...q, tagIds, userId, now });
  if (count > 0 && rows.length === 0 && q.page > 1) throw notFound('base.request_format_error');
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const tags = await questionTags(ctx.db, rows.map((r) => r.id), write.required_tag);
  const users = await userBriefs(ctx.db, usersCfg, rows.map((r) => r.user_id));
  return { count, list: rows.map((r) => presentQuestionItem(r, tags.get(r.id) ?? [], users.get(r.user_id), seo.permalink)) };
}
