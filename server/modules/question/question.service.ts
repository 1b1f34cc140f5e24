import { countView as countQuestionView } from './view-counter.js';
import type { AppContext } from '../../app-context.js';
import { isHttpUrl } from '../../http/fields.js';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { badRequest, fieldError, notFound } from '../../http/errors.js';
import { guardKey, onceWithin5Minutes } from '../../http/duplicate-guard.js';
import { decodeId, newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml, renderMarkdown, urlTitle } from '../../infra/markdown/render.js';
import { ACTIVITY_TYPE } from '../activity/activity-types.js';
import { recordTimeline } from '../activity/timeline.service.js';
import { addAnswerTx, answerInfo } from '../answer/answer.service.js';
import { readConfigValues } from '../config/config.repository.js';
import { canDo, checkPermission, isStaff, requirePermission } from '../permission/permission.service.js';
import { latestApplied, pendingRevision, REVISION_STATUS } from '../revision/revision.repository.js';
import { questionSnapshot, questionSnapshotJson, type QuestionSnapshot } from '../revision/revision.snapshot.js';
import type { SessionUser } from '../session/session.service.js';
import { findTagsBySlugs, recountTags, setQuestionTagStatus } from '../tag/tag.repository.js';
import { questionTags, resolvePostTags, setQuestionTags, tagRules, tagSlug, type TagBrief, type TagRules } from '../tag/tag.usage.js';
import { initialStatusFor, queueIfNeeded } from '../review/review.queue.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { findUserByUsername } from '../user/user.repository.js';
import { announce, removeQuestionTx } from './post-removal.js';
import { removeQuestionLinks, restoreQuestionLinks, resyncSource, syncQuestionLinks } from './question-links.js';
import * as repo from './question.repository.js';
import { presentQuestionDetail, presentQuestionItem, type ViewerState } from './question.presenter.js';
import type { AddQuestionByAnswerInput, AddQuestionInput, CloseQuestionInput, OperationQuestionInput, QuestionPageQuery, UpdateQuestionInput } from './question.schema.js';

const contentEmpty = () => badRequest('base.request_format_error', [{ field: 'content', key: 'error.question.content_cannot_empty' }]);

/** The site URL links are recognised against. */
export async function siteUrlOf(ctx: AppContext): Promise<string> {
  return (await ctx.settings.get('general')).site_url;
}

/** Inside a transaction: inserts a question with its tags, first revision, links and timeline entry. */
async function createQuestionTx(trx: DbOrTrx, rules: TagRules, session: SessionUser, input: AddQuestionInput, html: string, siteUrl: string, now: number): Promise<string> {
  const tags = await resolvePostTags(trx, rules, session, input.tags);
  const qid = await newObjectId(trx, OBJECT_TYPE.question);
  await repo.insertQuestion(trx, { id: qid, user_id: session.user.id, title: input.title, original_text: input.content, parsed_text: html, status: 1, now });
  await setQuestionTags(trx, qid, tags.map((t) => t.id), 1, now);
  const linked = await syncQuestionLinks(trx, { fromQuestionId: qid, html, siteUrl, now });
  const snapshot = questionSnapshotJson({ id: qid, title: input.title, content: input.content, html: linked.html, tags: tags.map((t) => ({ slug_name: t.slug_name, display_name: t.display_name })) });
  const revisionId = await repo.insertRevision(trx, { user_id: session.user.id, object_type: OBJECT_TYPE.question, object_id: qid, title: input.title, content: snapshot, log: '', status: REVISION_STATUS.normal, now });
  await repo.updateQuestion(trx, qid, { revision_id: revisionId, parsed_text: linked.html });
  await recordTimeline(trx, { userId: session.user.id, objectId: qid, originalObjectId: qid, key: 'question.asked', revisionId, now });
  await repo.recountUserQuestions(trx, session.user.id);
  return qid;
}

