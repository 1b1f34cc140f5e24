import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer, postComment } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { MAIL_STATUS } from '../../contract/limits.js';
import { notifyBadgeAward } from './notification.service.js';

let app: TestApp;
let admin: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  // the tag exists, so members without tag.add can ask with it
  await askQuestion(app, admin, { title: 'Seed question for the notify tag', tags: ['notify'] });
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
const settle = () => app.lantern.ctx.events.settle();

type Item = {
  id: string;
  user_info?: { id: string; username: string; display_name: string };
  object_info: { title: string; object_id: string; object_map: Record<string, string>; object_type: string };
  rank: number;
  notification_action?: string;
  is_read: boolean;
  update_time: number;
};

async function page(token: string, query = 'type=inbox'): Promise<{ count: number; list: Item[] }> {
  await settle();
  const r = await app.call('GET', `${V1}/notification/page?${query}`, { token });
  expect(r.status).toBe(200);
  return r.body.data;
}
async function status(token: string) {
  await settle();
  const r = await app.call('GET', `${V1}/notification/status`, { token });
  expect(r.status).toBe(200);
  return r.body.data as {
    inbox: number;
    achievement: number;
    revision: number;
    can_revision: boolean;
    badge_award: null | Record<string, unknown>;
  };
}
const actions = (list: Item[]) => list.map((i) => i.notification_action);
/** Reputation achievements (badge awards, written by the badges module, left out). */
const reputation = async (token: string) =>
  (await page(token, 'type=achievement&page_size=100')).list.filter((i) => i.object_info.object_type !== 'badge_award');

