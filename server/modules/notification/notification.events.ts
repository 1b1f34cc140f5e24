import type { AppContext } from '../../app-context.js';
import type { DomainEvent } from '../../infra/events.js';
import { findComment } from '../comment/comment-common.service.js';
import { postUrl, sendInboxMail, sendNewQuestionMails, type InboxMailKind } from './notification.mail.js';
import * as repo from './notification.repository.js';
import { actionKey, describeObject, notifyInbox, notifyReputation, type InboxAction, type NotifiedObject } from './notification.service.js';
import { COMMENT_STATUS, POST_STATUS } from '../../contract/enums.js';
import { findAnswer } from '../post/post.repository.js';

type Of<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

/** Inbox kinds question followers get a copy of (as the reference). */
type FollowerAction = Extract<InboxAction, 'update_question' | 'answer_the_question' | 'update_answer' | 'accept_answer'>;

/** Notifies a list of receivers once each (first action wins); never the trigger user. Returns who got one. */
async function notifyEach(
  ctx: AppContext,
  obj: NotifiedObject,
  triggerId: number,
  plan: { receiverId: number; action: InboxAction }[],
  already = new Set<number>(),
): Promise<{ receiverId: number; action: InboxAction }[]> {
  const done: { receiverId: number; action: InboxAction }[] = [];
  for (const p of plan) {
    if (already.has(p.receiverId) || p.receiverId === triggerId) continue;
    already.add(p.receiverId);
    if (await notifyInbox(ctx, { receiverId: p.receiverId, triggerId, action: p.action, object: obj })) done.push(p);
  }
  return done;
}

/** The direct receivers, then the question's followers with the same action. */
async function notifyWithFollowers(ctx: AppContext, obj: NotifiedObject, triggerId: number, receivers: number[], action: FollowerAction) {
  const already = new Set<number>();
  const done = await notifyEach(
    ctx,
    obj,
    triggerId,
    receivers.map((receiverId) => ({ receiverId, action })),
    already,
  );
  const followers = await repo.followerIds(ctx.db, [obj.questionId], 'question.follow');
  await notifyEach(
    ctx,
    obj,
    triggerId,
    followers.map((receiverId) => ({ receiverId, action })),
    already,
  );
  return done;
}

async function mailFor(ctx: AppContext, obj: NotifiedObject, receiverId: number, kind: InboxMailKind, triggerId: number, html?: string) {
  const url = await postUrl(ctx, {
    questionId: obj.questionId,
    title: obj.title,
    answerId: obj.map.answer || undefined,
    commentId: obj.map.comment || undefined,
  });
  await sendInboxMail(ctx, receiverId, kind, { triggerId, title: obj.title, url, html });
}

/** A new available answer: its question's owner (inbox + mail) and the question's followers. */
async function answerCreated(ctx: AppContext, answerId: string, userId: number): Promise<void> {
  const obj = await describeObject(ctx.db, answerId);
  if (!obj || obj.status !== POST_STATUS.available) return;
  const done = await notifyWithFollowers(ctx, obj, userId, [obj.questionOwnerId], 'answer_the_question');
  const a = await findAnswer(ctx.db, answerId);
  if (done.some((d) => d.receiverId === obj.questionOwnerId))
    await mailFor(ctx, obj, obj.questionOwnerId, 'new_answer', userId, a?.parsed_text);
}

/**
 * A new available comment: the replied-to user (reply_to_you), the mentioned users (mention_you) and
 * the post's owner (comment_question / comment_answer), one notification and one mail each.
 */
async function commentCreated(ctx: AppContext, commentId: string, userId: number, mentioned: number[]): Promise<void> {
  const c = await findComment(ctx.db, commentId);
  const obj = c && c.status === COMMENT_STATUS.available ? await describeObject(ctx.db, commentId) : undefined;
  if (!c || !obj) return;
  const post = await describeObject(ctx.db, c.object_id);
  const plan: { receiverId: number; action: InboxAction }[] = [];
  if (c.reply_user_id) plan.push({ receiverId: c.reply_user_id, action: 'reply_to_you' });
  for (const id of mentioned) plan.push({ receiverId: id, action: 'mention_you' });
  if (post) plan.push({ receiverId: post.ownerId, action: post.type === 'answer' ? 'comment_answer' : 'comment_question' });
  for (const d of await notifyEach(ctx, obj, userId, plan)) await mailFor(ctx, obj, d.receiverId, 'new_comment', userId, c.parsed_text);
}