/** POST question: creates the question with its tags, revision, links and timeline entry. */
export async function addQuestion(ctx: AppContext, session: SessionUser, input: AddQuestionInput) {
  await requirePermission(ctx, session, 'question.add');
  await checkCaptcha(ctx, 'question', String(session.user.id), isStaff(session), input);
  const html = renderMarkdown(input.content);
  if (isBlankHtml(html)) throw contentEmpty();
  const { captcha_id: _i, captcha_code: _c, ...body } = input;
  const now = ctx.clock.now();
  const rules = await tagRules(ctx, session);
  const siteUrl = await siteUrlOf(ctx);
  const review = await initialStatusFor(ctx, session, html);
  const id = await onceWithin5Minutes(ctx.db, guardKey(session.user.id, 'POST /question', body), now, () =>
    ctx.db.transaction().execute(async (trx) => queueIfNeeded(trx, review, await createQuestionTx(trx, rules, session, input, html, siteUrl, now), now)),
  );
  await ctx.captcha.count('question', String(session.user.id));
  const out = await questionInfo(ctx, session, id, false);
  ctx.events.emit({ type: 'question.created', questionId: id, userId: session.user.id, status: out.status });
  return out;
}

/** POST question/answer: a question and the asker's own answer in one call; {info, question}. */
export async function addQuestionByAnswer(ctx: AppContext, session: SessionUser, input: AddQuestionByAnswerInput) {
  await requirePermission(ctx, session, 'question.add');
  await requirePermission(ctx, session, 'answer.add');
  await checkCaptcha(ctx, 'question', String(session.user.id), isStaff(session), input);
  const html = renderMarkdown(input.content);
  if (isBlankHtml(html)) throw contentEmpty();
  const answerHtml = renderMarkdown(input.answer_content);
  if (isBlankHtml(answerHtml)) throw badRequest('base.request_format_error', [{ field: 'answer_content', key: 'error.answer.content_cannot_empty' }]);
  const { captcha_id: _i, captcha_code: _c, mention_username_list: _m, ...body } = input;
  const now = ctx.clock.now();
  const rules = await tagRules(ctx, session);
  const siteUrl = await siteUrlOf(ctx);
  const review = await initialStatusFor(ctx, session, html + answerHtml);
  const answerId = await onceWithin5Minutes(ctx.db, guardKey(session.user.id, 'POST /question/answer', body), now, () =>
    ctx.db.transaction().execute(async (trx) => {
      const qid = await queueIfNeeded(trx, review, await createQuestionTx(trx, rules, session, input, html, siteUrl, now), now);
      return queueIfNeeded(trx, review, await addAnswerTx(trx, { questionId: qid, userId: session.user.id, content: input.answer_content, html: answerHtml, siteUrl, now }), now);
    }),
  );
  await ctx.captcha.count('question', String(session.user.id));
  const out = await answerInfo(ctx, session, answerId);
  const qid = decodeId(out.question.id) ?? '';
  ctx.events.emit({ type: 'question.created', questionId: qid, userId: session.user.id, status: out.question.status });
  ctx.events.emit({ type: 'answer.created', answerId, questionId: qid, userId: session.user.id, questionOwnerId: session.user.id, status: out.info.status });
  return out;
}

/** A question visible to the caller for a write: 404 when unknown, or pending and not theirs. */
async function questionForWrite(ctx: AppContext, session: SessionUser, rawId: string): Promise<QuestionRow> {
  const id = decodeId(rawId);
  const q = id ? await repo.findQuestion(ctx.db, id) : undefined;
  if (!q) throw notFound('error.question.not_found');
  if (q.status === 11 && q.user_id !== session.user.id && !isStaff(session)) throw notFound('error.question.not_found');
  return q;
}

/** The question's tags as stored: main tag ids and their briefs. */
async function currentTags(db: DbOrTrx, questionId: string): Promise<TagBrief[]> {
  return (await questionTags(db, [questionId], false)).get(questionId) ?? [];
}

/**
 * Applies a question revision (a direct edit or an approved suggestion): text, tags, editor,
 * activity time, links and the timeline entry.
 */
