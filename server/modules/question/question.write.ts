// Questions, writing: ask (alone or with an answer), edit, apply a revision.
import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { badRequest, notFound } from '../../http/errors.js';
import { guardKey, onceWithin5Minutes } from '../../http/duplicate-guard.js';
import { decodeId, newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml, keepsAttribution, renderMarkdown, urlTitle } from '../../infra/markdown/render.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { queueAnswerIfNeeded } from '../answer/answer-queue.js';
import { addAnswerTx, answerInfo } from '../answer/answer.service.js';
import { readThresholds, requirePermission } from '../permission/permission.service.js';
import { canSeeHiddenPost, canUseReservedTags, editsWithoutReview, isStaff } from '../permission/policy.js';
import { insertRevision, pendingRevision } from '../post-history/post-history-common.service.js';
import { questionSnapshotJson, type QuestionSnapshot } from '../post-history/revision.snapshot.js';
import type { SessionUser } from '../session/session.service.js';
import { findTagsBySlugs } from '../tag/tag-common.service.js';
import { questionTags, resolvePostTags, setQuestionTags, tagRules, tagSlug, type TagBrief, type TagRules } from '../tag/tag.usage.js';
import { initialStatusFor } from '../review-queue/review-queue.service.js';
import { queueQuestionIfNeeded } from './question-queue.js';
import { checkCaptcha } from '../user/account.service.js';
import { syncQuestionLinks } from './question-links.js';
import * as repo from './question.repository.js';
import type { AddQuestionByAnswerInput, AddQuestionInput, UpdateQuestionInput } from './question.schema.js';
import { siteUrlOf } from '../config/site-url.js';
import { questionInfo } from './question.read.js';
import { QUESTION_STATUS, REVISION_STATUS, SHOW_STATUS, TAG_REL_STATUS, TAG_STATUS } from '../../contract/enums.js';
import type { EditResult } from '../../contract/api/question.js';
import { relativeUploadFields } from '../upload/upload-url.js';
import { findQuestion } from '../post/post.repository.js';

const contentEmpty = () => badRequest('base.request_format_error', [{ field: 'content', key: 'error.question.content_cannot_empty' }]);

/** Inside a transaction: inserts a question with its tags, first revision, links and timeline entry. */
async function createQuestionTx(
  trx: DbOrTrx,
  rules: TagRules,
  session: SessionUser,
  input: AddQuestionInput,
  html: string,
  siteUrl: string,
  now: number,
): Promise<string> {
  const tags = await resolvePostTags(trx, rules, session, input.tags);
  const qid = await newObjectId(trx, OBJECT_TYPE.question);
  await repo.insertQuestion(trx, {
    id: qid,
    user_id: session.user.id,
    title: input.title,
    original_text: input.content,
    parsed_text: html,
    status: QUESTION_STATUS.available,
    now,
  });
  await setQuestionTags(
    trx,
    qid,
    tags.map((t) => t.id),
    TAG_REL_STATUS.available,
    now,
  );
  const linked = await syncQuestionLinks(trx, { fromQuestionId: qid, html, siteUrl, now });
  const snapshot = questionSnapshotJson({
    id: qid,
    title: input.title,
    content: input.content,
    html: linked.html,
    tags: tags.map((t) => ({ slug_name: t.slug_name, display_name: t.display_name })),
  });
  const revisionId = await insertRevision(trx, {
    user_id: session.user.id,
    object_type: OBJECT_TYPE.question,
    object_id: qid,
    title: input.title,
    content: snapshot,
    log: '',
    status: REVISION_STATUS.normal,
    now,
  });
  await repo.updateQuestion(trx, qid, { revision_id: revisionId, parsed_text: linked.html });
  await recordTimeline(trx, { userId: session.user.id, objectId: qid, originalObjectId: qid, key: 'question.asked', revisionId, now });
  await repo.recountUserQuestions(trx, session.user.id);
  return qid;
}

/** POST question: creates the question with its tags, revision, links and timeline entry. */
export async function addQuestion(ctx: AppContext, session: SessionUser, sent: AddQuestionInput) {
  const input = await relativeUploadFields(ctx, sent, ['content']);
  await requirePermission(ctx, session, 'question.add');
  await checkCaptcha(ctx, 'question', String(session.user.id), isStaff(session), input);
  const html = await renderMarkdown(input.content, { account: String(session.user.id) });
  if (isBlankHtml(html)) throw contentEmpty();
  const { captcha_id: _i, captcha_code: _c, ...body } = input;
  const now = ctx.clock.now();
  const rules = await tagRules(ctx, session, input.tags);
  const siteUrl = await siteUrlOf(ctx);
  const review = await initialStatusFor(ctx, session, html);
  const id = await onceWithin5Minutes(ctx, guardKey(session.user.id, 'POST /question', body), now, () =>
    ctx.db
      .transaction()
      .execute(async (trx) =>
        queueQuestionIfNeeded(trx, review, await createQuestionTx(trx, rules, session, input, html, siteUrl, now), now),
      ),
  );
  await ctx.captcha.count('question', String(session.user.id));
  const out = await questionInfo(ctx, session, id, false);
  ctx.events.emit({ type: 'question.created', questionId: id, userId: session.user.id, status: out.status });
  return out;
}