async function answerAccepted(ctx: AppContext, e: Of<'answer.accepted'>): Promise<void> {
  const obj = await describeObject(ctx.db, e.answerId);
  if (obj) await notifyWithFollowers(ctx, obj, e.byUserId, [e.answerOwnerId], 'accept_answer');
}

async function questionInvited(ctx: AppContext, e: Of<'question.invited'>): Promise<void> {
  const obj = await describeObject(ctx.db, e.questionId);
  if (!obj) return;
  const done = await notifyEach(
    ctx,
    obj,
    e.byUserId,
    e.invitedUserIds.map((receiverId) => ({ receiverId, action: 'invited_you_to_answer' as const })),
  );
  for (const d of done) await mailFor(ctx, obj, d.receiverId, 'invited_answer', e.byUserId);
}

/** A direct (or approved) edit: the post's owner, for answers also the question's owner, and the followers. */
async function postEdited(ctx: AppContext, e: Of<'post.edited'>): Promise<void> {
  if (e.objectType === 'tag') return;
  const obj = await describeObject(ctx.db, e.objectId);
  if (!obj) return;
  if (obj.type === 'question') await notifyWithFollowers(ctx, obj, e.editorId, [obj.ownerId], 'update_question');
  if (obj.type === 'answer') await notifyWithFollowers(ctx, obj, e.editorId, [obj.ownerId, obj.questionOwnerId], 'update_answer');
}

const REMOVAL: Record<'question' | 'answer' | 'comment', InboxAction> = {
  question: 'your_question_was_deleted',
  answer: 'your_answer_was_deleted',
  comment: 'your_comment_was_deleted',
};

/** Someone else closed or deleted your post; a queued post that was approved is announced as new. */
async function postStatus(ctx: AppContext, e: Of<'post.status'>): Promise<void> {
  if (e.action === 'approved') {
    if (e.objectType === 'answer') await answerCreated(ctx, e.objectId, e.ownerId);
    if (e.objectType === 'question') await sendNewQuestionMails(ctx, e.objectId);
    if (e.objectType === 'comment') await commentCreated(ctx, e.objectId, e.ownerId, []);
    return;
  }
  const action =
    e.action === 'closed' && e.objectType === 'question'
      ? 'your_question_is_closed'
      : e.action === 'deleted'
        ? REMOVAL[e.objectType]
        : undefined;
  if (!action) return;
  const obj = await describeObject(ctx.db, e.objectId);
  if (obj) await notifyEach(ctx, obj, e.byUserId, [{ receiverId: obj.ownerId, action }]);
}

/** A new vote tells the post's owner once per voter and kind (a vote taken back and cast again says nothing new). */
async function voteCast(ctx: AppContext, e: Of<'vote.cast'>): Promise<void> {
  if (e.cancelled) return;
  if (e.objectType === 'comment' && e.direction === 'down') return;
  const action = `${e.direction}_voted_${e.objectType}` as InboxAction;
  const obj = await describeObject(ctx.db, e.objectId);
  if (!obj || obj.ownerId === e.voterId) return;
  if (await repo.inboxExists(ctx.db, obj.ownerId, obj.id, actionKey(action), e.voterId)) return;
  await notifyInbox(ctx, { receiverId: obj.ownerId, triggerId: e.voterId, action, object: obj });
}

/** Subscribes the notification writers to the domain events. */
export function subscribeNotifications(ctx: AppContext): void {
  ctx.events.on('answer.created', (e) => (e.status === POST_STATUS.available ? answerCreated(ctx, e.answerId, e.userId) : undefined));
  ctx.events.on('comment.created', (e) => commentCreated(ctx, e.commentId, e.userId, e.mentionedUserIds));
  ctx.events.on('answer.accepted', (e) => answerAccepted(ctx, e));
  ctx.events.on('question.invited', (e) => questionInvited(ctx, e));
  ctx.events.on('post.edited', (e) => postEdited(ctx, e));
  ctx.events.on('post.status', (e) => postStatus(ctx, e));
  ctx.events.on('vote.cast', (e) => voteCast(ctx, e));
  ctx.events.on('rank.changed', (e) => notifyReputation(ctx, e.userId, e.objectId, e.byUserId));
  ctx.events.on('question.created', async (e) => {
    if (e.status === POST_STATUS.available) await sendNewQuestionMails(ctx, e.questionId);
  });
}
