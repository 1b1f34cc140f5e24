import type { Kysely } from 'kysely';

// The reference's default badge groups and badges (Answer 1.5.1). Names and descriptions are
// message keys translated when shown; `handler` names the rule that awards the badge and `param`
// its threshold. Badge ids come from the global uniqid counter (object type 9). Frozen.

const GROUPS: [string, string][] = [
  ['1', 'badge.default_badge_groups.getting_started.name'],
  ['2', 'badge.default_badge_groups.community.name'],
  ['3', 'badge.default_badge_groups.posting.name'],
];

const BRONZE = 1;
const SILVER = 2;
const GOLD = 3;
const SINGLE = 1;
const MULTIPLE = 2;

// [key, icon, group, level, single, handler, param]
const BADGES: [string, string, string, number, number, string, string][] = [
  ['autobiographer', 'person-badge-fill', '1', BRONZE, SINGLE, 'FirstUpdateUserProfile', ''],
  ['editor', 'pencil-fill', '1', BRONZE, SINGLE, 'FirstPostEdit', ''],
  ['first_flag', 'flag-fill', '1', BRONZE, SINGLE, 'FirstFlaggedPost', ''],
  ['first_upvote', 'hand-thumbs-up-fill', '1', BRONZE, SINGLE, 'FirstVotedPost', ''],
  ['first_reaction', 'emoji-smile-fill', '1', BRONZE, SINGLE, 'FirstReactedPost', ''],
  ['first_share', 'share-fill', '1', BRONZE, SINGLE, 'FirstSharedPost', ''],
  ['scholar', 'check-circle-fill', '1', BRONZE, SINGLE, 'FirstAcceptAnswer', ''],
  ['solved', 'check-square-fill', '2', BRONZE, SINGLE, 'ReachAnswerAcceptedAmount', '{"amount":"1"}'],
  ['nice_answer', 'chat-square-text-fill', '3', BRONZE, MULTIPLE, 'ReachAnswerVote', '{"amount":"10"}'],
  ['good_answer', 'chat-square-text-fill', '3', SILVER, MULTIPLE, 'ReachAnswerVote', '{"amount":"25"}'],
  ['great_answer', 'chat-square-text-fill', '3', GOLD, MULTIPLE, 'ReachAnswerVote', '{"amount":"50"}'],
  ['nice_question', 'question-circle-fill', '3', BRONZE, MULTIPLE, 'ReachQuestionVote', '{"amount":"10"}'],
  ['good_question', 'question-circle-fill', '3', SILVER, MULTIPLE, 'ReachQuestionVote', '{"amount":"25"}'],
  ['great_question', 'question-circle-fill', '3', GOLD, MULTIPLE, 'ReachQuestionVote', '{"amount":"50"}'],
];

const BADGE_TYPE = 9;
const BASE = 10_000_000_000_000_000n;
const TYPE_FACTOR = 10_000_000_000_000n;

/** Seeds the badge groups and the default badges (all active). */
export async function up(db: Kysely<any>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('badge_group')
    .values(GROUPS.map(([id, name]) => ({ id, name, created_at: now, updated_at: now })))
    .execute();
  for (const [key, icon, group, level, single, handler, param] of BADGES) {
    const row = await db.insertInto('uniqid').values({ uniqid_type: BADGE_TYPE }).returning('id').executeTakeFirstOrThrow();
    const id = (BASE + BigInt(BADGE_TYPE) * TYPE_FACTOR + BigInt(row.id as number)).toString();
    await db
      .insertInto('badge')
      .values({
        id,
        name: `badge.default_badges.${key}.name`,
        icon,
        award_count: 0,
        description: `badge.default_badges.${key}.desc`,
        status: 1,
        badge_group_id: group,
        level,
        single,
        collect: '',
        handler,
        param: param || '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** Removes the seeded badges, their awards and the groups. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('badge_award').execute();
  await db.deleteFrom('badge').execute();
  await db.deleteFrom('badge_group').execute();
}