describe('inbox notifications', () => {
  it('tells the asker about a new answer (who, what, where), never the answerer, and not for answering oneself', async () => {
    const asker = await makeUser(app, { rank: 100 });
    const helper = await makeUser(app, { rank: 100, name: 'helper' });
    const qid = await askQuestion(app, asker.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const aid = await postAnswer(app, helper.token, qid);
    const { count, list } = await page(asker.token);
    expect(count).toBe(1);
    expect(list[0]).toMatchObject({
      user_info: { id: String(helper.id), username: 'helper' },
      object_info: {
        title: 'How do notifications work here?',
        object_id: aid,
        object_type: 'answer',
        object_map: { question: qid, answer: aid, comment: '' },
      },
      rank: 0,
      notification_action: 'answered question',
      is_read: false,
    });
    expect(list[0].update_time).toBeGreaterThan(0);
    expect((await page(helper.token)).count).toBe(0);
    const own = await askQuestion(app, asker.token, { title: 'A question I will answer myself', tags: ['notify'] });
    await postAnswer(app, asker.token, own, { content: 'Answering my own question.' });
    expect((await page(asker.token)).count).toBe(1);
  });

  it('notifies the post owner of a comment, the replied-to user and the mentioned users, each once and never the author', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const first = await makeUser(app, { rank: 100, name: 'first' });
    const second = await makeUser(app, { rank: 100, name: 'second' });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const c1 = await postComment(app, first.token, qid, 'A first comment on the question');
    expect(actions((await page(owner.token)).list)).toEqual(['commented question']);
    const c2 = await postComment(app, second.token, qid, 'A reply that names @first again', { reply_comment_id: c1 });
    const firstInbox = await page(first.token);
    expect(actions(firstInbox.list)).toEqual(['replied to you']);
    expect(firstInbox.list[0]).toMatchObject({
      user_info: { id: String(second.id) },
      object_info: { object_type: 'comment', object_id: c2, object_map: { question: qid, answer: '', comment: c2 } },
    });
    expect(actions((await page(owner.token)).list)).toEqual(['commented question', 'commented question']);
    await postComment(app, owner.token, qid, 'Thanks @second and @first', { mention_username_list: ['second'] });
    expect(actions((await page(second.token)).list)).toEqual(['mentioned you']);
    expect(actions((await page(first.token)).list)).toEqual(['mentioned you', 'replied to you']);
    expect((await page(owner.token)).count).toBe(2);
    const aid = await postAnswer(app, first.token, qid);
    await postComment(app, second.token, aid, 'A comment on the answer');
    expect(actions((await page(first.token)).list)[0]).toBe('commented answer');
  });

  it('tells the answerer about an accepted answer and both sides about reputation, except for their own action', async () => {
    const asker = await makeUser(app, { rank: 100 });
    const helper = await makeUser(app, { rank: 100 });
    const qid = await askQuestion(app, asker.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const aid = await postAnswer(app, helper.token, qid);
    expect(
      (await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: qid, answer_id: aid } })).status,
    ).toBe(200);
    expect((await page(helper.token)).list[0]).toMatchObject({
      notification_action: 'accepted answer',
      user_info: { id: String(asker.id) },
      object_info: { object_id: aid },
    });
    const helperAch = await reputation(helper.token);
    expect(helperAch).toHaveLength(1);
    expect(helperAch[0]).toMatchObject({ rank: 15, object_info: { object_type: 'answer', object_id: aid } });
    expect(helperAch[0].notification_action).toBeUndefined();
    // the asker's own +2 is their own doing
    expect(await reputation(asker.token)).toEqual([]);
    // un-accepting by staff rolls the achievement back to 0 in place and tells the asker nothing new
    expect((await app.call('POST', `${V1}/answer/acceptance`, { token: admin, body: { question_id: qid, answer_id: '0' } })).status).toBe(
      200,
    );
    expect((await reputation(helper.token)).map((i) => i.rank)).toEqual([0]);
    // staff accepting again: now the asker's +2 was someone else's action
    expect((await app.call('POST', `${V1}/answer/acceptance`, { token: admin, body: { question_id: qid, answer_id: aid } })).status).toBe(
      200,
    );
    expect((await reputation(asker.token)).map((i) => i.rank)).toEqual([2]);
    expect((await reputation(helper.token)).map((i) => i.rank)).toEqual([15]);
  });

  it('tells newly invited users (inbox_type invites), once', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const bob = await makeUser(app, { name: 'bob' });
    const carol = await makeUser(app, { name: 'carol' });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    expect((await app.call('PUT', `${V1}/question/invite`, { token: owner.token, body: { id: qid, invite_user: ['bob'] } })).status).toBe(
      200,
    );
    expect(
      (await app.call('PUT', `${V1}/question/invite`, { token: owner.token, body: { id: qid, invite_user: ['bob', 'carol'] } })).status,
    ).toBe(200);
    const invites = await page(bob.token, 'type=inbox&inbox_type=invites');
    expect(invites.count).toBe(1);
    expect(invites.list[0]).toMatchObject({
      notification_action: 'invited you to answer',
      user_info: { id: String(owner.id) },
      object_info: { object_type: 'question', object_id: qid },
    });
    expect((await page(bob.token, 'type=inbox&inbox_type=votes')).count).toBe(0);
    expect((await page(carol.token, 'type=inbox&inbox_type=invites')).count).toBe(1);
    expect((await page(owner.token)).count).toBe(0);
  });

  it('tells owners and question followers about edits by others, not about their own', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const helper = await makeUser(app, { rank: 100 });
    const follower = await makeUser(app, { rank: 100 });
    const mod = await makeUser(app, { roleId: 3 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const aid = await postAnswer(app, helper.token, qid);
    expect((await app.call('POST', `${V1}/follow`, { token: follower.token, body: { object_id: qid, is_cancel: false } })).status).toBe(
      200,
    );
    await settle();
    await db().deleteFrom('notification').execute();
    const edit = await app.call('PUT', `${V1}/question`, {
      token: owner.token,
      body: { id: qid, title: 'How do notifications work here, really?', content: 'Edited by the owner.', tags: [{ slug_name: 'notify' }] },
    });
    expect(edit.status).toBe(200);
    expect((await page(owner.token)).count).toBe(0);
    expect(actions((await page(follower.token)).list)).toEqual(['updated question']);
    const modEdit = await app.call('PUT', `${V1}/question`, {
      token: mod.token,
      body: {
        id: qid,
        title: 'How do notifications work here, really?',
        content: 'Edited by a moderator.',
        tags: [{ slug_name: 'notify' }],
      },
    });
    expect(modEdit.body.data.wait_for_review).toBe(false);
    expect((await page(owner.token)).list[0]).toMatchObject({ notification_action: 'updated question', user_info: { id: String(mod.id) } });
    const answerEdit = await app.call('PUT', `${V1}/answer`, {
      token: mod.token,
      body: { id: aid, question_id: qid, content: 'A moderator improved this answer.' },
    });
    expect(answerEdit.status).toBe(200);
    expect(actions((await page(helper.token)).list)).toEqual(['updated answer']);
    expect(actions((await page(owner.token)).list)).toEqual(['updated answer', 'updated question']);
    expect(actions((await page(follower.token)).list)).toEqual(['updated answer', 'updated question', 'updated question']);
  });

  it('tells owners when staff close or delete their posts, not when they delete their own', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const helper = await makeUser(app, { rank: 100 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const aid = await postAnswer(app, helper.token, qid);
    const cid = await postComment(app, helper.token, qid, 'A comment to be removed');
    await settle();
    await db().deleteFrom('notification').execute();
    expect(
      (await app.call('PUT', `${V1}/question/status`, { token: admin, body: { id: qid, close_type: 63, close_msg: 'Off topic' } })).status,
    ).toBe(200);
    expect((await page(owner.token)).list[0]).toMatchObject({
      notification_action: 'Your question has been closed',
      object_info: { object_id: qid, object_type: 'question' },
    });
    expect((await app.call('DELETE', `${V1}/answer`, { token: admin, body: { id: aid } })).status).toBe(200);
    expect(actions((await page(helper.token)).list)).toEqual(['Your answer has been deleted']);
    expect((await app.call('DELETE', `${V1}/comment`, { token: admin, body: { comment_id: cid } })).status).toBe(200);
    expect(actions((await page(helper.token)).list)).toEqual(['Your comment has been deleted', 'Your answer has been deleted']);
    const own = await askQuestion(app, owner.token, { title: 'A question I will delete myself', tags: ['notify'] });
    expect((await app.call('DELETE', `${V1}/question`, { token: owner.token, body: { id: own } })).status).toBe(200);
    expect((await page(owner.token)).count).toBe(1);
    expect((await app.call('DELETE', `${V1}/question`, { token: admin, body: { id: qid } })).status).toBe(200);
    expect(actions((await page(owner.token)).list)).toEqual(['Your question has been deleted', 'Your question has been closed']);
  });

  it('tells owners about votes (down-voters unnamed), once per voter, and keeps one achievement per post', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const helper = await makeUser(app, { rank: 100 });
    const v1 = await makeUser(app, { rank: 1000 });
    const v2 = await makeUser(app, { rank: 1000 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const aid = await postAnswer(app, helper.token, qid);
    const cid = await postComment(app, owner.token, aid, 'A comment worth a vote');
    await settle();
    await db().deleteFrom('notification').execute();
    const vote = (token: string, dir: 'up' | 'down', objectId: string, isCancel = false) =>
      app.call('POST', `${V1}/vote/${dir}`, { token, body: { object_id: objectId, is_cancel: isCancel } });
    expect((await vote(v1.token, 'up', aid)).status).toBe(200);
    expect((await vote(v1.token, 'up', aid, true)).status).toBe(200);
    expect((await vote(v1.token, 'up', aid)).status).toBe(200);
    expect((await vote(v2.token, 'down', aid)).status).toBe(200);
    expect((await vote(v1.token, 'up', qid)).status).toBe(200);
    expect((await vote(v1.token, 'up', cid)).status).toBe(200);
    const votes = await page(helper.token, 'type=inbox&inbox_type=votes');
    expect(actions(votes.list)).toEqual(['downvoted answer', 'upvoted answer']);
    expect(votes.list[0].user_info).toBeUndefined();
    expect(votes.list[1].user_info).toMatchObject({ id: String(v1.id) });
    expect(actions((await page(owner.token, 'type=inbox&inbox_type=votes')).list)).toEqual(['upvoted comment', 'upvoted question']);
    expect((await page(helper.token, 'type=inbox&inbox_type=posts')).count).toBe(0);
    const ach = await reputation(helper.token);
    expect(ach).toHaveLength(1);
    expect(ach[0]).toMatchObject({ rank: 8, object_info: { object_id: aid, object_type: 'answer' } });
    expect((await reputation(owner.token)).map((i) => i.rank)).toEqual([10]);
    // the down-voter's own -1 is their own doing
    expect(await reputation(v2.token)).toEqual([]);
  });
});

describe('GET notification/page', () => {
  it('pages newest first, filters by type and inbox kind, and treats an unknown inbox_type as all', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    for (let i = 0; i < 3; i++)
      await postAnswer(app, (await makeUser(app, { rank: 100 })).token, qid, { content: `Answer number ${i} is here.` });
    await app.call('POST', `${V1}/vote/up`, { token: (await makeUser(app, { rank: 1000 })).token, body: { object_id: qid } });
    const all = await page(owner.token, 'type=inbox&page_size=2');
    expect(all.count).toBe(4);
    expect(all.list).toHaveLength(2);
    expect(actions(all.list)).toEqual(['upvoted question', 'answered question']);
    const second = await page(owner.token, 'type=inbox&page_size=2&page=2');
    expect(actions(second.list)).toEqual(['answered question', 'answered question']);
    expect((await page(owner.token, 'type=inbox&inbox_type=posts')).count).toBe(3);
    expect((await page(owner.token, 'type=inbox&inbox_type=nonsense')).count).toBe(4);
    expect(await reputation(owner.token)).toHaveLength(1);
    expect((await page(owner.token, 'type=inbox&page=9')).list).toEqual([]);
  });

  it('shows short ids when the permalink setting asks for them, and deleted trigger users by a placeholder', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const helper = await makeUser(app, { rank: 100 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const aid = await postAnswer(app, helper.token, qid);
    await db().updateTable('user').set({ status: 10 }).where('id', '=', helper.id).execute();
    const before = (await page(owner.token)).list[0];
    expect(before.user_info?.display_name).toBe(`user${helper.id}`);
    expect(before.object_info.object_map).toEqual({ question: qid, answer: aid, comment: '' });
    const seo = await app.call('PUT', '/answer/admin/api/siteinfo/seo', { token: admin, body: { permalink: 4, robots: '' } });
    expect(seo.status).toBe(200);
    const short = (await page(owner.token)).list[0];
    expect(short.object_info.object_id).not.toBe(aid);
    expect(short.object_info.object_id).toBe(short.object_info.object_map.answer);
    expect(short.object_info.object_map.question.length).toBeLessThan(qid.length);
  });

  it('validates type and needs an active login', async () => {
    const u = await makeUser(app);
    const missing = await app.call('GET', `${V1}/notification/page`, { token: u.token });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ error_field: 'type', error_msg: expect.stringContaining('cannot be empty') }]);
    const bad = await app.call('GET', `${V1}/notification/page?type=everything`, { token: u.token });
    expect(bad.status).toBe(400);
    expect(bad.body.data[0].error_field).toBe('type');
    expect((await app.call('GET', `${V1}/notification/page?type=inbox`)).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: MAIL_STATUS.unverified });
    const r = await app.call('GET', `${V1}/notification/page?type=inbox`, { token: inactive.token });
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('error.email.need_to_be_verified');
  });
});