/** POST question/answer: a question and the asker's own answer in one call; {info, question}. */
export async function addQuestionByAnswer(ctx: AppContext, session: SessionUser, sent: AddQuestionByAnswerInput) {
  const input = await relativeUploadFields(ctx, sent, ['content', 'answer_content']);
  await requirePermission(ctx, session, 'question.add');
  await requirePermission(ctx, session, 'answer.add');
  await checkCaptcha(ctx, 'question', String(session.user.id), isStaff(session), input);
  const html = await renderMarkdown(input.content, { account: String(session.user.id) });
  if (isBlankHtml(html)) throw contentEmpty();
  const answerHtml = await renderMarkdown(input.answer_content, { account: String(session.user.id) });
  if (isBlankHtml(answerHtml))
    throw badRequest('base.request_format_error', [{ field: 'answer_content', key: 'error.answer.content_cannot_empty' }]);
  const { captcha_id: _i, captcha_code: _c, mention_username_list: _m, ...body } = input;
  const now = ctx.clock.now();
  const rules = await tagRules(ctx, session, input.tags);
  const siteUrl = await siteUrlOf(ctx);
  const review = await initialStatusFor(ctx, session, html + answerHtml);
  const answerId = await onceWithin5Minutes(ctx, guardKey(session.user.id, 'POST /question/answer', body), now, () =>
    ctx.db.transaction().execute(async (trx) => {
      const qid = await queueQuestionIfNeeded(trx, review, await createQuestionTx(trx, rules, session, input, html, siteUrl, now), now);
      return queueAnswerIfNeeded(
        trx,
        review,
        await addAnswerTx(trx, { questionId: qid, userId: session.user.id, content: input.answer_content, html: answerHtml, siteUrl, now }),
        now,
      );
    }),
  );
  await ctx.captcha.count('question', String(session.user.id));
  const out = await answerInfo(ctx, session, answerId);
  const qid = decodeId(out.question.id) ?? '';
  ctx.events.emit({ type: 'question.created', questionId: qid, userId: session.user.id, status: out.question.status });
  ctx.events.emit({
    type: 'answer.created',
    answerId,
    questionId: qid,
    userId: session.user.id,
    questionOwnerId: session.user.id,
    status: out.info.status,
  });
  return out;
}

/** A question visible to the caller for a write: 404 when unknown, or pending and not theirs. */
export async function questionForWrite(ctx: AppContext, session: SessionUser, rawId: string): Promise<QuestionRow> {
  const id = decodeId(rawId);
  const q = id ? await findQuestion(ctx.db, id) : undefined;
  if (!q) throw notFound('error.question.not_found');
  if (q.status === QUESTION_STATUS.pending && !canSeeHiddenPost(session, q.user_id)) throw notFound('error.question.not_found');
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
  const listed = (q.status === QUESTION_STATUS.available || q.status === QUESTION_STATUS.closed) && q.show === SHOW_STATUS.shown;
  const closeMsg = q.status === QUESTION_STATUS.closed ? ((await repo.closeReason(trx, q.id))?.close_msg ?? '') : '';
  const linked = listed
    ? await syncQuestionLinks(trx, { fromQuestionId: q.id, html: snap.html, siteUrl: o.siteUrl, now: o.now, alsoScan: [closeMsg] })
    : { html: snap.html };
  await repo.updateQuestion(trx, q.id, {
    title: snap.title,
    original_text: snap.content,
    parsed_text: linked.html,
    last_edit_user_id: o.editorId,
    updated_at: o.now,
    post_update_time: o.now,
    revision_id: o.revisionId,
  });
  if (o.tagIds && o.tagIds.length)
    await setQuestionTags(trx, q.id, o.tagIds, q.show === SHOW_STATUS.hidden ? TAG_REL_STATUS.hidden : TAG_REL_STATUS.available, o.now);
  await recordTimeline(trx, {
    userId: o.editorId,
    objectId: q.id,
    originalObjectId: q.id,
    key: 'question.edited',
    revisionId: o.revisionId,
    now: o.now,
  });
}

