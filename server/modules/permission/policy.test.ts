import { describe, expect, it } from 'vitest';
import { ANSWER_STATUS, PIN_STATUS, QUESTION_STATUS, ROLE, SHOW_STATUS, TAG_STATUS, USER_STATUS } from '../../contract/enums.js';
import {
  COMMENT_EDIT_WINDOW_SECONDS,
  canAcceptAnswer,
  canChangeTagSlug,
  canDeleteComment,
  canDeletePost,
  canDeleteTag,
  canEditPost,
  canEditTag,
  canInviteToAnswer,
  canManageSynonyms,
  canMergeTags,
  canModerate,
  canReviewEdits,
  canSeeAllPosts,
  canSeeHiddenObject,
  canSeePost,
  canSeePrivateOf,
  canUndelete,
  canUseReservedTags,
  commentEditDecision,
  deleteBlockedByActivity,
  editsWithoutReview,
  isAdmin,
  mayFollowQuestion,
  mayFollowUser,
  mayVoteOn,
  memberActions,
  privilege,
  skipsReviewQueue,
  type PolicySession,
  type Viewer,
} from './policy.js';

const OWNER_ID = 1;
const NOW = 1_800_000_000;

const member = (id: number, rank: number, role_id: number = ROLE.user, status: number = USER_STATUS.available): PolicySession => ({
  role_id,
  user: { id, rank, status },
});

/** The sessions of the table, in column order. */
const SESSIONS: [string, Viewer][] = [
  ['anonymous', undefined],
  ['owner', member(OWNER_ID, 1)],
  ['member below threshold', member(2, 100)],
  ['member above threshold', member(3, 5000)],
  // suspension is the route layer's refusal (auth 'active'); the policy decides as for any member
  ['suspended member', member(4, 5000, ROLE.user, USER_STATUS.suspended)],
  ['moderator', member(5, 1, ROLE.moderator)],
  ['admin', member(6, 1, ROLE.admin)],
];

/** The site's thresholds; an action missing here is staff-only. */
const T = new Map<string, number>([
  ['question.edit', 200],
  ['question.edit_without_review', 2000],
  ['answer.edit', 200],
  ['answer.edit_without_review', 2000],
  ['answer.invite_someone_to_answer', 1000],
  ['tag.edit', 1000],
  ['tag.synonym', 2500],
  ['question.audit', 2000],
]);

const comment = { user_id: OWNER_ID, created_at: NOW - 60 };

