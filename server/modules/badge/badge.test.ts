import type { BadgeSingle } from '../../contract/enums.js';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer, postComment, vote } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { DomainEvent, DomainEventType } from '../../infra/events.js';
import { encodeShortId } from '../../infra/ids/object-id.js';
import { ACTIVITY_TYPE } from '../../contract/enums.js';
import { awardBadge } from './badge.award.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

let app: TestApp;
let admin: string;
/** Every domain event the services emitted during a test. */
let seen: DomainEvent[];
/** How many of `seen` an earlier afterCall already looked at. */
let checked = 0;

const WATCHED: DomainEventType[] = [
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

beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  // the tag the tests' questions use (creating a tag takes more reputation than the askers have)
  await askQuestion(app, admin, { title: 'Where the support tag starts', content: 'Creating the tag the tests use.', tags: ['support'] });
  await app.lantern.ctx.events.settle();
  seen = [];
  checked = 0;
  for (const t of WATCHED) app.lantern.ctx.events.on(t, (e) => void seen.push(e));
});
afterEach(async () => app.stop());

const db = () => app.lantern.ctx.db;
const settle = () => app.lantern.ctx.events.settle();

/**
 * Waits for the event handlers, and checks that the call made the service emit the event the
 * badge rule listens to (`same` tells it apart): the tests see only what the code emits.
 */
async function afterCall(type: DomainEventType, same: (e: DomainEvent) => boolean = (e) => e.type === type): Promise<void> {
  await settle();
  const fresh = seen.slice(checked);
  checked = seen.length;
  expect(
    fresh.some((e) => e.type === type && same(e)),
    `the service emitted ${type}`,
  ).toBe(true);
}

async function badgeId(key: string): Promise<string> {
  const row = await db().selectFrom('badge').select('id').where('name', '=', `badge.default_badges.${key}.name`).executeTakeFirstOrThrow();
  return row.id;
}

/** The badges a user holds, as their keys ("nice_question"), with award keys, in award order. */
async function awardsOf(userId: number): Promise<{ badge: string; key: string }[]> {
  const rows = await db()
    .selectFrom('badge_award')
    .innerJoin('badge', 'badge.id', 'badge_award.badge_id')
    .select(['badge.name', 'badge_award.award_key'])
    .where('badge_award.user_id', '=', userId)
    .orderBy('badge_award.id')
    .execute();
  return rows.map((r) => ({ badge: r.name.replace(/^badge\.default_badges\.|\.name$/g, ''), key: r.award_key }));
}
const badgesOf = async (userId: number) => (await awardsOf(userId)).map((a) => a.badge);

async function awardCount(key: string): Promise<number> {
  const row = await db()
    .selectFrom('badge')
    .select('award_count')
    .where('name', '=', `badge.default_badges.${key}.name`)
    .executeTakeFirstOrThrow();
  return row.award_count;
}

/** The question the tests ask unless they name another title (in the tag beforeEach creates). */
const BADGE_QUESTION = { title: 'How do badges work here?', content: 'Tell me how badges are earned on this site.', tags: ['support'] };

/** Up votes cast earlier by other people (activity rows as the vote service writes them). */
async function priorUpVotes(kind: 'question' | 'answer', objectId: string, n: number, firstVoterId = 900000): Promise<void> {
  const now = app.lantern.ctx.clock.now();
  for (let i = 0; i < n; i++) {
    await db()
      .insertInto('activity')
      .values({
        created_at: now,
        updated_at: now,
        cancelled_at: null,
        user_id: firstVoterId + i,
        trigger_user_id: 0,
        object_id: objectId,
        original_object_id: objectId,
        activity_type: ACTIVITY_TYPE[`${kind}.vote_up`],
        rank: 0,
        has_rank: 0,
      })
      .execute();
  }
  // the post's tally, as the vote service keeps it
  await db()
    .updateTable(kind)
    .set((eb) => ({ up_votes: eb('up_votes', '+', n), vote_count: eb('vote_count', '+', n) }))
    .where('id', '=', objectId)
    .execute();
}

/** A voter with enough reputation to vote up and down. */
const voter = () => makeUser(app, { rank: 1000 });

// ---------------------------------------------------------------------------------------------