describe('notification status (red dot) and read state', () => {
  it('counts unread notifications since the dot was cleared, and read marks', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    await postAnswer(app, (await makeUser(app, { rank: 100 })).token, qid);
    await app.call('POST', `${V1}/vote/up`, { token: (await makeUser(app, { rank: 1000 })).token, body: { object_id: qid } });
    expect(await status(owner.token)).toEqual({ inbox: 2, achievement: 1, revision: 0, can_revision: false, badge_award: null });
    const cleared = await app.call('PUT', `${V1}/notification/status`, { token: owner.token, body: { type: 'inbox' } });
    expect(cleared.body.data).toMatchObject({ inbox: 0, achievement: 1 });
    await postAnswer(app, (await makeUser(app, { rank: 100 })).token, qid, { content: 'Yet another answer here.' });
    expect((await status(owner.token)).inbox).toBe(1);
    const newest = (await page(owner.token)).list[0];
    expect((await app.call('PUT', `${V1}/notification/read/state`, { token: owner.token, body: { id: newest.id } })).body).toMatchObject({
      code: 200,
      data: {},
    });
    expect((await status(owner.token)).inbox).toBe(0);
    const list = (await page(owner.token)).list;
    expect(list.map((i) => i.is_read)).toEqual([true, false, false]);
    expect(
      (await app.call('PUT', `${V1}/notification/read/state/all`, { token: owner.token, body: { type: 'inbox' } })).body,
    ).toMatchObject({ code: 200, data: {} });
    expect((await page(owner.token)).list.every((i) => i.is_read)).toBe(true);
    expect((await page(owner.token, 'type=achievement')).list[0].is_read).toBe(false);
    expect((await app.call('PUT', `${V1}/notification/read/state/all`, { token: owner.token, body: { type: 'achievement' } })).status).toBe(
      200,
    );
    expect(await status(owner.token)).toMatchObject({ inbox: 0, achievement: 0 });
  });

  it("keeps other users' notifications and unknown ids untouched by read/state", async () => {
    const owner = await makeUser(app, { rank: 100 });
    const other = await makeUser(app);
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    await postAnswer(app, (await makeUser(app, { rank: 100 })).token, qid);
    const item = (await page(owner.token)).list[0];
    for (const id of [item.id, '999999', 'abc', '1'.repeat(30)]) {
      expect((await app.call('PUT', `${V1}/notification/read/state`, { token: other.token, body: { id } })).status).toBe(200);
    }
    expect((await page(owner.token)).list[0].is_read).toBe(false);
    const noId = await app.call('PUT', `${V1}/notification/read/state`, { token: owner.token, body: {} });
    expect(noId.status).toBe(400);
    expect(noId.body.data[0].error_field).toBe('id');
    const badType = await app.call('PUT', `${V1}/notification/status`, { token: owner.token, body: { type: 'everything' } });
    expect(badType.status).toBe(400);
    expect(badType.body.data[0].error_field).toBe('type');
    expect((await app.call('PUT', `${V1}/notification/read/state/all`, { token: owner.token, body: {} })).status).toBe(400);
  });

  it('tells reviewers how much waits for review', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const editor = await makeUser(app, { rank: 200 });
    const mod = await makeUser(app, { roleId: 3 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    const suggestion = await app.call('PUT', `${V1}/question`, {
      token: editor.token,
      body: { id: qid, title: 'How do notifications work here, suggested?', content: 'A suggested edit.', tags: [{ slug_name: 'notify' }] },
    });
    expect(suggestion.body.data.wait_for_review).toBe(true);
    expect(await status(mod.token)).toMatchObject({ can_revision: true, revision: 1 });
    expect(await status(owner.token)).toMatchObject({ can_revision: false, revision: 0 });
    const rev = await db()
      .selectFrom('revision')
      .select('id')
      .where('object_id', '=', qid)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect(
      (await app.call('PUT', `${V1}/revisions/audit`, { token: mod.token, body: { id: String(rev.id), operation: 'approve' } })).status,
    ).toBe(200);
    expect(await status(mod.token)).toMatchObject({ revision: 0 });
    // the approved suggestion reached the owner as an edit by the suggester, and the suggester's reputation
    expect((await page(owner.token)).list[0]).toMatchObject({
      notification_action: 'updated question',
      user_info: { id: String(editor.id) },
    });
    expect(await reputation(editor.token)).toMatchObject([{ rank: 2, object_info: { object_id: qid, object_type: 'question' } }]);
  });

  it('shows the oldest unread badge award until it is read (notifyBadgeAward for the badges module)', async () => {
    const u = await makeUser(app);
    const ctx = app.lantern.ctx;
    const now = ctx.clock.now();
    await db()
      .insertInto('badge_group')
      .values({ id: '10090000000000901', name: 'badge.default_badge_groups.getting_started.name', created_at: now, updated_at: now })
      .execute();
    for (const [id, name, icon, level] of [
      ['10090000000000911', 'Autobiographer', 'person-badge-fill', 1],
      ['10090000000000912', 'Editor', 'pencil-fill', 2],
    ] as const) {
      await db()
        .insertInto('badge')
        .values({
          id,
          name,
          icon,
          award_count: 0,
          description: '',
          status: 1,
          badge_group_id: '10090000000000901',
          level,
          single: 1,
          handler: 'x',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const first = await notifyBadgeAward(ctx, u.id, { awardId: '10100000000000921', badgeId: '10090000000000911', name: 'Autobiographer' });
    await notifyBadgeAward(ctx, u.id, { awardId: '10100000000000922', badgeId: '10090000000000912', name: 'Editor' });
    const s = await status(u.token);
    expect(s.achievement).toBe(2);
    expect(s.badge_award).toEqual({
      notification_id: String(first),
      badge_id: '10090000000000911',
      name: 'Autobiographer',
      icon: 'person-badge-fill',
      level: 1,
    });
    const items = (await page(u.token, 'type=achievement')).list;
    expect(items[1]).toMatchObject({
      id: String(first),
      object_info: {
        title: 'You\'ve earned the "Autobiographer" badge',
        object_type: 'badge_award',
        object_map: { badge_id: '10090000000000911' },
      },
    });
    expect(items[1].user_info).toBeUndefined();
    await app.call('PUT', `${V1}/notification/read/state`, { token: u.token, body: { id: String(first) } });
    expect((await status(u.token)).badge_award).toMatchObject({ badge_id: '10090000000000912', name: 'Editor', level: 2 });
  });

  it('refuses anonymous callers on every endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/notification/status'],
      ['PUT', '/notification/status'],
      ['GET', '/notification/page?type=inbox'],
      ['PUT', '/notification/read/state'],
      ['PUT', '/notification/read/state/all'],
    ] as const) {
      const r = await app.call(method, `${V1}${path}`, { body: method === 'PUT' ? { type: 'inbox', id: '1' } : undefined });
      expect(r.status).toBe(401);
      expect(r.body.reason).toBe('base.unauthorized_error');
    }
  });
});