export async function applyQuestionRevision(
  trx: DbOrTrx,
  q: QuestionRow,
  snap: QuestionSnapshot,
  o: { editorId: number; revisionId: number; tagIds: string[] | null; siteUrl: string; now: number },
): Promise<void> {
  const listed = (q.status === 1 || q.status === 2) && q.show === 1;
  const closeMsg = q.status === 2 ? ((await repo.closeReason(trx, q.id))?.close_msg ?? '') : '';
  const linked = listed ? await syncQuestionLinks(trx, { fromQuestionId: q.id, html: snap.html, siteUrl: o.siteUrl, now: o.now, alsoScan: [closeMsg] }) : { html: snap.html };
  await repo.updateQuestion(trx, q.id, {
    title: snap.title,
    original_text: snap.content,
    parsed_text: linked.html,
    last_edit_user_id: o.editorId,
    updated_at: o.now,
    post_update_time: o.now,
    revision_id: o.revisionId,
  });
  if (o.tagIds && o.tagIds.length) await setQuestionTags(trx, q.id, o.tagIds, q.show === 2 ? 2 : 1, o.now);
  await recordTimeline(trx, { userId: o.editorId, objectId: q.id, originalObjectId: q.id, key: 'question.edited', revisionId: o.revisionId, now: o.now });
}

/** Main tag ids for the tags of a snapshot (tags deleted since are skipped). */
export async function snapshotTagIds(db: DbOrTrx, snap: QuestionSnapshot): Promise<string[]> {
  const found = await findTagsBySlugs(db, snap.tags.map((t) => tagSlug(t.slug_name)));
  return [...new Set(found.filter((t) => t.status === 1).map((t) => (t.main_tag_id !== '0' ? t.main_tag_id : t.id)))];
}

/**
 * PUT question: the owner, staff and users with question.edit_without_review edit at once;
 * others with question.edit leave a suggested edit for review. Unchanged input changes nothing.
 */
export async function updateQuestion(ctx: AppContext, session: SessionUser, input: UpdateQuestionInput) {
  const q = await questionForWrite(ctx, session, input.id);
  const uid = session.user.id;
  const staff = isStaff(session);
  const owner = q.user_id === uid;
  if (!owner) await requirePermission(ctx, session, 'question.edit');
  const direct = owner || staff || (await canDo(ctx, session, 'question.edit_without_review'));
  if (q.status === 10) throw badRequest('error.question.cannot_update');
  await checkCaptcha(ctx, 'edit', String(uid), staff, input);
  if (await pendingRevision(ctx.db, q.id)) throw badRequest('error.question.cannot_update');
  const html = renderMarkdown(input.content);
  if (isBlankHtml(html)) throw contentEmpty();
  const rules = await tagRules(ctx, session);
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  const before = await currentTags(ctx.db, q.id);
  const reservedSlugs = new Set(rules.write.reserved_tags.map((t) => t.slug_name.toLowerCase()));
  const isReserved = (t: TagBrief) => t.reserved || reservedSlugs.has(t.slug_name);
  const wanted = new Set(input.tags.map((t) => tagSlug(t.slug_name)).filter(Boolean));
  if (input.tags.length && !staff) {
    const missingReserved = before.filter((t) => isReserved(t) && !wanted.has(t.slug_name));
    if (missingReserved.length) throw badRequest('base.request_format_error', [{ field: 'tags', key: 'error.tag.reserved_must_be_present', params: { names: missingReserved.map((t) => t.slug_name).join(', ') } }]);
  }
  const changed = await ctx.db.transaction().execute(async (trx) => {
    let tags = (await findTagsBySlugs(trx, before.map((t) => t.slug_name))).filter((t) => t.status === 1);
    if (input.tags.length) {
      // reserved tags already on the question may stay even for users who could not add them
      const kept = new Set(before.filter((t) => isReserved(t) && wanted.has(t.slug_name)).map((t) => t.slug_name));
      const rest = staff ? input.tags : input.tags.filter((t) => !kept.has(tagSlug(t.slug_name)));
      const resolved = rest.length ? await resolvePostTags(trx, rules, session, rest) : [];
      const keptRows = (await findTagsBySlugs(trx, [...kept])).filter((t) => t.status === 1);
      tags = [...keptRows, ...resolved.filter((t) => !kept.has(t.slug_name))];
    }
    const sameTags = tags.length === before.length && tags.every((t) => before.some((b) => b.slug_name === t.slug_name));
    if (q.title === input.title && q.original_text === input.content && sameTags) return false;
    const snap: QuestionSnapshot = { id: q.id, title: input.title, content: input.content, html, tags: tags.map((t) => ({ slug_name: t.slug_name, display_name: t.display_name })) };
    const revisionId = await repo.insertRevision(trx, {
      user_id: uid, object_type: OBJECT_TYPE.question, object_id: q.id, title: input.title, content: questionSnapshotJson(snap), log: input.edit_summary ?? '',
      status: direct ? REVISION_STATUS.approved : REVISION_STATUS.pending, now,
    });
    if (direct) await applyQuestionRevision(trx, q, snap, { editorId: uid, revisionId, tagIds: tags.map((t) => t.id), siteUrl, now });
    return true;
  });
  if (changed) await ctx.captcha.count('edit', String(uid));
  if (changed && direct) ctx.events.emit({ type: 'post.edited', objectId: q.id, objectType: 'question', editorId: uid, ownerId: q.user_id, questionId: q.id });
  return { url_title: urlTitle(input.title), wait_for_review: changed && !direct };
}

