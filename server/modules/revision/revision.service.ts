import type { AppContext } from '../../app-context.js';
import type { ObjectTypeCode } from '../../contract/enums.js';
import type { Page } from '../../contract/api/common.js';
import type { Revision, SuggestedEdit, UnreviewedRevisionInfo } from '../../contract/api/revision.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import type { AnswerRow, QuestionRow, RevisionRow, TagRow } from '../../db/tables/content.table.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { renderMarkdown } from '../../infra/markdown/render.js';
import { findRevision, pendingRevision } from '../post-history/post-history-common.service.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { applyAnswerRevision } from '../answer/answer.service.js';
import { readThresholds, requirePermission } from '../permission/permission.service.js';
import { canModerate, canReviewEdits, canSeeHiddenObject } from '../permission/policy.js';
import { applyQuestionRevision, snapshotTagIds } from '../question/question.write.js';
import { siteUrlOf } from '../config/site-url.js';
import { changeRank, emitRankMoves, type RankMove } from '../rank/rank.service.js';
import type { SessionUser } from '../session/session.service.js';
import { findTagsBySlugs } from '../tag/tag-common.service.js';
import { questionTags } from '../tag/tag.usage.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import {
  presentReviewingType,
  presentRevision,
  presentUnreviewedInfo,
  revisionContent,
  TYPE_NAME,
  type TagLookup,
} from './revision.presenter.js';
import * as repo from './revision.repository.js';
import { answerSnapshot, questionSnapshot, tagSnapshot } from '../post-history/revision.snapshot.js';
import { ACTIVITY_TYPE, ANSWER_STATUS, QUESTION_STATUS, TAG_STATUS } from '../../contract/enums.js';
import { findAnswer, findQuestion, findTag } from '../post/post.repository.js';

/** A question, answer or tag named by an id, with who owns it and whether it is hidden. */
export type ContentObject =
  | { kind: 'question'; id: string; ownerId: number; hidden: boolean; deleted: boolean; row: QuestionRow }
  | { kind: 'answer'; id: string; ownerId: number; hidden: boolean; deleted: boolean; row: AnswerRow }
  | { kind: 'tag'; id: string; ownerId: number; hidden: boolean; deleted: boolean; row: TagRow };

/**
 * Looks up the question, answer or tag an id names: 400 error.object.not_found for an id of another
 * kind, 404 when it does not exist or is deleted/queued and the caller is neither its owner nor staff.
 */
export async function contentObject(ctx: AppContext, session: SessionUser | undefined, rawId: string): Promise<ContentObject> {
  const id = decodeId(rawId);
  const type = id ? objectTypeOf(id) : null;
  if (!id || !type || !TYPE_NAME[type]) throw badRequest('error.object.not_found');
  let found: ContentObject | undefined;
  if (type === OBJECT_TYPE.question) {
    const q = await findQuestion(ctx.db, id);
    if (q)
      found = {
        kind: 'question',
        id,
        ownerId: q.user_id,
        hidden: q.status === QUESTION_STATUS.deleted || q.status === QUESTION_STATUS.pending,
        deleted: q.status === QUESTION_STATUS.deleted,
        row: q,
      };
  } else if (type === OBJECT_TYPE.answer) {
    const a = await findAnswer(ctx.db, id);
    if (a)
      found = {
        kind: 'answer',
        id,
        ownerId: a.user_id,
        hidden: a.status === ANSWER_STATUS.deleted || a.status === ANSWER_STATUS.pending,
        deleted: a.status === ANSWER_STATUS.deleted,
        row: a,
      };
  } else {
    const t = await findTag(ctx.db, id);
    if (t)
      found = {
        kind: 'tag',
        id,
        ownerId: t.user_id,
        hidden: t.status === TAG_STATUS.deleted,
        deleted: t.status === TAG_STATUS.deleted,
        row: t,
      };
  }
  if (!found) throw notFound('error.object.not_found');
  if (found.hidden && !canSeeHiddenObject(session, found.kind, found.ownerId)) throw notFound('error.object.not_found');
  return found;
}

/** Tag rows by slug for the question snapshots among some revisions. */
async function tagLookup(ctx: AppContext, revisions: Pick<RevisionRow, 'object_type' | 'content'>[]): Promise<TagLookup> {
  const slugs = new Set<string>();
  for (const r of revisions)
    if (r.object_type === OBJECT_TYPE.question) for (const t of questionSnapshot(r.content).tags) slugs.add(t.slug_name);
  return new Map((await findTagsBySlugs(ctx.db, [...slugs])).map((t) => [t.slug_name, t]));
}

/** GET revisions: the applied revisions of a question, answer or tag, newest first. */
export async function listRevisions(ctx: AppContext, session: SessionUser | undefined, rawId: string): Promise<Revision[]> {
  const obj = await contentObject(ctx, session, rawId);
  const rows = await repo.appliedRevisions(ctx.db, obj.id);
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  const lookup = await tagLookup(ctx, rows);
  return rows.map((r) =>
    presentRevision(r, revisionContent(r, lookup, write.required_tag, seo.permalink), users.get(r.user_id), seo.permalink),
  );
}

