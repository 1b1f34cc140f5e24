import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import type { DomainEvent, DomainEventType } from '../../infra/events.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import type { ActivityKey } from '../../contract/enums.js';
import { parseReactionSummary } from '../meta/meta.presenter.js';
import { notifyBadgeAward } from '../notification/notification.service.js';
import * as repo from './badge.repository.js';
import { BADGE_SINGLE, BADGE_STATUS, type BadgeRow } from './badge.repository.js';
import { POST_STATUS, QUESTION_STATUS } from '../../contract/enums.js';

/**
 * The award rules, by the name stored in badge.handler. The reference's default badges use the
 * first ten; ReachPostAmount ({object_type, amount}: that many available questions, answers or
 * comments written) and ReachReputation ({amount}: reputation reached) are rules an installed
 * badge may name too. Every rule re-reads the database: an event only says where to look.
 */
export const BADGE_HANDLERS = [
  'FirstUpdateUserProfile',
  'FirstPostEdit',
  'FirstFlaggedPost',
  'FirstVotedPost',
  'FirstReactedPost',
  'FirstSharedPost',
  'FirstAcceptAnswer',
  'ReachAnswerAcceptedAmount',
  'ReachAnswerVote',
  'ReachQuestionVote',
  'ReachPostAmount',
  'ReachReputation',
] as const;
export type BadgeHandler = (typeof BADGE_HANDLERS)[number];

type PostType = 'question' | 'answer' | 'comment';

/** Who may earn a badge of a rule, on which object, with what measured amount (threshold rules). */
interface Claim {
  handler: BadgeHandler;
  userId: number;
  /** The post the badge is earned on; '0' when none. Multiple-award badges are earned once per key. */
  awardKey: string;
  /** The measured amount compared with the badge's `amount` parameter; absent for first-time rules. */
  measure?: number;
  /** ReachPostAmount: the kind of post counted. */
  postType?: PostType;
}

/** A new award, as the notification hook receives it. */
export interface BadgeAward {
  awardId: string;
  userId: number;
  badgeId: string;
  /** The badge's stored name (a message key for the default badges). */
  badgeName: string;
  icon: string;
  level: number;
  awardKey: string;
}