/**
 * DELETE question: the owner (only while it has no accepted answer, at most one answer and that
 * answer has no positive score) or staff. Soft delete: tags, links and queued reviews settle.
 */
export async function removeQuestion(ctx: AppContext, session: SessionUser, input: { id: string; captcha_id?: string; captcha_code?: string }): Promise<void> {
  const q = await questionForWrite(ctx, session, input.id);
  const uid = session.user.id;
  const staff = isStaff(session);
  if (q.user_id !== uid) await requirePermission(ctx, session, 'question.delete');
  if (q.status === 10) throw badRequest('error.question.already_deleted');
  await checkCaptcha(ctx, 'delete', String(uid), staff, input);
  if (!staff) {
    const answers = await repo.availableAnswers(ctx.db, q.id);
    const blocked = q.accepted_answer_id !== '0' || answers.length > 1 || (answers.length === 1 && answers[0].vote_count > 0);
    if (blocked) throw badRequest('error.question.cannot_deleted');
  }
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction().execute((trx) => removeQuestionTx(trx, q, uid, now));
  await ctx.captcha.count('delete', String(uid));
  announce(ctx, [removed]);
}

/** POST question/recover (staff): a deleted question becomes available again with its tags and links. */
export async function recoverQuestion(ctx: AppContext, session: SessionUser, rawId: string): Promise<void> {
  await requirePermission(ctx, session, 'question.undeleted');
  const q = await questionForWrite(ctx, session, rawId);
  if (q.status !== 10) return;
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateQuestion(trx, q.id, { status: 1 });
    const rev = await latestApplied(trx, q.id);
    const tagIds = rev ? await snapshotTagIds(trx, questionSnapshot(rev.content)) : [];
    if (tagIds.length) await setQuestionTags(trx, q.id, tagIds, q.show === 2 ? 2 : 1, now);
    await restoreQuestionLinks(trx, q.id, siteUrl, now);
    await repo.recountUserQuestions(trx, q.user_id);
    await recordTimeline(trx, { userId: session.user.id, objectId: q.id, originalObjectId: q.id, key: 'question.undeleted', now });
  });
  ctx.events.emit({ type: 'post.status', objectId: q.id, objectType: 'question', action: 'undeleted', byUserId: session.user.id, ownerId: q.user_id, questionId: q.id });
}