describe('malformed input', () => {
  it('never answers 500', async () => {
    const u = await makeUser(app);
    const owner = await makeUser(app, { rank: 100 });
    await postAnswer(app, u.token, await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] }));
    await settle();
    const value = fc.oneof(
      fc.constantFrom('inbox', 'achievement', 'all', 'posts', 'votes', 'invites', '', '0', '-1', '1e400', '99999999999999999999'),
      fc.string({ maxLength: 60 }),
      fc.integer(),
    );
    const query = fc.record({ type: value, inbox_type: value, page: value, page_size: value }, { requiredKeys: [] });
    const body = fc.oneof(
      fc.anything(),
      fc.record({ type: fc.oneof(value, fc.anything()), id: fc.oneof(value, fc.anything()) }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(query, body, async (q, b) => {
        const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
        const calls = [
          await app.call('GET', `${V1}/notification/page?${qs}`, { token: owner.token }),
          await app.call('GET', `${V1}/notification/status?${qs}`, { token: owner.token }),
          await app.call('PUT', `${V1}/notification/status`, { token: owner.token, body: JSON.stringify(b) ?? 'null' }),
          await app.call('PUT', `${V1}/notification/read/state`, { token: owner.token, body: JSON.stringify(b) ?? 'null' }),
          await app.call('PUT', `${V1}/notification/read/state/all`, { token: owner.token, body: JSON.stringify(b) ?? 'null' }),
        ];
        for (const r of calls) {
          expect(r.status).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('skips damaged stored rows instead of failing the page', async () => {
    const owner = await makeUser(app, { rank: 100 });
    const qid = await askQuestion(app, owner.token, { title: 'How do notifications work here?', tags: ['notify'] });
    await postAnswer(app, (await makeUser(app, { rank: 100 })).token, qid);
    await settle();
    await db()
      .insertInto('notification')
      .values({ user_id: owner.id, object_id: qid, content: '{not json', type: 1, msg_type: 1, created_at: 1, updated_at: 1 })
      .execute();
    const r = await page(owner.token);
    expect(r.count).toBe(2);
    expect(actions(r.list)).toEqual(['answered question']);
  });
});