const EDIT_ACTION = { question: 'question.edit', answer: 'answer.edit', tag: 'tag.edit' } as const;
const AUDIT_KINDS: [ObjectTypeCode, 'question' | 'answer' | 'tag'][] = [
  [OBJECT_TYPE.question, 'question'],
  [OBJECT_TYPE.answer, 'answer'],
  [OBJECT_TYPE.tag, 'tag'],
];

/** GET revisions/edit/check: null when the caller may edit now; 403 without the privilege, 400 while a suggestion waits. */
export async function checkCanEdit(ctx: AppContext, session: SessionUser, rawId: string): Promise<null> {
  const obj = await contentObject(ctx, session, rawId);
  await requirePermission(ctx, session, EDIT_ACTION[obj.kind], obj.kind === 'tag' ? undefined : obj.ownerId);
  if (obj.deleted) throw badRequest('error.object.already_deleted');
  if (await pendingRevision(ctx.db, obj.id)) throw new AppError(400, 'error.revision.review_underway', { err_type: 'toast' });
  return null;
}

/** The object types whose suggested edits the caller may review. */
export async function auditableTypes(ctx: AppContext, session: SessionUser): Promise<ObjectTypeCode[]> {
  const thresholds = await readThresholds(
    ctx,
    AUDIT_KINDS.map(([, kind]) => `${kind}.audit`),
  );
  return AUDIT_KINDS.filter(([, kind]) => canReviewEdits(session, kind, thresholds)).map(([type]) => type);
}

/** The current object beside a suggestion. */
async function currentInfo(
  ctx: AppContext,
  rev: RevisionRow,
  requiredTagOn: boolean,
  permalink: number,
): Promise<UnreviewedRevisionInfo | null> {
  if (rev.object_type === OBJECT_TYPE.question) {
    const q = await findQuestion(ctx.db, rev.object_id);
    return q
      ? presentUnreviewedInfo({ kind: 'question', q, tags: (await questionTags(ctx.db, [q.id], requiredTagOn)).get(q.id) ?? [] }, permalink)
      : null;
  }
  if (rev.object_type === OBJECT_TYPE.answer) {
    const a = await findAnswer(ctx.db, rev.object_id);
    if (!a) return null;
    const q = await findQuestion(ctx.db, a.question_id);
    return presentUnreviewedInfo(
      { kind: 'answer', a, q, tags: (await questionTags(ctx.db, [a.question_id], requiredTagOn)).get(a.question_id) ?? [] },
      permalink,
    );
  }
  const t = await findTag(ctx.db, rev.object_id);
  return t ? presentUnreviewedInfo({ kind: 'tag', t }, permalink) : null;
}

/** GET revisions/unreviewed: one pending suggestion per page among the types the caller may review. */
export async function unreviewedPage(ctx: AppContext, session: SessionUser, page: number): Promise<Page<SuggestedEdit>> {
  const types = await auditableTypes(ctx, session);
  // the reference answers an empty page to users without the power; it is refused here
  if (types.length === 0) throw new AppError(403, 'error.revision.no_permission');
  const { count, rows } = await repo.pageUnreviewed(ctx.db, types, page, 1);
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  const lookup = await tagLookup(ctx, rows);
  const list: SuggestedEdit[] = [];
  for (const r of rows) {
    list.push({
      type: TYPE_NAME[r.object_type] ?? '',
      info: await currentInfo(ctx, r, write.required_tag, seo.permalink),
      unreviewed_info: presentRevision(
        r,
        revisionContent(r, lookup, write.required_tag, seo.permalink),
        users.get(r.user_id),
        seo.permalink,
      ),
    });
  }
  return { count, list };
}

/** The suggester earns edit.accepted once per post (never for approving their own suggestion). */
async function rewardSuggester(
  trx: Parameters<typeof changeRank>[0],
  rev: RevisionRow,
  reviewerId: number,
  originalObjectId: string,
  now: number,
  moves?: RankMove[],
): Promise<void> {
  if (rev.user_id === reviewerId) return;
  if (await repo.activeActivityOf(trx, rev.user_id, rev.object_id, ACTIVITY_TYPE['edit.accepted'])) return;
  const { activityId } = await changeRank(
    trx,
    { userId: rev.user_id, triggerUserId: reviewerId, objectId: rev.object_id, originalObjectId, key: 'edit.accepted', capped: false, now },
    moves,
  );
  await repo.setActivityRevision(trx, activityId, rev.id);
}

/**
 * PUT revisions/audit: approve applies the suggestion (question, answer or tag) and rewards its
 * author; reject only closes it. Both need the review privilege of that object type (the
 * reference lets anyone reject: fixed). A suggestion no longer pending is left as it is.
 */