/** decision → expected answer per session: anonymous, owner, below, above, suspended, moderator, admin. */
const TABLE: [string, (s: Viewer) => unknown, unknown[]][] = [
  ['edit a question', (s) => canEditPost(s, 'question', OWNER_ID, T), [false, true, false, true, true, true, true]],
  ['edit an answer', (s) => canEditPost(s, 'answer', OWNER_ID, T), [false, true, false, true, true, true, true]],
  ['edit a question without review', (s) => editsWithoutReview(s, 'question', OWNER_ID, T), [false, true, false, true, true, true, true]],
  ['edit a tag without review', (s) => editsWithoutReview(s, 'tag', OWNER_ID, T), [false, true, false, false, false, true, true]],
  ['delete a question', (s) => canDeletePost(s, 'question', OWNER_ID, T), [false, true, false, false, false, true, true]],
  ['delete an answer', (s) => canDeletePost(s, 'answer', OWNER_ID, T), [false, true, false, false, false, true, true]],
  ['deletion blocked by votes or answers', (s) => deleteBlockedByActivity(s, true), [true, true, true, true, true, false, false]],
  ['undelete a question', (s) => canUndelete(s, 'question', T), [false, false, false, false, false, true, true]],
  ['vote on a post (not one’s own)', (s) => mayVoteOn(s, OWNER_ID), [true, false, true, true, true, true, true]],
  [
    'follow a queued question',
    (s) => mayFollowQuestion(s, { status: QUESTION_STATUS.pending, user_id: OWNER_ID }),
    [false, true, false, false, false, false, false],
  ],
  [
    'follow a deleted question',
    (s) => mayFollowQuestion(s, { status: QUESTION_STATUS.deleted, user_id: OWNER_ID }),
    [false, false, false, false, false, false, false],
  ],
  [
    'follow a closed question',
    (s) => mayFollowQuestion(s, { status: QUESTION_STATUS.closed, user_id: OWNER_ID }),
    [true, true, true, true, true, true, true],
  ],
  ['follow a user', (s) => mayFollowUser(s, OWNER_ID), [true, false, true, true, true, true, true]],
  ['accept an answer', (s) => canAcceptAnswer(s, OWNER_ID), [false, true, false, false, false, true, true]],
  ['invite to answer', (s) => canInviteToAnswer(s, OWNER_ID, T), [false, true, false, true, true, true, true]],
  [
    'see a deleted question',
    (s) => canSeePost(s, { status: QUESTION_STATUS.deleted, user_id: OWNER_ID }),
    [false, true, false, false, false, true, true],
  ],
  [
    'see a queued answer',
    (s) => canSeePost(s, { status: ANSWER_STATUS.pending, user_id: OWNER_ID }),
    [false, true, false, false, false, true, true],
  ],
  [
    'see a closed question',
    (s) => canSeePost(s, { status: QUESTION_STATUS.closed, user_id: OWNER_ID }),
    [true, true, true, true, true, true, true],
  ],
  ['see a deleted answer’s history', (s) => canSeeHiddenObject(s, 'answer', OWNER_ID), [false, true, false, false, false, true, true]],
  ['see a deleted tag’s history', (s) => canSeeHiddenObject(s, 'tag', OWNER_ID), [false, false, false, false, false, true, true]],
  ['post without review', (s) => skipsReviewQueue(s), [false, false, false, false, false, true, true]],
  ['list others’ hidden posts', (s) => canSeeAllPosts(s), [false, false, false, false, false, true, true]],
  ['see a user’s private lists', (s) => canSeePrivateOf(s, OWNER_ID), [false, true, false, false, false, true, true]],
  [
    'edit a fresh comment',
    (s) => commentEditDecision(s, comment, T, NOW),
    ['forbidden', 'allowed', 'forbidden', 'forbidden', 'forbidden', 'allowed', 'allowed'],
  ],
  ['delete a comment', (s) => canDeleteComment(s, comment, T), [false, true, false, false, false, true, true]],
  ['edit a tag (creator counts)', (s) => canEditTag(s, T, OWNER_ID), [false, true, false, true, true, true, true]],
  ['edit a tag (creator not counted)', (s) => canEditTag(s, T), [false, false, false, true, true, true, true]],
  ['delete a tag', (s) => canDeleteTag(s, T), [false, false, false, false, false, true, true]],
  ['manage synonyms', (s) => canManageSynonyms(s, T), [false, false, false, true, true, true, true]],
  ['merge tags', (s) => canMergeTags(s), [false, false, false, false, false, true, true]],
  ['change a tag slug', (s) => canChangeTagSlug(s), [false, false, false, false, false, true, true]],
  ['use reserved tags', (s) => canUseReservedTags(s), [false, false, false, false, false, true, true]],
  ['moderate queues and flags', (s) => canModerate(s), [false, false, false, false, false, true, true]],
  ['review suggested question edits', (s) => canReviewEdits(s, 'question', T), [false, false, false, true, true, true, true]],
  ['review suggested tag edits', (s) => canReviewEdits(s, 'tag', T), [false, false, false, false, false, true, true]],
  ['administer', (s) => isAdmin(s), [false, false, false, false, false, false, true]],
];

describe('authorisation policy', () => {
  describe.each(TABLE)('%s', (_name, decide, expected) => {
    it.each(SESSIONS.map(([who, s], i) => [who, s, expected[i]] as const))('%s → %s', (_who, s, want) => {
      expect(decide(s)).toEqual(want);
    });
  });

  it('an author edits a comment only within the edit window; privilege holders at any time', () => {
    const old = { user_id: OWNER_ID, created_at: NOW - COMMENT_EDIT_WINDOW_SECONDS };
    expect(commentEditDecision(member(OWNER_ID, 1), old, T, NOW)).toBe('too_late');
    expect(commentEditDecision(member(OWNER_ID, 1), { ...old, created_at: old.created_at + 1 }, T, NOW)).toBe('allowed');
    expect(commentEditDecision(member(5, 1, ROLE.moderator), old, T, NOW)).toBe('allowed');
    expect(commentEditDecision(member(2, 1), old, new Map([['comment.edit', 0]]), NOW)).toBe('allowed');
  });

  it('reports the reputation an action needs, or <= 0 when only staff may', () => {
    expect(privilege(member(2, 100), 'question.edit', T)).toEqual({ allowed: false, needRank: 200 });
    expect(privilege(member(2, 200), 'question.edit', T)).toEqual({ allowed: true, needRank: 200 });
    expect(privilege(member(2, 99999), 'question.close', T)).toEqual({ allowed: false, needRank: -1 });
    expect(privilege(undefined, 'question.edit', T)).toEqual({ allowed: false, needRank: 200 });
    expect(privilege(member(OWNER_ID, 0), 'question.close', T, OWNER_ID)).toEqual({ allowed: true, needRank: -1 });
  });
});

const names = (list: { action: string }[]) => list.map((a) => a.action);