function params(b: Pick<BadgeRow, 'param'>): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(b.param || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A badge's `amount` parameter (stored as a string or a number); 0 when missing or invalid. */
export function badgeAmount(b: Pick<BadgeRow, 'param'>): number {
  const raw = params(b).amount;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** Whether a claim meets a badge's parameters. */
function qualifies(b: BadgeRow, c: Claim): boolean {
  if (c.handler === 'ReachPostAmount' && params(b).object_type !== c.postType) return false;
  if (c.measure === undefined) return true;
  const need = badgeAmount(b);
  return need > 0 && c.measure >= need;
}

const VOTER_KEYS: Record<PostType, ActivityKey[]> = {
  question: ['question.vote_up', 'question.vote_down'],
  answer: ['answer.vote_up', 'answer.vote_down'],
  comment: ['comment.vote_up'],
};

async function postAmountClaim(db: DbOrTrx, type: PostType, postId: string, userId: number): Promise<Claim[]> {
  const post = await repo.postHead(db, type, postId);
  if (!post || post.status !== POST_STATUS.available || post.user_id !== userId) return [];
  return [{ handler: 'ReachPostAmount', userId, awardKey: postId, postType: type, measure: await repo.countUserPosts(db, type, userId) }];
}

/** The claims an event raises, each checked against the database. */
async function claimsFor(db: DbOrTrx, e: DomainEvent): Promise<Claim[]> {
  switch (e.type) {
    case 'vote.cast': {
      if (e.cancelled) return [];
      const out: Claim[] = [];
      if (await repo.hasActiveActivity(db, e.voterId, e.objectId, VOTER_KEYS[e.objectType]))
        out.push({ handler: 'FirstVotedPost', userId: e.voterId, awardKey: e.objectId });
      if (e.objectType !== 'comment') {
        const post = await repo.postHead(db, e.objectType, e.objectId);
        if (post && post.status !== POST_STATUS.deleted) {
          const ups = await repo.countActiveActivities(db, e.objectId, e.objectType === 'question' ? 'question.vote_up' : 'answer.vote_up');
          out.push({
            handler: e.objectType === 'question' ? 'ReachQuestionVote' : 'ReachAnswerVote',
            userId: post.user_id,
            awardKey: e.objectId,
            measure: ups,
          });
        }
      }
      return out;
    }
    case 'answer.accepted': {
      const acc = await repo.standingAcceptance(db, e.answerId);
      if (!acc) return [];
      return [
        { handler: 'FirstAcceptAnswer', userId: e.byUserId, awardKey: acc.question_id },
        {
          handler: 'ReachAnswerAcceptedAmount',
          userId: acc.answer_user_id,
          awardKey: acc.answer_id,
          measure: await repo.countAcceptedAnswers(db, acc.answer_user_id),
        },
      ];
    }
    case 'post.edited':
      if (e.objectType === 'tag' || !(await repo.hasDirectEdit(db, e.editorId, e.objectId))) return [];
      return [{ handler: 'FirstPostEdit', userId: e.editorId, awardKey: e.objectId }];
    case 'user.profile_updated': {
      const user = await repo.liveUser(db, e.userId);
      return user && user.bio.trim() !== '' ? [{ handler: 'FirstUpdateUserProfile', userId: e.userId, awardKey: '0' }] : [];
    }
    case 'report.created':
      return (await repo.hasReported(db, e.userId, e.objectId))
        ? [{ handler: 'FirstFlaggedPost', userId: e.userId, awardKey: e.objectId }]
        : [];
    case 'reaction.changed': {
      if (!e.active) return [];
      const summary = parseReactionSummary(await repo.metaValue(db, e.objectId, 'object.react.summary'));
      const reacted = summary.reactions.some((r) => r.user_ids.includes(String(e.userId)));
      return reacted ? [{ handler: 'FirstReactedPost', userId: e.userId, awardKey: e.objectId }] : [];
    }
    case 'question.shared': {
      if (e.visitorId === e.sharerId) return [];
      const q = await repo.postHead(db, 'question', e.questionId);
      return q && (q.status === QUESTION_STATUS.available || q.status === QUESTION_STATUS.closed)
        ? [{ handler: 'FirstSharedPost', userId: e.sharerId, awardKey: e.questionId }]
        : [];
    }
    case 'question.created':
      return postAmountClaim(db, 'question', e.questionId, e.userId);
    case 'answer.created':
      return postAmountClaim(db, 'answer', e.answerId, e.userId);
    case 'comment.created':
      return postAmountClaim(db, 'comment', e.commentId, e.userId);
    case 'post.status':
      return e.action === 'approved' ? postAmountClaim(db, e.objectType, e.objectId, e.ownerId) : [];
    case 'rank.changed': {
      const user = await repo.liveUser(db, e.userId);
      return user ? [{ handler: 'ReachReputation', userId: e.userId, awardKey: '0', measure: user.rank }] : [];
    }
    default:
      return [];
  }
}

/** The events the award rules listen to. */
export const BADGE_EVENTS: DomainEventType[] = [
  'vote.cast',
  'answer.accepted',
  'post.edited',
  'user.profile_updated',
  'report.created',
  'reaction.changed',
  'question.shared',
  'question.created',
  'answer.created',
  'comment.created',
  'post.status',
  'rank.changed',
];

/**
 * The hook every new award goes through after its transaction committed: the achievement
 * notification (which also drives the UI's badge alert). A failure here is logged; the award stands.
 */
export async function onBadgeAwarded(ctx: AppContext, award: BadgeAward): Promise<void> {
  try {
    await notifyBadgeAward(ctx, award.userId, { awardId: award.awardId, badgeId: award.badgeId, name: award.badgeName });
  } catch (err) {
    ctx.logger.error({ err, awardId: award.awardId }, 'badge award notification failed');
  }
}

/**
 * Awards a badge when it is active, the user is live and does not hold it yet (single badges: at
 * all; multiple badges: for this key). Counts it on the badge; returns the award, or null.
 */
export async function awardBadge(ctx: AppContext, badgeId: string, userId: number, awardKey: string): Promise<BadgeAward | null> {
  const now = ctx.clock.now();
  const award = await ctx.db.transaction().execute(async (trx) => {
    const b = await repo.findBadge(trx, badgeId);
    if (!b || b.status !== BADGE_STATUS.active) return null;
    if (!(await repo.liveUser(trx, userId))) return null;
    if (await repo.hasAward(trx, userId, b.id, b.single === BADGE_SINGLE.single ? null : awardKey)) return null;
    const id = await newObjectId(trx, OBJECT_TYPE.badge_award);
    await repo.insertAward(trx, { id, user_id: userId, badge_id: b.id, award_key: awardKey, badge_group_id: b.badge_group_id, now });
    return { awardId: id, userId, badgeId: b.id, badgeName: b.name, icon: b.icon, level: b.level, awardKey } satisfies BadgeAward;
  });
  if (award) await onBadgeAwarded(ctx, award);
  return award;
}

/** Evaluates the rules an event raises and awards what they earned. */
export async function evaluateEvent(ctx: AppContext, e: DomainEvent): Promise<BadgeAward[]> {
  const claims = await claimsFor(ctx.db, e);
  const awarded: BadgeAward[] = [];
  const byHandler = new Map<BadgeHandler, BadgeRow[]>();
  for (const c of claims) {
    if (!(c.userId > 0)) continue;
    if (!byHandler.has(c.handler)) byHandler.set(c.handler, await repo.activeBadgesByHandler(ctx.db, c.handler));
    for (const b of byHandler.get(c.handler) ?? []) {
      if (!qualifies(b, c)) continue;
      const a = await awardBadge(ctx, b.id, c.userId, c.awardKey);
      if (a) awarded.push(a);
    }
  }
  return awarded;
}

/** Subscribes the award rules to the domain events. */
export function subscribeBadgeRules(ctx: AppContext): void {
  for (const type of BADGE_EVENTS) ctx.events.on(type, (e) => evaluateEvent(ctx, e).then(() => undefined));
}
