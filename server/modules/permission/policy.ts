/**
 * The authorisation policy: every "may this session do that to this object" decision, as pure
 * functions. No SQL and no config reads: the caller passes the session, the object's facts
 * (owner, status, creation time) and the site's reputation thresholds (`rank.<action>` config
 * values, loaded by permission.service's readThresholds). Services and presenters ask here instead
 * of writing owner-or-staff-or-privilege checks out themselves.
 *
 * Suspension and unverified email are not decided here: the routes' access levels (http/auth.ts)
 * refuse such sessions before any write, and reads treat them like any member.
 */
import type { MemberAction } from '../../contract/api/common.js';
import { ANSWER_STATUS, PIN_STATUS, QUESTION_STATUS, ROLE, SHOW_STATUS, TAG_STATUS } from '../../contract/enums.js';

/** What the policy reads of a session (SessionUser has this shape). */
export interface PolicySession {
  role_id: number;
  user: { id: number; rank: number; status: number };
}

/** The session, or undefined for an anonymous caller. */
export type Viewer = PolicySession | undefined;

/** Reputation thresholds by action ('question.edit' → 100). An action without one is staff-only. */
export type Thresholds = ReadonlyMap<string, number>;

/** The outcome of a privilege check: allowed, or the reputation it needs (<= 0: staff only). */
export interface PermissionResult {
  allowed: boolean;
  needRank: number;
}

/** One entry of a member_actions list (the API contract's shape). */
export type { MemberAction };

/** A comment's author may edit it for this long after writing it (as the reference). */
export const COMMENT_EDIT_WINDOW_SECONDS = 5 * 60;

/** Whether the session has every power (admins and moderators, as the reference's role table). */
export function isStaff(session: Viewer): boolean {
  return !!session && (session.role_id === ROLE.admin || session.role_id === ROLE.moderator);
}

/** Whether the session is an admin. */
export function isAdmin(session: Viewer): boolean {
  return !!session && session.role_id === ROLE.admin;
}

/** Whether the session is the object's owner. */
export function isOwner(session: Viewer, ownerId: number): boolean {
  return !!session && session.user.id === ownerId;
}

/** The owner or staff: who sees a deleted or queued object, a user's private lists, and accepts answers. */
export function isOwnerOrStaff(session: Viewer, ownerId: number): boolean {
  return isOwner(session, ownerId) || isStaff(session);
}

/** The threshold of an action: -1 when the site sets none (staff only). */
export function thresholdOf(thresholds: Thresholds, action: string): number {
  return thresholds.get(action) ?? -1;
}

/** The reference's privilege rule: staff, else the object's owner (when given), else reputation >= rank.<action>. */
export function privilege(session: Viewer, action: string, thresholds: Thresholds, ownerId?: number): PermissionResult {
  const need = thresholdOf(thresholds, action);
  if (!session) return { allowed: false, needRank: need };
  if (isStaff(session)) return { allowed: true, needRank: need };
  if (ownerId !== undefined && ownerId === session.user.id) return { allowed: true, needRank: need };
  return { allowed: need >= 0 && session.user.rank >= need, needRank: need };
}

/** Shorthand: whether the privilege rule allows the action. */
export function can(session: Viewer, action: string, thresholds: Thresholds, ownerId?: number): boolean {
  return privilege(session, action, thresholds, ownerId).allowed;
}

// ---- posts (questions and answers) ----

/** The kinds of post and object the policy knows. */
export type PostKind = 'question' | 'answer';

/** Whether the session may see a post whose status (or whose question's status) hides it: deleted or queued. */
export function canSeeHiddenPost(session: Viewer, ownerId: number): boolean {
  return isOwnerOrStaff(session, ownerId);
}

/** Whether a post with this status is hidden from everyone but its owner and staff. */
export function isHiddenStatus(status: number): boolean {
  return status === QUESTION_STATUS.deleted || status === QUESTION_STATUS.pending;
}

/** Whether the session may see a post with this status and owner. */
export function canSeePost(session: Viewer, post: { status: number; user_id: number }): boolean {
  return !isHiddenStatus(post.status) || canSeeHiddenPost(session, post.user_id);
}

/** Whether the session may see a hidden (deleted or queued) object's history: posts for owner and staff, tags for staff. */
export function canSeeHiddenObject(session: Viewer, kind: PostKind | 'tag', ownerId: number): boolean {
  return kind === 'tag' ? isStaff(session) : canSeeHiddenPost(session, ownerId);
}

/** Whether lists show the session other users' deleted and queued posts too (staff). */
export function canSeeAllPosts(session: Viewer): boolean {
  return isStaff(session);
}

/** Whether the session may edit a post at all (directly or as a suggestion): owner, staff or rank.<kind>.edit. */
export function canEditPost(session: Viewer, kind: PostKind, ownerId: number, thresholds: Thresholds): boolean {
  return can(session, `${kind}.edit`, thresholds, ownerId);
}