export async function audit(ctx: AppContext, session: SessionUser, input: { id: string; operation: 'approve' | 'reject' }): Promise<void> {
  // someone with no audit power at all is refused before learning whether the revision exists
  const types = await auditableTypes(ctx, session);
  if (types.length === 0) throw new AppError(403, 'error.revision.no_permission');
  const revId = /^\d{1,15}$/.test(input.id) ? Number(input.id) : NaN;
  const rev = Number.isSafeInteger(revId) ? await findRevision(ctx.db, revId) : undefined;
  if (!rev) throw notFound('error.object.not_found');
  if (rev.status !== repo.REVISION_STATUS.pending) return;
  if (!types.includes(rev.object_type)) throw badRequest('error.revision.no_permission');
  const reviewer = session.user.id;
  const now = ctx.clock.now();
  const reviewed = (approved: boolean) =>
    ctx.events.emit({
      type: 'revision.reviewed',
      revisionId: rev.id,
      objectId: rev.object_id,
      suggesterId: rev.user_id,
      reviewerId: reviewer,
      approved,
    });
  if (input.operation === 'reject') {
    if (await repo.settleRevision(ctx.db, rev.id, repo.REVISION_STATUS.rejected, reviewer, now)) reviewed(false);
    return;
  }
  const siteUrl = await siteUrlOf(ctx);
  const moves: RankMove[] = [];
  const applied = (edited: { objectType: 'question' | 'answer' | 'tag'; ownerId: number; questionId: string }) => {
    reviewed(true);
    ctx.events.emit({ type: 'post.edited', objectId: rev.object_id, editorId: rev.user_id, ...edited });
    emitRankMoves(ctx, moves, reviewer);
  };
  if (rev.object_type === OBJECT_TYPE.question) {
    const q = await findQuestion(ctx.db, rev.object_id);
    if (!q || q.status === QUESTION_STATUS.deleted) throw badRequest('error.object.already_deleted');
    const snap = questionSnapshot(rev.content);
    const done = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.settleRevision(trx, rev.id, repo.REVISION_STATUS.approved, reviewer, now))) return false;
      await applyQuestionRevision(trx, q, snap, {
        editorId: rev.user_id,
        revisionId: rev.id,
        tagIds: await snapshotTagIds(trx, snap),
        siteUrl,
        now,
      });
      await rewardSuggester(trx, rev, reviewer, q.id, now, moves);
      return true;
    });
    if (done) applied({ objectType: 'question', ownerId: q.user_id, questionId: q.id });
    return;
  }
  if (rev.object_type === OBJECT_TYPE.answer) {
    const a = await findAnswer(ctx.db, rev.object_id);
    if (!a || a.status === ANSWER_STATUS.deleted) throw badRequest('error.object.already_deleted');
    const snap = answerSnapshot(rev.content);
    const done = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.settleRevision(trx, rev.id, repo.REVISION_STATUS.approved, reviewer, now))) return false;
      await applyAnswerRevision(trx, a, snap, { editorId: rev.user_id, revisionId: rev.id, siteUrl, now });
      await rewardSuggester(trx, rev, reviewer, a.question_id, now, moves);
      return true;
    });
    if (done) applied({ objectType: 'answer', ownerId: a.user_id, questionId: a.question_id });
    return;
  }
  const t = await findTag(ctx.db, rev.object_id);
  if (!t || t.status === TAG_STATUS.deleted) throw badRequest('error.object.already_deleted');
  const snap = tagSnapshot(rev.content);
  const parsed = snap.parsed_text || (snap.original_text ? await renderMarkdown(snap.original_text) : '');
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.settleRevision(trx, rev.id, repo.REVISION_STATUS.approved, reviewer, now))) return false;
    const slug =
      snap.slug_name && snap.slug_name !== t.slug_name && !(await repo.slugTakenByOther(trx, snap.slug_name, t.id))
        ? snap.slug_name
        : undefined;
    await repo.applyTagRevision(trx, t.id, {
      slug_name: slug,
      display_name: snap.display_name || t.display_name,
      original_text: snap.original_text,
      parsed_text: parsed,
      revision_id: rev.id,
      now,
    });
    await recordTimeline(trx, { userId: rev.user_id, objectId: t.id, originalObjectId: t.id, key: 'tag.edited', revisionId: rev.id, now });
    await rewardSuggester(trx, rev, reviewer, t.id, now, moves);
    return true;
  });
  if (done) applied({ objectType: 'tag', ownerId: t.user_id, questionId: '' });
}

/** GET reviewing/type: queued posts and flags (staff) and suggested edits the caller may review. */
export async function reviewingTypes(ctx: AppContext, session: SessionUser, lang: LanguageCode) {
  const out = [];
  if (canModerate(session)) {
    out.push(presentReviewingType('queued_post', translate(lang, 'review.queued_post'), await repo.countPendingQueue(ctx.db)));
    out.push(presentReviewingType('flagged_post', translate(lang, 'review.flagged_post'), await repo.countPendingFlags(ctx.db)));
  }
  const types = await auditableTypes(ctx, session);
  if (types.length)
    out.push(
      presentReviewingType(
        'suggested_post_edit',
        translate(lang, 'review.suggested_post_edit'),
        (await repo.pageUnreviewed(ctx.db, types, 1, 1)).count,
      ),
    );
  return out;
}