/** The config ids of the close reasons. */
async function closeReasonIds(ctx: AppContext): Promise<Map<number, string>> {
  const list = await readConfigValues(ctx.db, ['question.close.reasons']);
  let names: string[] = [];
  try {
    names = (JSON.parse(list.get('question.close.reasons') ?? '[]') as string[]).map((n) => (n.startsWith('reason.') ? n : `reason.${n}`));
  } catch {
    names = [];
  }
  const rows = await repo.configRowsByKeys(ctx.db, names);
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** A question that close/reopen/operation may act on: not deleted, not queued. */
function requireOpen(q: QuestionRow): void {
  if (q.status === 10) throw badRequest('error.question.already_deleted');
  if (q.status === 11) throw badRequest('error.question.under_review');
}

/** PUT question/status (staff): closes with a reason; a duplicate needs the URL of the original. */
export async function closeQuestion(ctx: AppContext, session: SessionUser, input: CloseQuestionInput): Promise<void> {
  await requirePermission(ctx, session, 'question.close');
  const q = await questionForWrite(ctx, session, input.id);
  requireOpen(q);
  const reasons = await closeReasonIds(ctx);
  const reason = reasons.get(input.close_type);
  if (!reason) throw fieldError('error.report.not_found', 'close_type');
  const closeMsg = input.close_msg ?? '';
  if (reason === 'reason.a_duplicate' && !isHttpUrl(closeMsg)) throw fieldError('error.common.invalid_url', 'close_msg');
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateQuestion(trx, q.id, { status: 2 });
    await repo.saveCloseReason(trx, q.id, { close_type: input.close_type, close_msg: closeMsg }, now);
    await resyncSource(trx, { fromQuestionId: q.id }, siteUrl, now);
    await recordTimeline(trx, { userId: session.user.id, objectId: q.id, originalObjectId: q.id, key: 'question.closed', now });
  });
  ctx.events.emit({ type: 'post.status', objectId: q.id, objectType: 'question', action: 'closed', byUserId: session.user.id, ownerId: q.user_id, questionId: q.id });
}

/** PUT question/reopen (staff): a closed question becomes available; its close reason goes. */
export async function reopenQuestion(ctx: AppContext, session: SessionUser, rawId: string): Promise<void> {
  await requirePermission(ctx, session, 'question.reopen');
  const q = await questionForWrite(ctx, session, rawId);
  requireOpen(q);
  if (q.status !== 2) return;
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateQuestion(trx, q.id, { status: 1 });
    await repo.deleteCloseReason(trx, q.id);
    await resyncSource(trx, { fromQuestionId: q.id }, siteUrl, now);
    await recordTimeline(trx, { userId: session.user.id, objectId: q.id, originalObjectId: q.id, key: 'question.reopened', now });
  });
  ctx.events.emit({ type: 'post.status', objectId: q.id, objectType: 'question', action: 'reopened', byUserId: session.user.id, ownerId: q.user_id, questionId: q.id });
}

/**
 * PUT question/operation (staff): pin/unpin and list (show)/unlist (hide). Pinning an unlisted
 * question and unlisting a pinned one change nothing; so does repeating an operation.
 */
export async function operateQuestion(ctx: AppContext, session: SessionUser, input: OperationQuestionInput): Promise<void> {
  await requirePermission(ctx, session, `question.${input.operation}`);
  const q = await questionForWrite(ctx, session, input.id);
  requireOpen(q);
  const op = input.operation;
  const noop = (op === 'pin' && (q.pin === 2 || q.show === 2)) || (op === 'unpin' && q.pin !== 2) || (op === 'hide' && (q.show === 2 || q.pin === 2)) || (op === 'show' && q.show !== 2);
  if (noop) return;
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (op === 'pin' || op === 'unpin') await repo.updateQuestion(trx, q.id, { pin: op === 'pin' ? 2 : 1 });
    if (op === 'hide') {
      await repo.updateQuestion(trx, q.id, { show: 2 });
      await recountTags(trx, await setQuestionTagStatus(trx, q.id, [1], 2, now));
      await removeQuestionLinks(trx, q.id, now);
    }
    if (op === 'show') {
      await repo.updateQuestion(trx, q.id, { show: 1 });
      await recountTags(trx, await setQuestionTagStatus(trx, q.id, [2], 1, now));
      await restoreQuestionLinks(trx, q.id, siteUrl, now);
    }
    await recordTimeline(trx, { userId: session.user.id, objectId: q.id, originalObjectId: q.id, key: `question.${op}`, now });
  });
  const action = ({ pin: 'pinned', unpin: 'unpinned', hide: 'unlisted', show: 'listed' } as const)[op];
  ctx.events.emit({ type: 'post.status', objectId: q.id, objectType: 'question', action, byUserId: session.user.id, ownerId: q.user_id, questionId: q.id });
}