/** Whether an edit applies at once instead of waiting for review: owner, staff or rank.<kind>.edit_without_review. */
export function editsWithoutReview(session: Viewer, kind: PostKind | 'tag', ownerId: number, thresholds: Thresholds): boolean {
  return isOwnerOrStaff(session, ownerId) || can(session, `${kind}.edit_without_review`, thresholds);
}

/** Whether the session may delete a post: its owner, staff or rank.<kind>.delete. */
export function canDeletePost(session: Viewer, kind: PostKind, ownerId: number, thresholds: Thresholds): boolean {
  return can(session, `${kind}.delete`, thresholds, ownerId);
}

/** Whether deleting is refused for a post that others have built on (accepted, voted, answered): staff are exempt. */
export function deleteBlockedByActivity(session: Viewer, hasActivity: boolean): boolean {
  return !isStaff(session) && hasActivity;
}

/** Whether the session may undelete a post or tag: rank.<kind>.undeleted (staff by default). */
export function canUndelete(session: Viewer, kind: PostKind | 'tag', thresholds: Thresholds): boolean {
  return can(session, `${kind}.undeleted`, thresholds);
}

/** Whether the session may vote on an object at all: nobody votes on their own (rank.<kind>.vote_<dir> is checked too). */
export function mayVoteOn(session: Viewer, ownerId: number): boolean {
  return !isOwner(session, ownerId);
}

/** Whether the session may start following a question: not a deleted one, and a queued one only its asker (staff too are refused). */
export function mayFollowQuestion(session: Viewer, q: { status: number; user_id: number }): boolean {
  if (q.status === QUESTION_STATUS.deleted) return false;
  return q.status !== QUESTION_STATUS.pending || isOwner(session, q.user_id);
}

/** Whether the session may follow a user: anyone but themself. */
export function mayFollowUser(session: Viewer, userId: number): boolean {
  return !isOwner(session, userId);
}

/** Whether the session may accept (or unaccept) an answer of a question: the asker or staff. */
export function canAcceptAnswer(session: Viewer, questionOwnerId: number): boolean {
  return isOwnerOrStaff(session, questionOwnerId);
}

/** Whether the session may invite users to answer a question. */
export function canInviteToAnswer(session: Viewer, questionOwnerId: number, thresholds: Thresholds): boolean {
  return can(session, 'answer.invite_someone_to_answer', thresholds, questionOwnerId);
}

// ---- comments ----

/** The outcome of an edit attempt on a comment. */
export type CommentEditDecision = 'allowed' | 'forbidden' | 'too_late';

/** The comment.edit privilege holders (staff) edit any comment; its author only within the edit window. */
export function commentEditDecision(
  session: Viewer,
  comment: { user_id: number; created_at: number },
  thresholds: Thresholds,
  now: number,
): CommentEditDecision {
  const editAny = can(session, 'comment.edit', thresholds);
  if (editAny) return 'allowed';
  if (!isOwner(session, comment.user_id)) return 'forbidden';
  return now - comment.created_at < COMMENT_EDIT_WINDOW_SECONDS ? 'allowed' : 'too_late';
}

/** Whether the session may delete a comment: its author or a comment.delete privilege holder (staff). */
export function canDeleteComment(session: Viewer, comment: { user_id: number }, thresholds: Thresholds): boolean {
  return isOwner(session, comment.user_id) || can(session, 'comment.delete', thresholds);
}

// ---- tags ----

/** Whether the session may edit a tag (tag.edit; the tag's creator counts as owner where ownerId is given). */
export function canEditTag(session: Viewer, thresholds: Thresholds, ownerId?: number): boolean {
  return can(session, 'tag.edit', thresholds, ownerId);
}

/** Whether the session may delete a tag. */
export function canDeleteTag(session: Viewer, thresholds: Thresholds): boolean {
  return can(session, 'tag.delete', thresholds);
}

/** Whether the session may manage a tag's synonyms. */
export function canManageSynonyms(session: Viewer, thresholds: Thresholds): boolean {
  return can(session, 'tag.synonym', thresholds);
}

/** Whether the session may merge one tag into another (staff). */
export function canMergeTags(session: Viewer): boolean {
  return isStaff(session);
}

/** Whether the session may change a tag's slug (staff). */
export function canChangeTagSlug(session: Viewer): boolean {
  return isStaff(session);
}

/** Whether the session may add or remove the site's reserved tags on a post (staff). */
export function canUseReservedTags(session: Viewer): boolean {
  return isStaff(session);
}

// ---- moderation and private data ----

/** Whether the session works the moderation queues (queued posts, flags) and sees flags' reporters. */
export function canModerate(session: Viewer): boolean {
  return isStaff(session);
}

/** Whether the session's new posts skip the review queue (staff posts are never queued). */
export function skipsReviewQueue(session: Viewer): boolean {
  return isStaff(session);
}