/** Main tag ids for the tags of a snapshot (tags deleted since are skipped). */
export async function snapshotTagIds(db: DbOrTrx, snap: QuestionSnapshot): Promise<string[]> {
  const found = await findTagsBySlugs(
    db,
    snap.tags.map((t) => tagSlug(t.slug_name)),
  );
  return [...new Set(found.filter((t) => t.status === TAG_STATUS.available).map((t) => (t.main_tag_id !== '0' ? t.main_tag_id : t.id)))];
}

/**
 * PUT question: the owner, staff and users with question.edit_without_review edit at once;
 * others with question.edit leave a suggested edit for review. Unchanged input changes nothing.
 */
export async function updateQuestion(ctx: AppContext, session: SessionUser, sent: UpdateQuestionInput): Promise<EditResult> {
  const input = await relativeUploadFields(ctx, sent, ['content']);
  const q = await questionForWrite(ctx, session, input.id);
  const uid = session.user.id;
  const staff = isStaff(session);
  await requirePermission(ctx, session, 'question.edit', q.user_id);
  const direct = editsWithoutReview(session, 'question', q.user_id, await readThresholds(ctx, ['question.edit_without_review']));
  if (q.status === QUESTION_STATUS.deleted) throw badRequest('error.question.cannot_update');
  await checkCaptcha(ctx, 'edit', String(uid), staff, input);
  if (await pendingRevision(ctx.db, q.id)) throw badRequest('error.question.cannot_update');
  const html = await renderMarkdown(input.content, {
    attribution: keepsAttribution(q.original_text, input.content),
    account: String(session.user.id),
  });
  if (isBlankHtml(html)) throw contentEmpty();
  const rules = await tagRules(ctx, session, input.tags);
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  const before = await currentTags(ctx.db, q.id);
  const reservedSlugs = new Set(rules.write.reserved_tags.map((t) => t.slug_name.toLowerCase()));
  const isReserved = (t: TagBrief) => t.reserved || reservedSlugs.has(t.slug_name);
  const wanted = new Set(input.tags.map((t) => tagSlug(t.slug_name)).filter(Boolean));
  if (input.tags.length && !canUseReservedTags(session)) {
    const missingReserved = before.filter((t) => isReserved(t) && !wanted.has(t.slug_name));
    if (missingReserved.length)
      throw badRequest('base.request_format_error', [
        { field: 'tags', key: 'error.tag.reserved_must_be_present', params: { names: missingReserved.map((t) => t.slug_name).join(', ') } },
      ]);
  }
  const changed = await ctx.db.transaction().execute(async (trx) => {
    let tags = (
      await findTagsBySlugs(
        trx,
        before.map((t) => t.slug_name),
      )
    ).filter((t) => t.status === TAG_STATUS.available);
    if (input.tags.length) {
      // reserved tags already on the question may stay even for users who could not add them
      const kept = new Set(before.filter((t) => isReserved(t) && wanted.has(t.slug_name)).map((t) => t.slug_name));
      const rest = canUseReservedTags(session) ? input.tags : input.tags.filter((t) => !kept.has(tagSlug(t.slug_name)));
      const resolved = rest.length ? await resolvePostTags(trx, rules, session, rest) : [];
      const keptRows = (await findTagsBySlugs(trx, [...kept])).filter((t) => t.status === TAG_STATUS.available);
      tags = [...keptRows, ...resolved.filter((t) => !kept.has(t.slug_name))];
    }
    const sameTags = tags.length === before.length && tags.every((t) => before.some((b) => b.slug_name === t.slug_name));
    if (q.title === input.title && q.original_text === input.content && sameTags) return false;
    const snap: QuestionSnapshot = {
      id: q.id,
      title: input.title,
      content: input.content,
      html,
      tags: tags.map((t) => ({ slug_name: t.slug_name, display_name: t.display_name })),
    };
    const revisionId = await insertRevision(trx, {
      user_id: uid,
      object_type: OBJECT_TYPE.question,
      object_id: q.id,
      title: input.title,
      content: questionSnapshotJson(snap),
      log: input.edit_summary ?? '',
      status: direct ? REVISION_STATUS.approved : REVISION_STATUS.pending,
      now,
    });
    if (direct) await applyQuestionRevision(trx, q, snap, { editorId: uid, revisionId, tagIds: tags.map((t) => t.id), siteUrl, now });
    return true;
  });
  if (changed) await ctx.captcha.count('edit', String(uid));
  if (changed && direct)
    ctx.events.emit({ type: 'post.edited', objectId: q.id, objectType: 'question', editorId: uid, ownerId: q.user_id, questionId: q.id });
  if (changed && !direct) ctx.events.emit({ type: 'revision.submitted', objectId: q.id, objectType: 'question', userId: uid });
  return { url_title: urlTitle(input.title), wait_for_review: changed && !direct };
}

/**
 * DELETE question: the owner (only while it has no accepted answer, at most one answer and that
 * answer has no positive score) or staff. Soft delete: tags, links and queued reviews settle.
 */