async function viewerState(ctx: AppContext, session: SessionUser | undefined, q: { id: string; user_id: number; status: number; pin: number; show: number }): Promise<ViewerState> {
  if (!session) return { collected: false, vote_status: '', is_followed: false, member_actions: [] };
  const uid = session.user.id;
  const [collected, votes, own] = await Promise.all([
    ctx.db.selectFrom('collection').select('id').where('user_id', '=', uid).where('object_id', '=', q.id).executeTakeFirst(),
    ctx.db.selectFrom('activity').select('activity_type').where('user_id', '=', uid).where('object_id', '=', q.id).where('cancelled', '=', 0)
      .where('activity_type', 'in', [ACTIVITY_TYPE['question.vote_up'], ACTIVITY_TYPE['question.vote_down'], ACTIVITY_TYPE['question.follow']]).execute(),
    ctx.db.selectFrom('answer').select('id').where('question_id', '=', q.id).where('user_id', '=', uid).where('status', '!=', 10).orderBy('created_at').orderBy('id').executeTakeFirst(),
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
    own_answer_id: own?.id,
  };
}

/** GET question/info: deleted and pending questions only for their owner and staff; counts a view. */
export async function questionInfo(ctx: AppContext, session: SessionUser | undefined, rawId: string, countView = true, lang: LanguageCode = DEFAULT_LANGUAGE) {
  const id = decodeId(rawId);
  const q = id ? await repo.findQuestion(ctx.db, id) : undefined;
  if (!q) throw notFound('error.question.not_found');
  const privileged = !!session && (session.user.id === q.user_id || isStaff(session));
  if ((q.status === 10 || q.status === 11) && !privileged) throw notFound('error.question.not_found');
  if (countView) {
    await countQuestionView(ctx, q.id);
    q.view_count += 1;
  }
  const [settings, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  let tags = (await questionTags(ctx.db, [q.id], write.required_tag)).get(q.id) ?? [];
  if (q.status === 10 && tags.length === 0) {
    // a deleted question shows the tags of its latest revision
    const rev = await latestApplied(ctx.db, q.id);
    tags = rev ? questionSnapshot(rev.content).tags.map((t) => ({ ...t, main_tag_slug_name: '', recommend: false, reserved: false })) : [];
  }
  const users = await userBriefs(ctx.db, usersCfg, [q.user_id, q.last_edit_user_id]);
  return presentQuestionDetail(q, tags, users, await viewerState(ctx, session, q), settings.permalink, await operationOf(ctx, q, lang));
}

/** The notice a question detail carries for closed, deleted and queued questions. */
async function operationOf(ctx: AppContext, q: QuestionRow, lang: LanguageCode) {
  if (q.status === 10) return { msg: translate(lang, 'error.question.already_deleted'), level: 'danger' };
  if (q.status === 11) return { msg: translate(lang, 'error.question.under_review'), level: 'secondary' };
  if (q.status !== 2) return null;
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
  const { count, rows } = await repo.pageQuestions(ctx.db, { ...q, tagIds, userId, now }, (key, compute) =>
    ctx.config.listCountTtlMs > 0 ? ctx.cache.get(`question-count:${key}`, ctx.config.listCountTtlMs, compute) : compute(),
  );
  if (count > 0 && rows.length === 0 && q.page > 1) throw notFound('base.request_format_error');
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const tags = await questionTags(ctx.db, rows.map((r) => r.id), write.required_tag);
  const users = await userBriefs(ctx.db, usersCfg, rows.map((r) => r.user_id));
  return { count, list: rows.map((r) => presentQuestionItem(r, tags.get(r.id) ?? [], users.get(r.user_id), seo.permalink)) };
}