describe('the seeded badge set', () => {
  const REFERENCE = [
    ['autobiographer', 'person-badge-fill', '1', 1, 1, 'FirstUpdateUserProfile', {}],
    ['editor', 'pencil-fill', '1', 1, 1, 'FirstPostEdit', {}],
    ['first_flag', 'flag-fill', '1', 1, 1, 'FirstFlaggedPost', {}],
    ['first_upvote', 'hand-thumbs-up-fill', '1', 1, 1, 'FirstVotedPost', {}],
    ['first_reaction', 'emoji-smile-fill', '1', 1, 1, 'FirstReactedPost', {}],
    ['first_share', 'share-fill', '1', 1, 1, 'FirstSharedPost', {}],
    ['scholar', 'check-circle-fill', '1', 1, 1, 'FirstAcceptAnswer', {}],
    ['solved', 'check-square-fill', '2', 1, 1, 'ReachAnswerAcceptedAmount', { amount: '1' }],
    ['nice_answer', 'chat-square-text-fill', '3', 1, 2, 'ReachAnswerVote', { amount: '10' }],
    ['good_answer', 'chat-square-text-fill', '3', 2, 2, 'ReachAnswerVote', { amount: '25' }],
    ['great_answer', 'chat-square-text-fill', '3', 3, 2, 'ReachAnswerVote', { amount: '50' }],
    ['nice_question', 'question-circle-fill', '3', 1, 2, 'ReachQuestionVote', { amount: '10' }],
    ['good_question', 'question-circle-fill', '3', 2, 2, 'ReachQuestionVote', { amount: '25' }],
    ['great_question', 'question-circle-fill', '3', 3, 2, 'ReachQuestionVote', { amount: '50' }],
  ] as const;

  it('holds the reference default badges and groups, all active and unawarded', async () => {
    const groups = await db().selectFrom('badge_group').select(['id', 'name']).orderBy('id').execute();
    expect(groups).toEqual([
      { id: '1', name: 'badge.default_badge_groups.getting_started.name' },
      { id: '2', name: 'badge.default_badge_groups.community.name' },
      { id: '3', name: 'badge.default_badge_groups.posting.name' },
    ]);
    const rows = await db().selectFrom('badge').selectAll().orderBy('id').execute();
    expect(
      rows.map((b) => [
        b.name.replace(/^badge\.default_badges\.|\.name$/g, ''),
        b.icon,
        b.badge_group_id,
        b.level,
        b.single,
        b.handler,
        JSON.parse(b.param),
      ]),
    ).toEqual(REFERENCE.map((r) => [...r]));
    for (const b of rows) {
      expect(b.id).toMatch(/^1009\d{13}$/);
      expect(b).toMatchObject({ status: 1, award_count: 0, description: b.name.replace(/\.name$/, '.desc') });
    }
  });

  it('lists them by group with their English names', async () => {
    const r = await app.call('GET', `${V1}/badges`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((g: { group_name: string }) => g.group_name)).toEqual(['Getting Started', 'Community', 'Posting']);
    expect(r.body.data.map((g: { badges: { name: string }[] }) => g.badges.map((b) => b.name))).toEqual([
      ['Autobiographer', 'Editor', 'First Flag', 'First Upvote', 'First Reaction', 'First Share', 'Scholar'],
      ['Solved'],
      ['Nice Answer', 'Good Answer', 'Great Answer', 'Nice Question', 'Good Question', 'Great Question'],
    ]);
    expect(r.body.data[2].badges[2]).toEqual({
      id: await badgeId('great_answer'),
      name: 'Great Answer',
      icon: 'chat-square-text-fill',
      award_count: 0,
      earned_count: 0,
      level: 3,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('awarding', () => {
  it('First Upvote: the first vote on a question, an answer or a comment, once per user, not a cancelled one', async () => {
    const author = await makeUser(app);
    const qid = await askQuestion(app, author.token, BADGE_QUESTION);
    const aid = await postAnswer(app, admin, qid);
    const cid = await postComment(app, admin, qid);
    const [a, b, c] = [await voter(), await voter(), await voter()];
    expect(await badgesOf(a.id)).toEqual([]);

    await vote(app, a.token, qid);
    await afterCall('vote.cast');
    expect(await awardsOf(a.id)).toEqual([{ badge: 'first_upvote', key: qid }]);

    await vote(app, b.token, aid, 'down');
    await afterCall('vote.cast');
    await vote(app, c.token, cid);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.objectId === cid);
    expect(await badgesOf(b.id)).toEqual(['first_upvote']);
    expect(await badgesOf(c.id)).toEqual(['first_upvote']);

    // a second vote elsewhere adds nothing: the badge is awarded once
    await vote(app, a.token, aid);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === a.id && e.objectId === aid);
    expect(await badgesOf(a.id)).toEqual(['first_upvote']);
    expect(await awardCount('first_upvote')).toBe(3);

    // a vote taken back at once is not a vote
    const d = await voter();
    await vote(app, d.token, qid);
    await vote(app, d.token, qid, 'up', { cancel: true });
    await settle();
    const stale: DomainEvent = {
      type: 'vote.cast',
      objectId: qid,
      objectType: 'question',
      voterId: d.id,
      ownerId: author.id,
      direction: 'up',
      cancelled: false,
    };
    await db().deleteFrom('badge_award').where('user_id', '=', d.id).execute();
    app.lantern.ctx.events.emit(stale);
    await settle();
    expect(await badgesOf(d.id)).toEqual([]);
  });

  it('Nice/Good/Great Question: awarded to the asker at 10, 25 and 50 up votes, not before, once per question', async () => {
    const author = await makeUser(app);
    const qid = await askQuestion(app, author.token, BADGE_QUESTION);
    await priorUpVotes('question', qid, 8);
    const [v9, v10, down] = [await voter(), await voter(), await voter()];
    await vote(app, down.token, qid, 'down');
    expect((await vote(app, v9.token, qid)).up_votes).toBe(9);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === v9.id);
    expect(await badgesOf(author.id)).toEqual([]);

    // the count is of up votes, not the score (one down vote here)
    expect((await vote(app, v10.token, qid)).up_votes).toBe(10);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === v10.id);
    expect(await awardsOf(author.id)).toEqual([{ badge: 'nice_question', key: qid }]);

    // taking a vote back and casting it again does not award the same question twice
    await vote(app, v10.token, qid, 'up', { cancel: true });
    await vote(app, v10.token, qid);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === v10.id && !e.cancelled);
    expect(await badgesOf(author.id)).toEqual(['nice_question']);

    // past 25 and 50 in one step: both higher levels
    await priorUpVotes('question', qid, 39, 800000);
    const v50 = await voter();
    expect((await vote(app, v50.token, qid)).up_votes).toBe(50);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === v50.id);
    expect(await badgesOf(author.id)).toEqual(['nice_question', 'good_question', 'great_question']);

    // multiple award: a second question earns Nice Question again
    const q2 = await askQuestion(app, author.token, { ...BADGE_QUESTION, title: 'A second question about badges' });
    await priorUpVotes('question', q2, 9);
    const v = await voter();
    await vote(app, v.token, q2);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.objectId === q2);
    expect((await awardsOf(author.id)).filter((x) => x.badge === 'nice_question')).toEqual([
      { badge: 'nice_question', key: qid },
      { badge: 'nice_question', key: q2 },
    ]);
    expect(await awardCount('nice_question')).toBe(2);
    const mine = await app.call('GET', `${V1}/badge?id=${await badgeId('nice_question')}`, { token: author.token });
    expect(mine.body.data).toMatchObject({ earned_count: 2, award_count: 2, is_single: false });
  });

  it('Nice and Good Answer: awarded to the answer author at 10 and 25 up votes', async () => {
    const qid = await askQuestion(app, admin, BADGE_QUESTION);
    const author = await makeUser(app);
    const aid = await postAnswer(app, author.token, qid);
    await priorUpVotes('answer', aid, 23);
    const v24 = await voter();
    await vote(app, v24.token, aid);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === v24.id);
    expect(await awardsOf(author.id)).toEqual([{ badge: 'nice_answer', key: aid }]);
    const v25 = await voter();
    await vote(app, v25.token, aid);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === v25.id);
    expect(await awardsOf(author.id)).toEqual([
      { badge: 'nice_answer', key: aid },
      { badge: 'good_answer', key: aid },
    ]);
    // the voters earned First Upvote, the author nothing for voting
    expect(await badgesOf(v25.id)).toEqual(['first_upvote']);
  });

  it('Solved and Scholar: an accepted answer, for its author and for who accepted it; Solved once', async () => {
    const asker = await makeUser(app);
    const writer = await makeUser(app);
    const q1 = await askQuestion(app, asker.token, BADGE_QUESTION);
    const a1 = await postAnswer(app, writer.token, q1);
    expect(await badgesOf(writer.id)).toEqual([]);
    expect(await badgesOf(asker.id)).toEqual([]);

    expect(
      (await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: q1, answer_id: a1 } })).status,
    ).toBe(200);
    await afterCall('answer.accepted');
    expect(await awardsOf(writer.id)).toEqual([{ badge: 'solved', key: a1 }]);
    expect(await awardsOf(asker.id)).toEqual([{ badge: 'scholar', key: q1 }]);

    const q2 = await askQuestion(app, asker.token, { ...BADGE_QUESTION, title: 'Another question to be solved' });
    const a2 = await postAnswer(app, writer.token, q2);
    await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: q2, answer_id: a2 } });
    await afterCall('answer.accepted', (e) => e.type === 'answer.accepted' && e.answerId === a2);
    expect(await badgesOf(writer.id)).toEqual(['solved']);
    expect(await badgesOf(asker.id)).toEqual(['scholar']);
    expect([await awardCount('solved'), await awardCount('scholar')]).toEqual([1, 1]);
  });

  it('does not trust an event whose acceptance is not in the database', async () => {
    const asker = await makeUser(app);
    const writer = await makeUser(app);
    const qid = await askQuestion(app, asker.token, BADGE_QUESTION);
    const aid = await postAnswer(app, writer.token, qid);
    app.lantern.ctx.events.emit({ type: 'answer.accepted', answerId: aid, questionId: qid, answerOwnerId: writer.id, byUserId: asker.id });
    await settle();
    expect([...(await badgesOf(writer.id)), ...(await badgesOf(asker.id))]).toEqual([]);
  });

  it('Editor: the first applied edit of a question or answer, own posts included; a suggested edit does not count', async () => {
    const author = await makeUser(app);
    const qid = await askQuestion(app, author.token, BADGE_QUESTION);
    const aid = await postAnswer(app, admin, qid);
    expect(await badgesOf(author.id)).toEqual([]);

    // a suggested edit of someone else's answer waits for review: no badge
    const suggester = await makeUser(app, { rank: 150 });
    const s = await app.call('PUT', `${V1}/answer`, {
      token: suggester.token,
      body: { id: aid, question_id: qid, content: 'An improved answer text here.' },
    });
    expect(s.body.data).toEqual({ wait_for_review: true });
    await settle();
    expect(seen.filter((e) => e.type === 'post.edited')).toEqual([]);
    expect(await badgesOf(suggester.id)).toEqual([]);
    // approved by a reviewer, it is still not a direct edit
    const revision = await db()
      .selectFrom('revision')
      .select('id')
      .where('user_id', '=', suggester.id)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const approve = await app.call('PUT', `${V1}/revisions/audit`, {
      token: admin,
      body: { id: String(revision.id), operation: 'approve' },
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    await afterCall('post.edited', (e) => e.type === 'post.edited' && e.objectId === aid);
    expect(await db().selectFrom('revision').select('status').where('id', '=', revision.id).executeTakeFirstOrThrow()).toEqual({
      status: 2,
    });
    expect(await badgesOf(suggester.id)).toEqual([]);

    const r = await app.call('PUT', `${V1}/question`, {
      token: author.token,
      body: {
        id: qid,
        title: 'How do badges work here, really?',
        content: 'Tell me how badges are earned on this site, please.',
        tags: [{ slug_name: 'support' }],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await afterCall('post.edited', (e) => e.type === 'post.edited' && e.objectId === qid);
    expect(await awardsOf(author.id)).toEqual([{ badge: 'editor', key: qid }]);

    // another edit: still one Editor badge
    await app.call('PUT', `${V1}/question`, {
      token: author.token,
      body: {
        id: qid,
        title: 'How do badges work here, truly?',
        content: 'Tell me how badges are earned on this site, please.',
        tags: [{ slug_name: 'support' }],
      },
    });
    await settle();
    expect(await badgesOf(author.id)).toEqual(['editor']);
  });

  it('Autobiographer: a saved profile with a bio, not an empty one', async () => {
    const u = await makeUser(app, { name: 'Ann Writer' });
    const save = async (bio: string) => {
      const r = await app.call('PUT', `${V1}/user/info`, { token: u.token, body: { display_name: 'Ann Writer', bio } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await settle();
    };
    await save('   ');
    expect(await badgesOf(u.id)).toEqual([]);
    await save('I write about **badges**.');
    expect(await awardsOf(u.id)).toEqual([{ badge: 'autobiographer', key: '0' }]);
  });

  it('First Reaction: reacting to a post', async () => {
    const qid = await askQuestion(app, admin, BADGE_QUESTION);
    const u = await makeUser(app);
    const r = await app.call('PUT', `${V1}/meta/reaction`, {
      token: u.token,
      body: { object_id: qid, emoji: 'heart', reaction: 'activate' },
    });
    expect(r.status).toBe(200);
    await settle();
    expect(seen).toContainEqual({
      type: 'reaction.changed',
      objectId: qid,
      objectType: 'question',
      userId: u.id,
      emoji: 'heart',
      active: true,
    });
    expect(await awardsOf(u.id)).toEqual([{ badge: 'first_reaction', key: qid }]);

    // an event for a reaction the database does not hold awards nothing
    const other = await makeUser(app);
    app.lantern.ctx.events.emit({
      type: 'reaction.changed',
      objectId: qid,
      objectType: 'question',
      userId: other.id,
      emoji: 'heart',
      active: true,
    });
    await settle();
    expect(await badgesOf(other.id)).toEqual([]);
  });

  it('First Flag: flagging a post', async () => {
    const qid = await askQuestion(app, admin, BADGE_QUESTION);
    const u = await makeUser(app);
    const r = await app.call('POST', `${V1}/report`, { token: u.token, body: { object_id: qid, report_type: 57, content: 'spam' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await settle();
    expect(seen.some((e) => e.type === 'report.created' && e.userId === u.id && e.objectId === qid)).toBe(true);
    expect(await awardsOf(u.id)).toEqual([{ badge: 'first_flag', key: qid }]);
    const stranger = await makeUser(app);
    app.lantern.ctx.events.emit({
      type: 'report.created',
      reportId: '10080000000900002',
      objectId: qid,
      objectType: 'question',
      userId: stranger.id,
    });
    await settle();
    expect(await badgesOf(stranger.id)).toEqual([]);
  });

  it('First Share: someone else opening a question through the share link; not the sharer themself', async () => {
    const qid = await askQuestion(app, admin, BADGE_QUESTION);
    const sharer = await makeUser(app);
    const { username } = await db().selectFrom('user').select('username').where('id', '=', sharer.id).executeTakeFirstOrThrow();
    const open = async (share: string, token?: string) => {
      const r = await app.call('GET', `${V1}/question/info?id=${qid}&share=${encodeURIComponent(share)}`, { token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    // the sharer opening their own link earns nothing
    await open(username, sharer.token);
    await afterCall('question.shared', (e) => e.type === 'question.shared' && e.sharerId === sharer.id && e.visitorId === sharer.id);
    expect(await badgesOf(sharer.id)).toEqual([]);
    // a link naming nobody is no share
    await open('nobody-by-this-name');
    await settle();
    expect(seen.filter((e) => e.type === 'question.shared')).toHaveLength(1);
    // a visitor not logged in, by the sharer's username
    await open(username);
    await afterCall('question.shared', (e) => e.type === 'question.shared' && e.sharerId === sharer.id && e.visitorId === null);
    expect(await awardsOf(sharer.id)).toEqual([{ badge: 'first_share', key: qid }]);
    // another member, by the sharer's user id: counted once (a single badge)
    const other = await makeUser(app);
    await open(String(sharer.id), other.token);
    await afterCall('question.shared', (e) => e.type === 'question.shared' && e.sharerId === sharer.id && e.visitorId === other.id);
    expect(await awardsOf(sharer.id)).toEqual([{ badge: 'first_share', key: qid }]);
  });

  it('a share link on a question the visitor cannot see announces nothing', async () => {
    const sharer = await makeUser(app);
    const r = await app.call('GET', `${V1}/question/info?id=10010000000999999&share=${sharer.id}`);
    expect(r.status).toBe(404);
    await settle();
    expect(seen.filter((e) => e.type === 'question.shared')).toEqual([]);
  });

  it('a share name longer than any username is a field error, not a 500', async () => {
    const qid = await askQuestion(app, admin, BADGE_QUESTION);
    const r = await app.call('GET', `${V1}/question/info?id=${qid}&share=${'x'.repeat(101)}`);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([expect.objectContaining({ error_field: 'share' })]);
  });

  it('tells the user with an achievement notification and the badge alert', async () => {
    const qid = await askQuestion(app, admin, BADGE_QUESTION);
    const u = await voter();
    await vote(app, u.token, qid);
    await afterCall('vote.cast');
    const awardId = (await db().selectFrom('badge_award').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow()).id;
    const page = await app.call('GET', `${V1}/notification/page?type=achievement`, { token: u.token });
    expect(page.status).toBe(200);
    const item = page.body.data.list.find((n: { object_info: { object_type: string } }) => n.object_info.object_type === 'badge_award');
    expect(item.object_info).toMatchObject({ object_id: awardId, object_map: { badge_id: await badgeId('first_upvote') } });
    expect(item.notification_action).toBe('You\'ve earned the "First Upvote" badge');
    expect(item.user_info).toBeUndefined();
    const status = await app.call('GET', `${V1}/notification/status`, { token: u.token });
    expect(status.body.data.badge_award).toMatchObject({ badge_id: await badgeId('first_upvote'), icon: 'hand-thumbs-up-fill', level: 1 });
  });

  it('does not award a deleted user', async () => {
    const u = await makeUser(app, { status: 10 });
    expect(await awardBadge(app.lantern.ctx, await badgeId('editor'), u.id, '0')).toBeNull();
    expect(await awardCount('editor')).toBe(0);
  });
});

describe('rules a badge may name beyond the default set', () => {
  async function addBadge(name: string, handler: string, param: Record<string, unknown>, single: BadgeSingle = 1): Promise<string> {
    const id = `100900000009${String(Math.floor(Math.random() * 90000) + 10000)}`;
    const now = app.lantern.ctx.clock.now();
    await db()
      .insertInto('badge')
      .values({
        id,
        name,
        icon: 'star',
        description: name,
        badge_group_id: '2',
        level: 1,
        single,
        handler,
        param: JSON.stringify(param),
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }
  const holds = async (userId: number, id: string) =>
    (await db().selectFrom('badge_award').select('award_key').where('user_id', '=', userId).where('badge_id', '=', id).execute()).map(
      (r) => r.award_key,
    );

  it('first question, first answer and a comment count: awarded when the count is reached, not before', async () => {
    const firstQuestion = await addBadge('First Question', 'ReachPostAmount', { object_type: 'question', amount: 1 });
    const firstAnswer = await addBadge('First Answer', 'ReachPostAmount', { object_type: 'answer', amount: '1' });
    const commentator = await addBadge('Commentator', 'ReachPostAmount', { object_type: 'comment', amount: 2 });
    const u = await makeUser(app);
    expect(await holds(u.id, firstQuestion)).toEqual([]);
    const qid = await askQuestion(app, u.token, BADGE_QUESTION);
    await afterCall('question.created', (e) => e.type === 'question.created' && e.questionId === qid);
    expect(await holds(u.id, firstQuestion)).toEqual([qid]);
    expect(await holds(u.id, firstAnswer)).toEqual([]);

    const other = await askQuestion(app, admin, { ...BADGE_QUESTION, title: 'Somebody else asks a question' });
    const aid = await postAnswer(app, u.token, other);
    await afterCall('answer.created', (e) => e.type === 'answer.created' && e.answerId === aid);
    expect(await holds(u.id, firstAnswer)).toEqual([aid]);

    const c1 = await postComment(app, u.token, other);
    await afterCall('comment.created', (e) => e.type === 'comment.created' && e.commentId === c1);
    expect(await holds(u.id, commentator)).toEqual([]);
    const c2 = await postComment(app, u.token, aid, 'Another comment, long enough.');
    await afterCall('comment.created', (e) => e.type === 'comment.created' && e.commentId === c2);
    expect(await holds(u.id, commentator)).toEqual([c2]);
    // a second question: single badge, nothing more
    const q2 = await askQuestion(app, u.token, { ...BADGE_QUESTION, title: 'My second question here' });
    await afterCall('question.created', (e) => e.type === 'question.created' && e.questionId === q2);
    expect(await holds(u.id, firstQuestion)).toEqual([qid]);
  });

  it('a reputation threshold: awarded once the reputation reaches it', async () => {
    const enthusiast = await addBadge('Two Hundred', 'ReachReputation', { amount: '200' });
    const author = await makeUser(app, { rank: 190 });
    const qid = await askQuestion(app, author.token, BADGE_QUESTION);
    await settle();
    expect(await holds(author.id, enthusiast)).toEqual([]);
    const v = await voter();
    await vote(app, v.token, qid);
    const rank = (await db().selectFrom('user').select('rank').where('id', '=', author.id).executeTakeFirstOrThrow()).rank;
    expect(rank).toBe(200);
    await afterCall('rank.changed', (e) => e.type === 'rank.changed' && e.userId === author.id && e.delta === 10);
    expect(await holds(author.id, enthusiast)).toEqual(['0']);
  });

  it('a badge without a usable amount is never awarded', async () => {
    const broken = await addBadge('Broken', 'ReachReputation', { amount: 'lots' });
    const u = await makeUser(app, { rank: 5000 });
    app.lantern.ctx.events.emit({ type: 'rank.changed', userId: u.id, delta: 1, reason: 'x', objectId: '0' });
    await settle();
    expect(await holds(u.id, broken)).toEqual([]);
  });
});

describe('inactive badges', () => {
  it('are not awarded, not listed, hide their awards, and come back recounted', async () => {
    const first = await badgeId('first_upvote');
    const qid = await askQuestion(app, admin, BADGE_QUESTION);
    const early = await voter();
    await vote(app, early.token, qid);
    await afterCall('vote.cast');
    expect(await badgesOf(early.id)).toEqual(['first_upvote']);

    const off = await app.call('PUT', `${ADMIN}/badge/status`, { token: admin, body: { id: first, status: 'inactive' } });
    expect(off.body).toMatchObject({ code: 200, data: null });
    const late = await voter();
    await vote(app, late.token, qid);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === late.id);
    expect(await badgesOf(late.id)).toEqual([]);

    const list = await app.call('GET', `${V1}/badges`);
    expect(list.body.data[0].badges.map((b: { name: string }) => b.name)).not.toContain('First Upvote');
    expect((await app.call('GET', `${V1}/badge?id=${first}`)).body).toMatchObject({ code: 400, reason: 'error.badge.object_not_found' });
    const username = (await db().selectFrom('user').select('username').where('id', '=', early.id).executeTakeFirstOrThrow()).username;
    expect((await app.call('GET', `${V1}/badge/user/awards?username=${username}`)).body.data).toEqual({ count: 0, list: [] });
    const adminList = await app.call('GET', `${ADMIN}/badges?status=inactive`, { token: admin });
    expect(adminList.body.data.list.map((b: { name: string; status: string }) => [b.name, b.status])).toEqual([
      ['First Upvote', 'inactive'],
    ]);

    await app.call('PUT', `${ADMIN}/badge/status`, { token: admin, body: { id: encodeShortId(first), status: 'active' } });
    expect(await awardCount('first_upvote')).toBe(1);
    expect((await app.call('GET', `${V1}/badge/user/awards?username=${username}`)).body.data.count).toBe(1);
    const again = await voter();
    await vote(app, again.token, qid);
    await afterCall('vote.cast', (e) => e.type === 'vote.cast' && e.voterId === again.id);
    expect(await badgesOf(again.id)).toEqual(['first_upvote']);
  });
});

// ---------------------------------------------------------------------------------------------

async function usernameOf(id: number): Promise<string> {
  return (await db().selectFrom('user').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
}

describe('GET badges and badge', () => {
  it('counts what the viewer earned; anonymous viewers earned nothing', async () => {
    const u = await makeUser(app);
    await awardBadge(app.lantern.ctx, await badgeId('solved'), u.id, '0');
    const nice = await badgeId('nice_answer');
    await awardBadge(app.lantern.ctx, nice, u.id, '10020000000800001');
    await awardBadge(app.lantern.ctx, nice, u.id, '10020000000800002');
    const mine = await app.call('GET', `${V1}/badges`, { token: u.token });
    expect(mine.body.data[1].badges[0]).toMatchObject({ name: 'Solved', earned_count: 1, award_count: 1 });
    expect(mine.body.data[2].badges[0]).toMatchObject({ name: 'Nice Answer', earned_count: 2, award_count: 2 });
    const anon = await app.call('GET', `${V1}/badges`);
    expect(anon.body.data[2].badges[0]).toMatchObject({ earned_count: 0, award_count: 2 });
    const zh = await app.call('GET', `${V1}/badges`, { lang: 'zh_CN' });
    expect(zh.body.data[0].group_name).toBe('入门');
  });

  it('shows one badge by long or short id, with its description and whether it is single', async () => {
    const id = await badgeId('autobiographer');
    const r = await app.call('GET', `${V1}/badge?id=${id}`);
    expect(r.body.data).toEqual({
      id,
      name: 'Autobiographer',
      description: 'Filled out <a href="http://127.0.0.1/users/settings/profile" target="_blank">profile</a> information.',
      icon: 'person-badge-fill',
      award_count: 0,
      earned_count: 0,
      is_single: true,
      level: 1,
    });
    const short = await app.call('GET', `${V1}/badge?id=${encodeShortId(id)}`);
    expect(short.body.data.name).toBe('Autobiographer');
  });

  it('emits short badge ids when the site uses short links', async () => {
    const seo = await app.call('GET', `${ADMIN}/siteinfo/seo`, { token: admin });
    const put = await app.call('PUT', `${ADMIN}/siteinfo/seo`, { token: admin, body: { ...seo.body.data, permalink: 3 } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const id = await badgeId('editor');
    expect((await app.call('GET', `${V1}/badge?id=${id}`)).body.data.id).toBe(encodeShortId(id));
    expect((await app.call('GET', `${V1}/badges`)).body.data[0].badges[1].id).toBe(encodeShortId(id));
  });

  it.each([
    ['', 400, 'base.request_format_error'],
    ['?id=', 400, 'base.request_format_error'],
    ['?id=10090000000099999', 400, 'error.badge.object_not_found'],
    ['?id=10010000000000001', 400, 'error.badge.object_not_found'],
    ['?id=not-an-id', 400, 'error.badge.object_not_found'],
    [`?id=${'9'.repeat(40)}`, 400, 'base.request_format_error'],
  ])('GET badge%s answers %i %s', async (qs, status, reason) => {
    const r = await app.call('GET', `${V1}/badge${qs}`);
    expect(r.body).toMatchObject({ code: status, reason });
    if (reason === 'base.request_format_error') expect(r.body.data[0].error_field).toBe('id');
  });

  it('asks for a login when the site requires one', async () => {
    const login = await app.call('GET', `${ADMIN}/siteinfo/login`, { token: admin });
    const put = await app.call('PUT', `${ADMIN}/siteinfo/login`, { token: admin, body: { ...login.body.data, login_required: true } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await app.call('GET', `${V1}/badges`)).status).toBe(401);
    expect((await app.call('GET', `${V1}/badge?id=${await badgeId('editor')}`)).status).toBe(401);
    expect((await app.call('GET', `${V1}/badges`, { token: (await makeUser(app)).token })).status).toBe(200);
  });
});

describe('GET badge/awards/page', () => {
  it('lists who earned a badge, newest first, with the post and the author; filters by username; pages', async () => {
    const asker = await makeUser(app, { name: 'Asker One' });
    const qid = await askQuestion(app, asker.token, { ...BADGE_QUESTION, title: 'Which badge is the rarest?' });
    const writer = await makeUser(app, { name: 'Writer Two' });
    const aid = await postAnswer(app, writer.token, qid);
    const nice = await badgeId('nice_answer');
    const q2 = await askQuestion(app, asker.token, { ...BADGE_QUESTION, title: 'A second question for awards' });
    const a2 = await postAnswer(app, writer.token, q2);
    const other = await makeUser(app);
    const a3 = await postAnswer(app, other.token, q2, { content: 'A third answer for the list.' });
    for (const [uid, key] of [
      [writer.id, aid],
      [writer.id, a2],
      [other.id, a3],
    ] as const) {
      await awardBadge(app.lantern.ctx, nice, uid, key);
      app.lantern.ctx.clock.now = (
        (t) => () =>
          t + 1
      )(app.lantern.ctx.clock.now());
    }
    const r = await app.call('GET', `${V1}/badge/awards/page?badge_id=${nice}`);
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(3);
    expect(r.body.data.list.map((x: { answer_id: string }) => x.answer_id)).toEqual([a3, a2, aid]);
    expect(r.body.data.list[2]).toMatchObject({
      object_id: aid,
      question_id: qid,
      answer_id: aid,
      comment_id: '',
      object_type: 'answer',
      url_title: 'which-badge-is-the-rarest',
      author_user_info: { id: String(writer.id), display_name: 'Writer Two' },
    });
    expect(typeof r.body.data.list[2].created_at).toBe('number');

    const byUser = await app.call('GET', `${V1}/badge/awards/page?badge_id=${nice}&username=${await usernameOf(writer.id)}`);
    expect(byUser.body.data.list.map((x: { answer_id: string }) => x.answer_id)).toEqual([a2, aid]);
    const paged = await app.call('GET', `${V1}/badge/awards/page?badge_id=${encodeShortId(nice)}&page=2&page_size=2`);
    expect(paged.body.data).toMatchObject({ count: 3 });
    expect(paged.body.data.list.map((x: { answer_id: string }) => x.answer_id)).toEqual([aid]);

    // a deleted post is no longer shown with its award
    await db().updateTable('answer').set({ status: 10 }).where('id', '=', aid).execute();
    const gone = await app.call('GET', `${V1}/badge/awards/page?badge_id=${nice}&username=${await usernameOf(writer.id)}`);
    expect(gone.body.data.list[1]).toMatchObject({ object_id: '', question_id: '', answer_id: '', object_type: '', url_title: '' });
  });

  it('shows comments and profile badges', async () => {
    const qid = await askQuestion(app, admin, { ...BADGE_QUESTION, title: 'Comment badge question' });
    const u = await makeUser(app);
    const cid = await postComment(app, u.token, qid);
    await awardBadge(app.lantern.ctx, await badgeId('first_upvote'), u.id, cid);
    const r = await app.call('GET', `${V1}/badge/awards/page?badge_id=${await badgeId('first_upvote')}`);
    expect(r.body.data.list[0]).toMatchObject({
      object_id: cid,
      comment_id: cid,
      question_id: qid,
      answer_id: '',
      object_type: 'comment',
      url_title: 'comment-badge-question',
    });
    await awardBadge(app.lantern.ctx, await badgeId('autobiographer'), u.id, '0');
    const bio = await app.call('GET', `${V1}/badge/awards/page?badge_id=${await badgeId('autobiographer')}`);
    expect(bio.body.data.list[0]).toMatchObject({ object_id: '', object_type: '', author_user_info: { id: String(u.id) } });
  });

  it.each([
    ['', 'badge_id'],
    ['?badge_id=', 'badge_id'],
    ['?badge_id=10090000000000001&username=a&username=b', 'username'],
  ])('refuses %s on %s', async (qs, field) => {
    const r = await app.call('GET', `${V1}/badge/awards/page${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.data[0].error_field).toBe(field);
  });

  it('answers 400 for unknown badges and users', async () => {
    expect((await app.call('GET', `${V1}/badge/awards/page?badge_id=10090000000099999`)).body).toMatchObject({
      code: 400,
      reason: 'error.badge.object_not_found',
    });
    // the reference listed every award for an unknown username; naming nobody is an error here
    expect((await app.call('GET', `${V1}/badge/awards/page?badge_id=${await badgeId('editor')}&username=nobody-here`)).body).toMatchObject({
      code: 400,
      reason: 'error.user.not_found',
    });
  });
});

describe('GET badge/user/awards and badge/user/awards/recent', () => {
  it('lists every badge a user earned with counts; recent gives the latest ten, newest first', async () => {
    const u = await makeUser(app);
    const ids = await db().selectFrom('badge').select(['id', 'name']).orderBy('id').execute();
    let t = app.lantern.ctx.clock.now();
    for (const b of ids.slice(0, 12)) {
      app.lantern.ctx.clock.now = (
        (x) => () =>
          x
      )(++t);
      await awardBadge(app.lantern.ctx, b.id, u.id, '10020000000700001');
    }
    app.lantern.ctx.clock.now = (
      (x) => () =>
        x
    )(++t);
    await awardBadge(app.lantern.ctx, ids[8].id, u.id, '10020000000700002');
    const name = await usernameOf(u.id);
    const all = await app.call('GET', `${V1}/badge/user/awards?username=${name}`);
    expect(all.body.data.count).toBe(12);
    expect(all.body.data.list[0]).toEqual({ id: ids[0].id, name: 'Autobiographer', icon: 'person-badge-fill', earned_count: 1, level: 1 });
    expect(all.body.data.list[8]).toMatchObject({ name: 'Nice Answer', earned_count: 2 });
    const recent = await app.call('GET', `${V1}/badge/user/awards/recent?username=${name}`);
    expect(recent.body.data.count).toBe(10);
    expect(recent.body.data.list.map((b: { name: string }) => b.name)).toEqual([
      'Nice Answer',
      'Nice Question',
      'Great Answer',
      'Good Answer',
      'Solved',
      'Scholar',
      'First Share',
      'First Reaction',
      'First Upvote',
      'First Flag',
    ]);
  });

  it('gives empty lists to users without badges', async () => {
    const u = await makeUser(app);
    for (const path of ['badge/user/awards', 'badge/user/awards/recent']) {
      expect((await app.call('GET', `${V1}/${path}?username=${await usernameOf(u.id)}`)).body.data).toEqual({ count: 0, list: [] });
    }
  });

  it.each(['badge/user/awards', 'badge/user/awards/recent'])('%s refuses a missing or unknown username', async (path) => {
    const missing = await app.call('GET', `${V1}/${path}`);
    expect(missing.body).toMatchObject({ code: 400, data: [{ error_field: 'username', error_msg: 'Username cannot be empty.' }] });
    expect((await app.call('GET', `${V1}/${path}?username=nobody-here`)).body).toMatchObject({ code: 400, reason: 'error.user.not_found' });
    expect((await app.call('GET', `${V1}/${path}?username=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('admin badges', () => {
  it("lists badges with group, status and the admin's own earned flag; pages, filters and searches", async () => {
    await awardBadge(app.lantern.ctx, await badgeId('editor'), 1, '0');
    const r = await app.call('GET', `${ADMIN}/badges?page=1&page_size=5`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(14);
    expect(r.body.data.list).toHaveLength(5);
    expect(r.body.data.list[1]).toEqual({
      id: await badgeId('editor'),
      name: 'Editor',
      description: 'First post edit.',
      icon: 'pencil-fill',
      award_count: 1,
      earned: true,
      level: 1,
      group_name: 'Getting Started',
      status: 'active',
    });
    expect(r.body.data.list[0].earned).toBe(false);
    const last = await app.call('GET', `${ADMIN}/badges?page=3&page_size=5`, { token: admin });
    expect(last.body.data.list.map((b: { name: string }) => b.name)).toEqual([
      'Great Answer',
      'Nice Question',
      'Good Question',
      'Great Question',
    ]);

    const search = await app.call('GET', `${ADMIN}/badges?q=QUESTION`, { token: admin });
    expect(search.body.data.list.map((b: { name: string }) => b.name)).toEqual(['Nice Question', 'Good Question', 'Great Question']);
    const byId = await app.call('GET', `${ADMIN}/badges?q=badge:${encodeShortId(await badgeId('solved'))}`, { token: admin });
    expect(byId.body.data).toMatchObject({ count: 1, list: [{ name: 'Solved', group_name: 'Community' }] });
    expect((await app.call('GET', `${ADMIN}/badges?status=inactive`, { token: admin })).body.data).toEqual({ count: 0, list: [] });
    expect((await app.call('GET', `${ADMIN}/badges?status=active&q=nice`, { token: admin })).body.data.count).toBe(2);
    expect((await app.call('GET', `${ADMIN}/badges?status=sleeping`, { token: admin })).body.data[0].error_field).toBe('status');
  });

  it('refuses anonymous callers, plain users and moderators', async () => {
    const user = await makeUser(app);
    const mod = await makeUser(app, { roleId: 3 });
    const id = await badgeId('editor');
    expect((await app.call('GET', `${ADMIN}/badges`)).status).toBe(401);
    expect((await app.call('PUT', `${ADMIN}/badge/status`, { body: { id, status: 'inactive' } })).status).toBe(401);
    for (const token of [user.token, mod.token]) {
      expect((await app.call('GET', `${ADMIN}/badges`, { token })).status).toBe(403);
      expect((await app.call('PUT', `${ADMIN}/badge/status`, { token, body: { id, status: 'inactive' } })).status).toBe(403);
    }
    expect((await db().selectFrom('badge').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(1);
  });

  it.each([
    [{ status: 'inactive' }, 'id', 'Id cannot be empty.'],
    [{ id: '', status: 'inactive' }, 'id', 'Id cannot be empty.'],
    [{ id: 5, status: 'inactive' }, 'id', 'Id is not valid.'],
    [{ id: '10090000000000001' }, 'status', 'Status cannot be empty.'],
    [{ id: '10090000000000001', status: 'deleted' }, 'status', 'Invalid status.'],
  ])('PUT badge/status validates %j', async (body, field, message) => {
    const r = await app.call('PUT', `${ADMIN}/badge/status`, { token: admin, body });
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('PUT badge/status refuses unknown badges and is idempotent', async () => {
    expect(
      (await app.call('PUT', `${ADMIN}/badge/status`, { token: admin, body: { id: '10090000000099999', status: 'inactive' } })).body,
    ).toMatchObject({ code: 400, reason: 'error.badge.object_not_found' });
    expect(
      (await app.call('PUT', `${ADMIN}/badge/status`, { token: admin, body: { id: '10010000000000001', status: 'inactive' } })).body.reason,
    ).toBe('error.badge.object_not_found');
    const id = await badgeId('scholar');
    for (let i = 0; i < 2; i++)
      expect((await app.call('PUT', `${ADMIN}/badge/status`, { token: admin, body: { id, status: 'inactive' } })).status).toBe(200);
    expect((await db().selectFrom('badge').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(11);
  });
});

describe('malformed input', () => {
  it('never answers 500 on the badge queries', async () => {
    const token = (await makeUser(app)).token;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), fc.string({ maxLength: 20 }), fc.boolean(), async (a, b, logged) => {
        const e = encodeURIComponent;
        for (const path of [
          `${V1}/badge?id=${e(a)}`,
          `${V1}/badge/awards/page?badge_id=${e(a)}&username=${e(b)}&page=${e(b)}&page_size=${e(a)}`,
          `${V1}/badge/user/awards?username=${e(a)}`,
          `${V1}/badge/user/awards/recent?username=${e(a)}&username=${e(b)}`,
          `${V1}/badges?x=${e(a)}`,
          `${ADMIN}/badges?page=${e(a)}&page_size=${e(b)}&status=${e(b)}&q=${e(a)}`,
        ]) {
          const r = await app.call('GET', path, { token: logged ? (path.startsWith(ADMIN) ? admin : token) : undefined });
          expect(r.status, path).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('never answers 500 on PUT badge/status', async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          id: fc.oneof(fc.string({ maxLength: 40 }), fc.anything()),
          status: fc.oneof(fc.constantFrom('active', 'inactive', ''), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await app.call('PUT', `${ADMIN}/badge/status`, { token: admin, body: JSON.stringify(b) ?? 'null' });
        expect(r.status).toBeLessThan(500);
        expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
      }),
      { numRuns: 60 },
    );
  });

  it('never fails on events about things that do not exist', async () => {
    const ctx = app.lantern.ctx;
    const events: DomainEvent[] = [
      {
        type: 'vote.cast',
        objectId: '10010000000099999',
        objectType: 'question',
        voterId: 99999,
        ownerId: 99998,
        direction: 'up',
        cancelled: false,
      },
      { type: 'answer.accepted', answerId: 'x', questionId: 'y', answerOwnerId: 0, byUserId: 0 },
      { type: 'post.edited', objectId: '10030000000000001', objectType: 'tag', editorId: 1, ownerId: 1, questionId: '' },
      { type: 'user.profile_updated', userId: 99999 },
      { type: 'reaction.changed', objectId: 'nothing', objectType: 'answer', userId: 1, emoji: 'heart', active: true },
      { type: 'question.created', questionId: 'nothing', userId: 1, status: 1 },
      { type: 'rank.changed', userId: -4, delta: 1, reason: 'x', objectId: '' },
    ];
    for (const e of events) ctx.events.emit(e);
    await settle();
    expect(await db().selectFrom('badge_award').select('id').execute()).toEqual([]);
  });
});