describe('memberActions', () => {
  const question = {
    kind: 'question' as const,
    user_id: OWNER_ID,
    status: QUESTION_STATUS.available,
    pin: PIN_STATUS.unpinned,
    show: SHOW_STATUS.shown,
  };

  it.each([
    ['anonymous', undefined, []],
    ['owner', member(OWNER_ID, 1), ['report', 'edit', 'delete']],
    ['member below threshold', member(2, 100), ['report']],
    ['member above threshold', member(3, 5000), ['report', 'edit']],
    ['moderator', member(5, 1, ROLE.moderator), ['report', 'edit', 'close', 'pin', 'hide', 'delete']],
    ['admin', member(6, 1, ROLE.admin), ['report', 'edit', 'close', 'pin', 'hide', 'delete']],
  ] as const)('question for %s', (_who, s, want) => {
    expect(names(memberActions(s, question, T, NOW))).toEqual(want);
  });

  it('a closed, pinned, unlisted, deleted question offers the opposite operations to staff', () => {
    const q = { ...question, status: QUESTION_STATUS.closed, pin: PIN_STATUS.pinned, show: SHOW_STATUS.hidden };
    expect(memberActions(member(5, 1, ROLE.moderator), q, T, NOW)).toEqual([
      { action: 'report', name: 'Flag', type: 'reason' },
      { action: 'edit', name: 'Edit', type: 'edit' },
      { action: 'reopen', name: 'Reopen', type: 'confirm' },
      { action: 'unpin', name: 'Unpin', type: 'confirm' },
      { action: 'show', name: 'List', type: 'confirm' },
      { action: 'delete', name: 'Delete', type: 'confirm' },
    ]);
    expect(names(memberActions(member(OWNER_ID, 1), { ...question, status: QUESTION_STATUS.deleted }, T, NOW))).toEqual([
      'report',
      'edit',
      'undelete',
    ]);
  });

  it('answers: the owner deletes, only staff undelete', () => {
    const a = { kind: 'answer' as const, user_id: OWNER_ID, status: ANSWER_STATUS.available };
    expect(names(memberActions(member(OWNER_ID, 1), a, T, NOW))).toEqual(['report', 'edit', 'delete']);
    expect(names(memberActions(member(3, 5000), a, T, NOW))).toEqual(['report', 'edit']);
    expect(names(memberActions(member(OWNER_ID, 1), { ...a, status: ANSWER_STATUS.deleted }, T, NOW))).toEqual(['report', 'edit']);
    expect(names(memberActions(member(6, 1, ROLE.admin), { ...a, status: ANSWER_STATUS.deleted }, T, NOW))).toEqual([
      'report',
      'edit',
      'undelete',
    ]);
    expect(memberActions(undefined, a, T, NOW)).toEqual([]);
  });

  it('comments: edit within the window for the author, delete with type reason', () => {
    const c = { kind: 'comment' as const, user_id: OWNER_ID, created_at: NOW - 60 };
    expect(memberActions(member(OWNER_ID, 1), c, T, NOW)).toEqual([
      { action: 'report', name: 'Flag', type: 'reason' },
      { action: 'edit', name: 'Edit', type: 'edit' },
      { action: 'delete', name: 'Delete', type: 'reason' },
    ]);
    expect(names(memberActions(member(OWNER_ID, 1), { ...c, created_at: NOW - 600 }, T, NOW))).toEqual(['report', 'delete']);
    expect(names(memberActions(member(3, 5000), c, T, NOW))).toEqual(['report']);
    expect(names(memberActions(member(5, 1, ROLE.moderator), c, T, NOW))).toEqual(['report', 'edit', 'delete']);
  });

  it('tags: edit, delete and merge while available, undelete once deleted', () => {
    const t = { kind: 'tag' as const, user_id: OWNER_ID, status: TAG_STATUS.available };
    expect(memberActions(undefined, t, T, NOW)).toEqual([]);
    expect(names(memberActions(member(OWNER_ID, 1), t, T, NOW))).toEqual(['edit']);
    expect(names(memberActions(member(3, 5000), t, T, NOW))).toEqual(['edit']);
    expect(memberActions(member(6, 1, ROLE.admin), t, T, NOW)).toEqual([
      { action: 'edit', name: 'Edit', type: 'edit' },
      { action: 'delete', name: 'Delete', type: 'confirm' },
      { action: 'merge', name: 'Merge', type: 'edit' },
    ]);
    expect(names(memberActions(member(6, 1, ROLE.admin), { ...t, status: TAG_STATUS.deleted }, T, NOW))).toEqual(['undelete']);
    expect(names(memberActions(member(OWNER_ID, 1), { ...t, status: TAG_STATUS.deleted }, T, NOW))).toEqual([]);
  });

  it('tag synonyms: edit for holders of tag.synonym', () => {
    expect(memberActions(member(3, 5000), { kind: 'tag_synonyms' }, T, NOW)).toEqual([{ action: 'edit', name: 'Edit', type: 'edit' }]);
    expect(memberActions(member(2, 100), { kind: 'tag_synonyms' }, T, NOW)).toEqual([]);
  });
});
