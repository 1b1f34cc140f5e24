// Questions, moderation: remove, recover, close, reopen, pin/unpin, list/unlist.
import type { AppContext } from '../../app-context.js';
import { isHttpUrl } from '../../http/fields.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { badRequest, fieldError } from '../../http/errors.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { readConfigValues } from '../config/config.repository.js';
import { requirePermission } from '../permission/permission.service.js';
import { isStaff } from '../permission/policy.js';
import { latestApplied } from '../post-history/post-history-common.service.js';
import { questionSnapshot } from '../post-history/revision.snapshot.js';
import type { SessionUser } from '../session/session.service.js';
import { recountTags, setQuestionTagStatus } from '../tag/tag-common.service.js';
import { setQuestionTags } from '../tag/tag.usage.js';
import { checkCaptcha } from '../user/account.service.js';
import { announce, removeQuestionTx } from './post-removal.js';
import { closeQuestionAs, reopenQuestionAs } from './question-close.js';
import { removeQuestionLinks, restoreQuestionLinks } from './question-links.js';
import * as repo from './question.repository.js';
import type { CloseQuestionInput, OperationQuestionInput } from './question.schema.js';
import { siteUrlOf } from '../config/site-url.js';
import { questionForWrite, snapshotTagIds } from './question.write.js';
import { PIN_STATUS, QUESTION_STATUS, SHOW_STATUS, TAG_REL_STATUS } from '../../contract/enums.js';

export async function removeQuestion(
  ctx: AppContext,
  session: SessionUser,
  input: { id: string; captcha_id?: string; captcha_code?: string },
): Promise<void> {
  const q = await questionForWrite(ctx, session, input.id);
  const uid = session.user.id;
  const staff = isStaff(session);
  await requirePermission(ctx, session, 'question.delete', q.user_id);
  if (q.status === QUESTION_STATUS.deleted) throw badRequest('error.question.already_deleted');
  await checkCaptcha(ctx, 'delete', String(uid), staff, input);
  if (!staff) {
    // only staff delete a question others have built on
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
  if (q.status !== QUESTION_STATUS.deleted) return;
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateQuestion(trx, q.id, { status: QUESTION_STATUS.available });
    const rev = await latestApplied(trx, q.id);
    const tagIds = rev ? await snapshotTagIds(trx, questionSnapshot(rev.content)) : [];
    if (tagIds.length)
      await setQuestionTags(trx, q.id, tagIds, q.show === SHOW_STATUS.hidden ? TAG_REL_STATUS.hidden : TAG_REL_STATUS.available, now);
    await restoreQuestionLinks(trx, q.id, siteUrl, now);
    await repo.recountUserQuestions(trx, q.user_id);
    await recordTimeline(trx, { userId: session.user.id, objectId: q.id, originalObjectId: q.id, key: 'question.undeleted', now });
  });
  ctx.events.emit({
    type: 'post.status',
    objectId: q.id,
    objectType: 'question',
    action: 'undeleted',
    byUserId: session.user.id,
    ownerId: q.user_id,
    questionId: q.id,
  });
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
  if (q.status === QUESTION_STATUS.deleted) throw badRequest('error.question.already_deleted');
  if (q.status === QUESTION_STATUS.pending) throw badRequest('error.question.under_review');
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
  await closeQuestionAs(ctx, session.user.id, q, { close_type: input.close_type, close_msg: closeMsg });
}

/** PUT question/reopen (staff): a closed question becomes available; its close reason goes. */
export async function reopenQuestion(ctx: AppContext, session: SessionUser, rawId: string): Promise<void> {
  await requirePermission(ctx, session, 'question.reopen');
  const q = await questionForWrite(ctx, session, rawId);
  requireOpen(q);
  if (q.status !== QUESTION_STATUS.closed) return;
  await reopenQuestionAs(ctx, session.user.id, q);
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
  const noop =
    (op === 'pin' && (q.pin === PIN_STATUS.pinned || q.show === SHOW_STATUS.hidden)) ||
    (op === 'unpin' && q.pin !== PIN_STATUS.pinned) ||
    (op === 'hide' && (q.show === SHOW_STATUS.hidden || q.pin === PIN_STATUS.pinned)) ||
    (op === 'show' && q.show !== SHOW_STATUS.hidden);
  if (noop) return;
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (op === 'pin' || op === 'unpin') await repo.updateQuestion(trx, q.id, { pin: op === 'pin' ? 2 : 1 });
    if (op === 'hide') {
      await repo.updateQuestion(trx, q.id, { show: SHOW_STATUS.hidden });
      await recountTags(trx, await setQuestionTagStatus(trx, q.id, [TAG_REL_STATUS.available], TAG_REL_STATUS.hidden, now));
      await removeQuestionLinks(trx, q.id, now);
    }
    if (op === 'show') {
      await repo.updateQuestion(trx, q.id, { show: SHOW_STATUS.shown });
      await recountTags(trx, await setQuestionTagStatus(trx, q.id, [TAG_REL_STATUS.hidden], TAG_REL_STATUS.available, now));
      await restoreQuestionLinks(trx, q.id, siteUrl, now);
    }
    await recordTimeline(trx, { userId: session.user.id, objectId: q.id, originalObjectId: q.id, key: `question.${op}`, now });
  });
  const action = ({ pin: 'pinned', unpin: 'unpinned', hide: 'unlisted', show: 'listed' } as const)[op];
  ctx.events.emit({
    type: 'post.status',
    objectId: q.id,
    objectType: 'question',
    action,
    byUserId: session.user.id,
    ownerId: q.user_id,
    questionId: q.id,
  });
}