/** Whether the session may review suggested edits of one kind (rank.<kind>.audit). */
export function canReviewEdits(session: Viewer, kind: PostKind | 'tag', thresholds: Thresholds): boolean {
  return can(session, `${kind}.audit`, thresholds);
}

/** Whether the session may see a user's private data (drafts, deleted posts, non-public lists): that user or staff. */
export function canSeePrivateOf(session: Viewer, userId: number): boolean {
  return isOwnerOrStaff(session, userId);
}

// ---- member_actions ----

/** The facts a member_actions list is built from, per kind of object. */
export type ActionTarget =
  | { kind: 'question'; user_id: number; status: number; pin: number; show: number }
  | { kind: 'answer'; user_id: number; status: number }
  | { kind: 'comment'; user_id: number; created_at: number }
  | { kind: 'tag'; user_id: number; status: number }
  | { kind: 'tag_synonyms' };

/** The thresholds memberActions reads for a kind (load these before calling it). */
export const MEMBER_ACTION_THRESHOLDS: Readonly<Record<ActionTarget['kind'], readonly string[]>> = {
  question: ['question.edit'],
  answer: ['answer.edit'],
  comment: ['comment.edit', 'comment.delete'],
  tag: ['tag.edit', 'tag.delete', 'tag.undeleted'],
  tag_synonyms: ['tag.synonym'],
};

const REPORT: MemberAction = { action: 'report', name: 'Flag', type: 'reason' };
const EDIT: MemberAction = { action: 'edit', name: 'Edit', type: 'edit' };
const confirm = (action: string, name: string): MemberAction => ({ action, name, type: 'confirm' });

/**
 * The member_actions list of an object for the session, in the order the UI shows it. Anonymous
 * callers get none (a tag's synonyms: none without the privilege).
 */
export function memberActions(session: Viewer, target: ActionTarget, thresholds: Thresholds, now: number): MemberAction[] {
  switch (target.kind) {
    case 'question':
      return questionActions(session, target, thresholds);
    case 'answer':
      return answerActions(session, target, thresholds);
    case 'comment':
      return commentActions(session, target, thresholds, now);
    case 'tag':
      return tagActions(session, target, thresholds);
    case 'tag_synonyms':
      return canManageSynonyms(session, thresholds) ? [EDIT] : [];
  }
}

function questionActions(session: Viewer, q: { user_id: number; status: number; pin: number; show: number }, thresholds: Thresholds) {
  if (!session) return [];
  const actions: MemberAction[] = [REPORT];
  if (canEditPost(session, 'question', q.user_id, thresholds)) actions.push(EDIT);
  if (isStaff(session)) {
    actions.push(q.status === QUESTION_STATUS.closed ? confirm('reopen', 'Reopen') : confirm('close', 'Close'));
    actions.push(q.pin === PIN_STATUS.pinned ? confirm('unpin', 'Unpin') : confirm('pin', 'Pin'));
    actions.push(q.show === SHOW_STATUS.hidden ? confirm('show', 'List') : confirm('hide', 'Unlist'));
  }
  if (isOwnerOrStaff(session, q.user_id))
    actions.push(q.status === QUESTION_STATUS.deleted ? confirm('undelete', 'Undelete') : confirm('delete', 'Delete'));
  return actions;
}

function answerActions(session: Viewer, a: { user_id: number; status: number }, thresholds: Thresholds) {
  if (!session) return [];
  const actions: MemberAction[] = [REPORT];
  if (canEditPost(session, 'answer', a.user_id, thresholds)) actions.push(EDIT);
  if (a.status === ANSWER_STATUS.deleted) {
    if (isStaff(session)) actions.push(confirm('undelete', 'Undelete'));
  } else if (isOwnerOrStaff(session, a.user_id)) actions.push(confirm('delete', 'Delete'));
  return actions;
}

function commentActions(session: Viewer, c: { user_id: number; created_at: number }, thresholds: Thresholds, now: number) {
  if (!session) return [];
  const actions: MemberAction[] = [REPORT];
  if (commentEditDecision(session, c, thresholds, now) === 'allowed') actions.push(EDIT);
  if (canDeleteComment(session, c, thresholds)) actions.push({ action: 'delete', name: 'Delete', type: 'reason' });
  return actions;
}

function tagActions(session: Viewer, t: { user_id: number; status: number }, thresholds: Thresholds) {
  const actions: MemberAction[] = [];
  if (t.status === TAG_STATUS.deleted) {
    if (canUndelete(session, 'tag', thresholds)) actions.push(confirm('undelete', 'Undelete'));
    return actions;
  }
  if (canEditTag(session, thresholds, t.user_id)) actions.push(EDIT);
  if (canDeleteTag(session, thresholds)) actions.push(confirm('delete', 'Delete'));
  if (canMergeTags(session)) actions.push({ action: 'merge', name: 'Merge', type: 'edit' });
  return actions;
}
