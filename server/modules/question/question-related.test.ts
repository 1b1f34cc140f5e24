import type { Cancelled, QuestionLinkStatus } from '../../contract/enums.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { captchaFor, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import type { TestApp } from '../../../tests/support/test-app.js';
import { writeConfigValue } from '../config/config.repository.js';
import { ACTIVITY_TYPE } from '../../contract/enums.js';
import { parseInvitedIds, similarityScore, titleWords } from './question-related.service.js';

let app: TestApp;
let admin: string;
freshAppPerTest((a, token) => ([app, admin] = [a, token]));

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
const now = () => app.lantern.ctx.clock.now();

const setQuestion = (id: string, patch: Record<string, number | string>) =>
  db().updateTable('question').set(patch).where('id', '=', id).execute();
const titles = (list: { title: string }[]) => list.map((q) => q.title);

describe('GET and PUT /answer/api/v1/question/invite', () => {
  it('lets the owner invite people by username, lists them in order and replaces the list', async () => {
    await askQuestion(app, admin, { title: 'Seed question for the sqlite tag' });
    const owner = await makeUser(app, { name: 'owner' });
    const qid = await askQuestion(app, owner.token, { title: 'Which journal mode should I use?' });
    const bob = await makeUser(app, { name: 'bob' });
    const carol = await makeUser(app, { name: 'carol' });
    const put = await app.call('PUT', `${V1}/question/invite`, {
      token: owner.token,
      body: { id: qid, invite_user: ['carol', 'Bob', 'carol'] },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toBeNull();
    const row = await db().selectFrom('question').select('invite_user_id').where('id', '=', qid).executeTakeFirstOrThrow();
    expect(JSON.parse(row.invite_user_id)).toEqual([String(carol.id), String(bob.id)]);
    const get = await app.call('GET', `${V1}/question/invite?id=${qid}`);
    expect(get.status).toBe(200);
    expect(get.body.data).toHaveLength(2);
    expect(get.body.data[0]).toMatchObject({ id: String(carol.id), username: 'carol', display_name: 'carol', rank: 1, status: 'normal' });
    expect(Object.keys(get.body.data[0]).sort()).toEqual([
      'avatar',
      'display_name',
      'id',
      'language',
      'location',
      'rank',
      'status',
      'username',
      'website',
    ]);
    expect(get.body.data[1].username).toBe('bob');
    expect((await app.call('PUT', `${V1}/question/invite`, { token: owner.token, body: { id: qid, invite_user: [] } })).status).toBe(200);
    expect((await app.call('GET', `${V1}/question/invite?id=${qid}`)).body.data).toEqual([]);
  });

  it('answers an empty list for a question nobody was invited to and tolerates a damaged stored value', async () => {
    const qid = await askQuestion(app, admin, { title: 'Nobody invited here yet' });
    expect((await app.call('GET', `${V1}/question/invite?id=${qid}`)).body.data).toEqual([]);
    await setQuestion(qid, { invite_user_id: 'not json' });
    expect((await app.call('GET', `${V1}/question/invite?id=${qid}`)).body.data).toEqual([]);
    expect(parseInvitedIds('["3","x",4,-1]')).toEqual([3, 4]);
    expect(parseInvitedIds('{"a":1}')).toEqual([]);
  });

  it.each([
    [{ invite_user: ['bob'] }, 'id', 'Id cannot be empty.'],
    [{ id: 'ID', invite_user: 'bob' }, 'invite_user', 'Invited users is not valid.'],
    [{ id: 'ID', invite_user: [''] }, 'invite_user.0', 'Invite user.0 cannot be empty.'],
    [{ id: 'ID', invite_user: Array.from({ length: 21 }, (_, i) => `user${i}`) }, 'invite_user', 'You can invite at most 20 people.'],
  ])('refuses %j on %s', async (body, field, message) => {
    const qid = await askQuestion(app, admin, { title: 'A question to invite people to' });
    const r = await app.call('PUT', `${V1}/question/invite`, {
      token: admin,
      body: JSON.parse(JSON.stringify(body).replace('"ID"', `"${qid}"`)),
    });
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('base.request_format_error');
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('refuses unknown or deleted usernames and stores nothing', async () => {
    const qid = await askQuestion(app, admin, { title: 'Invite with a typo in a name' });
    const gone = await makeUser(app, { name: 'gone', status: 10 });
    await makeUser(app, { name: 'dave' });
    const r = await app.call('PUT', `${V1}/question/invite`, { token: admin, body: { id: qid, invite_user: ['dave', 'ghost', 'gone'] } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ reason: 'error.user.not_found', msg: 'These users were not found: ghost, gone.' });
    expect(r.body.data).toEqual([{ error_field: 'invite_user', error_msg: 'These users were not found: ghost, gone.' }]);
    expect(gone.id).toBeGreaterThan(0);
    expect((await app.call('GET', `${V1}/question/invite?id=${qid}`)).body.data).toEqual([]);
  });

  it('needs the owner, staff or the invite privilege (500 reputation), and an active account', async () => {
    await askQuestion(app, admin, { title: 'Seed question for the sqlite tag' });
    const owner = await makeUser(app, { name: 'asker' });
    const qid = await askQuestion(app, owner.token, { title: 'Who can invite to this question?' });
    await makeUser(app, { name: 'erin' });
    const body = { id: qid, invite_user: ['erin'] };
    expect((await app.call('PUT', `${V1}/question/invite`, { body })).status).toBe(401);
    const low = await makeUser(app, { rank: 499 });
    const refused = await app.call('PUT', `${V1}/question/invite`, { token: low.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('error.rank.fail_to_meet_the_condition');
    const inactive = await makeUser(app, { rank: 1000, mailStatus: 2 });
    expect((await app.call('PUT', `${V1}/question/invite`, { token: inactive.token, body })).body).toMatchObject({
      code: 403,
      data: { type: 'inactive' },
    });
    const high = await makeUser(app, { rank: 500 });
    expect((await app.call('PUT', `${V1}/question/invite`, { token: high.token, body })).status).toBe(200);
    const moderator = await makeUser(app, { roleId: 3 });
    expect((await app.call('PUT', `${V1}/question/invite`, { token: moderator.token, body })).status).toBe(200);
    expect((await app.call('PUT', `${V1}/question/invite`, { token: owner.token, body })).status).toBe(200);
  });

  it('404s unknown questions, and deleted or pending ones for anyone but the owner and staff', async () => {
    await askQuestion(app, admin, { title: 'Seed question for the sqlite tag' });
    const owner = await makeUser(app, { name: 'frank' });
    const qid = await askQuestion(app, owner.token, { title: 'This question will be deleted' });
    const other = await makeUser(app, { rank: 1000 });
    for (const id of ['10010000000099999', 'zz', '']) {
      const r = await app.call('GET', `${V1}/question/invite?id=${id}`);
      expect(r.status).toBe(id === '' ? 400 : 404);
    }
    expect(
      (await app.call('PUT', `${V1}/question/invite`, { token: admin, body: { id: '10010000000099999', invite_user: [] } })).body.reason,
    ).toBe('error.question.not_found');
    for (const status of [10, 11]) {
      await setQuestion(qid, { status });
      expect((await app.call('GET', `${V1}/question/invite?id=${qid}`)).status).toBe(404);
      expect((await app.call('GET', `${V1}/question/invite?id=${qid}`, { token: other.token })).status).toBe(404);
      expect((await app.call('PUT', `${V1}/question/invite`, { token: other.token, body: { id: qid, invite_user: [] } })).status).toBe(404);
      expect((await app.call('GET', `${V1}/question/invite?id=${qid}`, { token: owner.token })).status).toBe(200);
      expect((await app.call('GET', `${V1}/question/invite?id=${qid}`, { token: admin })).status).toBe(200);
    }
  });

  it('accepts short ids when the permalink setting uses them', async () => {
    const qid = await askQuestion(app, admin, { title: 'Short ids for invitations' });
    await app.lantern.ctx.settings.put('seo', { permalink: 4, robots: '' });
    const shortId = (await app.call('GET', `${V1}/question/page`)).body.data.list[0].id as string;
    expect(shortId).not.toBe(qid);
    await makeUser(app, { name: 'gina' });
    expect((await app.call('PUT', `${V1}/question/invite`, { token: admin, body: { id: shortId, invite_user: ['gina'] } })).status).toBe(
      200,
    );
    expect((await app.call('GET', `${V1}/question/invite?id=${shortId}`)).body.data.map((u: { username: string }) => u.username)).toEqual([
      'gina',
    ]);
  });

  it('asks non-staff for a captcha after 30 invitations in a day', async () => {
    await askQuestion(app, admin, { title: 'Seed question for the sqlite tag' });
    const owner = await makeUser(app, { name: 'harry' });
    const qid = await askQuestion(app, owner.token, { title: 'Captcha for invitations' });
    await writeConfigValue(db(), 'plugin.status', JSON.stringify({ lantern_captcha: true }));
    for (let i = 0; i < 30; i++) await app.lantern.ctx.captcha.count('invitation_answer', String(owner.id));
    const r = await app.call('PUT', `${V1}/question/invite`, { token: owner.token, body: { id: qid, invite_user: [] } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      reason: 'error.object.captcha_verification_failed',
      data: [{ error_field: 'captcha_code', error_msg: 'Captcha wrong.' }],
    });
    const captcha = await captchaFor(app, 'invitation_answer', owner.token);
    expect(captcha.captcha_id).toBeTruthy();
    expect(
      (await app.call('PUT', `${V1}/question/invite`, { token: owner.token, body: { id: qid, invite_user: [], ...captcha } })).status,
    ).toBe(200);
    expect((await app.call('PUT', `${V1}/question/invite`, { token: admin, body: { id: qid, invite_user: [] } })).status).toBe(200);
  });
});

describe('GET /answer/api/v1/question/similar', () => {
  it('ranks public questions by shared title words and sends QuestionBaseInfo items', async () => {
    const both = await askQuestion(app, admin, { title: 'How do I back up SQLite while it is in use?' });
    const one = await askQuestion(app, admin, { title: 'SQLite journal modes explained' });
    const phrase = await askQuestion(app, admin, { title: 'Online backup of a sqlite database' });
    await askQuestion(app, admin, { title: 'Python list comprehension syntax', tags: ['python'] });
    await setQuestion(one, { accepted_answer_id: '10020000000000001', vote_count: 3 });
    const r = await app.call('GET', `${V1}/question/similar?title=${encodeURIComponent('sqlite backup')}`, { token: admin });
    expect(r.status).toBe(200);
    // both words first; then one word each, the better-voted one first
    expect(r.body.data.map((q: { id: string }) => q.id)).toEqual([phrase, one, both]);
    const first = r.body.data[0];
    expect(first).toEqual({
      id: phrase,
      title: 'Online backup of a sqlite database',
      url_title: 'online-backup-of-a-sqlite-database',
      view_count: 0,
      answer_count: 0,
      collection_count: 0,
      follow_count: 0,
      status: 'available',
      accepted_answer: false,
    });
    expect(r.body.data[1]).toMatchObject({ accepted_answer: true });
  });

  it('hides deleted, pending and unlisted questions and shows closed ones as closed', async () => {
    const ids = [];
    for (const t of ['Deleted sqlite question', 'Pending sqlite question', 'Unlisted sqlite question', 'Closed sqlite question'])
      ids.push(await askQuestion(app, admin, { title: t }));
    await setQuestion(ids[0], { status: 10 });
    await setQuestion(ids[1], { status: 11 });
    await setQuestion(ids[2], { show: 2 });
    await setQuestion(ids[3], { status: 2 });
    const r = await app.call('GET', `${V1}/question/similar?title=sqlite%20question`, { token: admin });
    expect(r.body.data.map((q: { title: string; status: string }) => [q.title, q.status])).toEqual([['Closed sqlite question', 'closed']]);
  });

  it('answers [] for an empty title, matches the whole phrase when only common words were typed, and caps at 10', async () => {
    for (let i = 0; i < 12; i++) await askQuestion(app, admin, { title: `Vacuum question number ${i}` });
    await askQuestion(app, admin, { title: 'How do I get started' });
    expect((await app.call('GET', `${V1}/question/similar`, { token: admin })).body.data).toEqual([]);
    expect((await app.call('GET', `${V1}/question/similar?title=%20%20`, { token: admin })).body.data).toEqual([]);
    expect(titles((await app.call('GET', `${V1}/question/similar?title=how%20do%20i`, { token: admin })).body.data)).toEqual([
      'How do I get started',
    ]);
    expect((await app.call('GET', `${V1}/question/similar?title=vacuum`, { token: admin })).body.data).toHaveLength(10);
    expect((await app.call('GET', `${V1}/question/similar?title=nothing%20matches%20zebra`, { token: admin })).body.data).toEqual([]);
  });

  it('needs an active login and refuses titles over 150 characters', async () => {
    expect((await app.call('GET', `${V1}/question/similar?title=sqlite`)).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('GET', `${V1}/question/similar?title=sqlite`, { token: inactive.token })).status).toBe(403);
    const long = await app.call('GET', `${V1}/question/similar?title=${'x'.repeat(151)}`, { token: admin });
    expect(long.status).toBe(400);
    expect(long.body.data).toEqual([{ error_field: 'title', error_msg: 'Title up to 150 characters.' }]);
    expect((await app.call('GET', `${V1}/question/similar?title=a&title=b`, { token: admin })).status).toBe(400);
  });

  it('splits titles into meaningful words and scores overlap', () => {
    expect(titleWords('How do I use C++ with Node.js?')).toEqual(['c++', 'node.js']);
    expect(titleWords('SQLite 备份 问题')).toEqual(['sqlite', '备份', '问题']);
    expect(similarityScore(['sqlite', 'backup'], 'sqlite backup', 'Backups of SQLite')).toBe(1);
    expect(similarityScore(['sqlite', 'backup'], 'sqlite backup', 'Making a sqlite backup now')).toBe(2);
    expect(similarityScore(['sqlite', 'backup'], 'sqlite backup', 'Python lists')).toBe(0);
    expect(similarityScore([], 'how do i', 'How do I start')).toBe(1);
  });
});

describe('GET /answer/api/v1/question/similar/tag', () => {
  it('lists up to 6 hot public questions of the first tag (synonyms included), without the question itself', async () => {
    const main = await askQuestion(app, admin, { title: 'The question in focus', tags: ['sqlite', 'backup'] });
    const a = await askQuestion(app, admin, { title: 'Hot sqlite question' });
    const b = await askQuestion(app, admin, { title: 'Lukewarm sqlite question' });
    await askQuestion(app, admin, { title: 'Only about backups', tags: ['backup'] });
    const synonym = await askQuestion(app, admin, { title: 'Tagged with a synonym', tags: ['sqlite3'] });
    const old = await askQuestion(app, admin, { title: 'Old sqlite question' });
    const deleted = await askQuestion(app, admin, { title: 'Deleted sqlite question' });
    const hidden = await askQuestion(app, admin, { title: 'Unlisted sqlite question' });
    const sqlite = await db().selectFrom('tag').select('id').where('slug_name', '=', 'sqlite').executeTakeFirstOrThrow();
    await db()
      .updateTable('tag')
      .set({ main_tag_id: sqlite.id, main_tag_slug_name: 'sqlite' })
      .where('slug_name', '=', 'sqlite3')
      .execute();
    await setQuestion(a, { hot_score: 50 });
    await setQuestion(b, { hot_score: 10 });
    await setQuestion(synonym, { hot_score: 20 });
    await setQuestion(old, { hot_score: 99, created_at: now() - 91 * 86400 });
    await setQuestion(deleted, { status: 10, hot_score: 99 });
    await setQuestion(hidden, { show: 2, hot_score: 99 });
    const r = await app.call('GET', `${V1}/question/similar/tag?question_id=${main}`);
    expect(r.status).toBe(200);
    // questions of any age take part, by their hot score (an imported or older site's panel is not empty)
    expect(r.body.data.count).toBe(4);
    expect(titles(r.body.data.list)).toEqual([
      'Old sqlite question',
      'Hot sqlite question',
      'Tagged with a synonym',
      'Lukewarm sqlite question',
    ]);
    expect(r.body.data.list[1]).toMatchObject({
      id: a,
      url_title: 'hot-sqlite-question',
      operation_type: 'asked',
      operator: { username: 'admin' },
    });
    expect(r.body.data.list[1].tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['sqlite']);
    for (let i = 0; i < 6; i++) await askQuestion(app, admin, { title: `More sqlite question ${i}` });
    expect((await app.call('GET', `${V1}/question/similar/tag?question_id=${main}`)).body.data.list).toHaveLength(6);
  });

  it('answers an empty list for unknown, untagged-looking or invisible questions and 400 without an id', async () => {
    const owner = await makeUser(app, { rank: 1000 });
    const qid = await askQuestion(app, owner.token, { title: 'Soon to be deleted' });
    await askQuestion(app, admin, { title: 'Another sqlite question' });
    expect((await app.call('GET', `${V1}/question/similar/tag?question_id=10010000000099999`)).body.data).toEqual({ count: 0, list: [] });
    expect((await app.call('GET', `${V1}/question/similar/tag?question_id=nonsense!`)).body.data).toEqual({ count: 0, list: [] });
    const missing = await app.call('GET', `${V1}/question/similar/tag`);
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ error_field: 'question_id', error_msg: 'Question id cannot be empty.' }]);
    await setQuestion(qid, { status: 11 });
    expect((await app.call('GET', `${V1}/question/similar/tag?question_id=${qid}`)).body.data.count).toBe(0);
    expect((await app.call('GET', `${V1}/question/similar/tag?question_id=${qid}`, { token: owner.token })).body.data.count).toBe(1);
  });
});

describe('GET /answer/api/v1/question/link', () => {
  async function link(from: string, to: string, status: QuestionLinkStatus = 1) {
    const t = now();
    await db()
      .insertInto('question_link')
      .values({ from_question_id: from, to_question_id: to, status, created_at: t, updated_at: t })
      .execute();
  }

  it('lists the questions linking to a question with the list orders, paging and in_days', async () => {
    const target = await askQuestion(app, admin, { title: 'The linked-to question' });
    const first = await askQuestion(app, admin, { title: 'First linking question' });
    const second = await askQuestion(app, admin, { title: 'Second linking question' });
    const unrelated = await askQuestion(app, admin, { title: 'Links elsewhere' });
    const removed = await askQuestion(app, admin, { title: 'Link was removed' });
    await link(first, target);
    await link(second, target);
    await link(second, target); // a second link from another post of the same question
    await link(unrelated, first);
    await link(removed, target, 2);
    await link(target, target);
    await setQuestion(first, { created_at: now() - 10 * 86400, vote_count: 5 });
    const newest = await app.call('GET', `${V1}/question/link?question_id=${target}`);
    expect(newest.status).toBe(200);
    expect(newest.body.data.count).toBe(2);
    expect(titles(newest.body.data.list)).toEqual(['Second linking question', 'First linking question']);
    expect(newest.body.data.list[0]).toMatchObject({ id: second, status: 1, operator: { username: 'admin' } });
    expect(titles((await app.call('GET', `${V1}/question/link?question_id=${target}&order=score`)).body.data.list)).toEqual([
      'First linking question',
      'Second linking question',
    ]);
    const page2 = await app.call('GET', `${V1}/question/link?question_id=${target}&page=2&page_size=1`);
    expect(page2.body.data).toMatchObject({ count: 2 });
    expect(titles(page2.body.data.list)).toEqual(['First linking question']);
    expect((await app.call('GET', `${V1}/question/link?question_id=${target}&page=3&page_size=1`)).body.data).toEqual({
      count: 2,
      list: [],
    });
    expect(titles((await app.call('GET', `${V1}/question/link?question_id=${target}&in_days=7`)).body.data.list)).toEqual([
      'Second linking question',
    ]);
    expect(
      (await app.call('GET', `${V1}/question/link?question_id=${target}&order=recommend&in_days=junk&page_size=abc`)).body.data.count,
    ).toBe(2);
    expect((await app.call('GET', `${V1}/question/link?question_id=${unrelated}`)).body.data).toEqual({ count: 0, list: [] });
  });

  it('shows a pending linking question only to its author and staff, never deleted or unlisted ones', async () => {
    await askQuestion(app, admin, { title: 'Seed question for the sqlite tag' });
    const author = await makeUser(app, { name: 'ivy' });
    const target = await askQuestion(app, admin, { title: 'Target of links' });
    const pending = await askQuestion(app, author.token, { title: 'Pending linking question' });
    const deleted = await askQuestion(app, admin, { title: 'Deleted linking question' });
    const hidden = await askQuestion(app, admin, { title: 'Unlisted linking question' });
    for (const id of [pending, deleted, hidden]) await link(id, target);
    await setQuestion(pending, { status: 11 });
    await setQuestion(deleted, { status: 10 });
    await setQuestion(hidden, { show: 2 });
    const stranger = await makeUser(app);
    expect((await app.call('GET', `${V1}/question/link?question_id=${target}`)).body.data).toEqual({ count: 0, list: [] });
    expect((await app.call('GET', `${V1}/question/link?question_id=${target}`, { token: stranger.token })).body.data.count).toBe(0);
    expect(titles((await app.call('GET', `${V1}/question/link?question_id=${target}`, { token: author.token })).body.data.list)).toEqual([
      'Pending linking question',
    ]);
    expect(titles((await app.call('GET', `${V1}/question/link?question_id=${target}`, { token: admin })).body.data.list)).toEqual([
      'Pending linking question',
    ]);
  });

  it('404s unknown and invisible target questions and 400s without question_id', async () => {
    const target = await askQuestion(app, admin, { title: 'Deleted target' });
    expect((await app.call('GET', `${V1}/question/link?question_id=10010000000099999`)).body).toMatchObject({
      code: 404,
      reason: 'error.question.not_found',
    });
    expect((await app.call('GET', `${V1}/question/link?question_id=%25%25`)).status).toBe(404);
    const missing = await app.call('GET', `${V1}/question/link`);
    expect(missing.body.data).toEqual([{ error_field: 'question_id', error_msg: 'Question id cannot be empty.' }]);
    await setQuestion(target, { status: 10 });
    expect((await app.call('GET', `${V1}/question/link?question_id=${target}`)).status).toBe(404);
    expect((await app.call('GET', `${V1}/question/link?question_id=${target}`, { token: admin })).status).toBe(200);
  });
});

describe('GET /answer/api/v1/question/recommend/page', () => {
  async function follow(userId: number, objectId: string, key: 'tag.follow' | 'question.follow', cancelled: Cancelled = 0) {
    const t = now();
    await db()
      .insertInto('activity')
      .values({
        user_id: userId,
        object_id: objectId,
        original_object_id: objectId,
        activity_type: ACTIVITY_TYPE[key],
        cancelled,
        cancelled_at: null,
        created_at: t,
        updated_at: t,
      })
      .execute();
  }
  const tagId = async (slug: string) =>
    (await db().selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow()).id;

  it('lists followed questions first, then questions in followed tags the viewer neither asked nor answered', async () => {
    const me = await makeUser(app, { name: 'reader', rank: 1000 });
    const inTag = await askQuestion(app, admin, { title: 'Sqlite question from someone else' });
    const newerInTag = await askQuestion(app, admin, { title: 'Newer sqlite question from someone else' });
    await askQuestion(app, me.token, { title: 'My own sqlite question' });
    const answered = await askQuestion(app, admin, { title: 'Sqlite question I answered' });
    const followed = await askQuestion(app, admin, { title: 'A followed python question', tags: ['python'] });
    await askQuestion(app, admin, { title: 'An unrelated python question', tags: ['python'] });
    const closed = await askQuestion(app, admin, { title: 'Closed sqlite question' });
    const unfollowed = await askQuestion(app, admin, { title: 'Unfollowed rust question', tags: ['rust'] });
    await setQuestion(closed, { status: 2 });
    await setQuestion(inTag, { created_at: now() - 60 });
    const a = await app.call('POST', `${V1}/answer`, {
      token: me.token,
      body: { question_id: answered, content: 'My answer to this one.' },
    });
    expect(a.status).toBe(200);
    await follow(me.id, await tagId('sqlite'), 'tag.follow');
    await follow(me.id, followed, 'question.follow');
    await follow(me.id, unfollowed, 'question.follow', 1);
    await follow(me.id, await tagId('rust'), 'tag.follow', 1);
    const r = await app.call('GET', `${V1}/question/recommend/page`, { token: me.token });
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(3);
    expect(titles(r.body.data.list)).toEqual([
      'A followed python question',
      'Newer sqlite question from someone else',
      'Sqlite question from someone else',
    ]);
    expect(r.body.data.list[1]).toMatchObject({ id: newerInTag, operation_type: 'asked' });
    const page2 = await app.call('GET', `${V1}/question/recommend/page?page=2&page_size=2`, { token: me.token });
    expect(page2.body.data.count).toBe(3);
    expect(titles(page2.body.data.list)).toEqual(['Sqlite question from someone else']);
  });

  it('answers an empty page without follows, only followed questions without followed tags, and 401 anonymously', async () => {
    const me = await makeUser(app);
    const q = await askQuestion(app, admin, { title: 'Followed without tags' });
    await askQuestion(app, admin, { title: 'Not followed at all' });
    expect((await app.call('GET', `${V1}/question/recommend/page`, { token: me.token })).body.data).toEqual({ count: 0, list: [] });
    await follow(me.id, q, 'question.follow');
    expect(titles((await app.call('GET', `${V1}/question/recommend/page`, { token: me.token })).body.data.list)).toEqual([
      'Followed without tags',
    ]);
    await setQuestion(q, { show: 2 });
    expect((await app.call('GET', `${V1}/question/recommend/page`, { token: me.token })).body.data.count).toBe(0);
    const anon = await app.call('GET', `${V1}/question/recommend/page`);
    expect(anon.status).toBe(401);
    expect(anon.body.reason).toBe('base.unauthorized_error');
  });
});

describe('malformed input to the related-question endpoints', () => {
  it('never answers 500', async () => {
    const qid = await askQuestion(app, admin, { title: 'Fuzzing target question' });
    const paths = (a: string, b: string) => [
      `/question/invite?id=${a}`,
      `/question/similar?title=${a}`,
      `/question/similar/tag?question_id=${a}`,
      `/question/link?question_id=${a}&order=${b}&page=${b}&page_size=${a}&in_days=${b}`,
      `/question/link?question_id=${qid}&order=${b}&page=${a}&in_days=${a}`,
      `/question/recommend/page?page=${a}&page_size=${b}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.string({ maxLength: 20 }), async (x, y) => {
        for (const path of paths(encodeURIComponent(x), encodeURIComponent(y))) {
          const r = await app.call('GET', V1 + path, { token: admin });
          expect(r.status).toBeLessThan(500);
        }
      }),
      { numRuns: 25 },
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          id: fc.oneof(fc.string({ maxLength: 40 }), fc.constant(qid), fc.anything()),
          invite_user: fc.oneof(fc.array(fc.string({ maxLength: 120 }), { maxLength: 25 }), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await app.call('PUT', `${V1}/question/invite`, { token: admin, body: JSON.stringify(b) ?? 'null' });
        expect(r.status).toBeLessThan(500);
        expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
      }),
      { numRuns: 40 },
    );
  });
});
