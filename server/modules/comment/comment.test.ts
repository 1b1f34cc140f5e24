import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaFor, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { postComment, askQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { encodeShortId } from '../../infra/ids/object-id.js';
import { ACTIVITY_TYPE } from '../../contract/enums.js';
import { writeConfigValue } from '../config/config.repository.js';
import { addComment } from './comment.service.js';

const V1 = '/answer/api/v1';

let app: TestApp;
let admin: string;
let qid: string;
let aid: string;
let asker: { id: number; token: string };
let answerer: { id: number; token: string };

beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  asker = await makeUser(app);
  answerer = await makeUser(app);
  await writeConfigValue(app.lantern.ctx.db, 'rank.tag.add', '1');
  qid = await askQuestion(app, asker.token, {
    title: 'A question to comment on',
    content: 'Please comment on this question.',
    tags: ['help'],
  });
  aid = (await app.call('POST', `${V1}/answer`, { token: answerer.token, body: { question_id: qid, content: 'An answer to comment on.' } }))
    .body.data.info.id;
});
afterEach(async () => app.stop());

const db = () => app.lantern.ctx.db;
const post = (token: string | undefined, body: unknown) => app.call('POST', `${V1}/comment`, { token, body });
const usernameOf = async (id: number) =>
  (await db().selectFrom('user').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
const page = async (query: string, token?: string) => app.call('GET', `${V1}/comment/page?${query}`, { token });
const ids = (r: { body: { data: { list: { comment_id: string }[] } } }) => r.body.data.list.map((c) => c.comment_id);

describe('POST /answer/api/v1/comment', () => {
  it('adds a comment to a question: rendered markdown, author fields, timeline entry, no activity bump', async () => {
    const u = await makeUser(app, { name: 'Carol Commenter' });
    const before = await db()
      .selectFrom('question')
      .select(['post_update_time', 'updated_at'])
      .where('id', '=', qid)
      .executeTakeFirstOrThrow();
    const r = await post(u.token, { object_id: qid, original_text: 'This is **bold** and `code`.' });
    expect(r.status).toBe(200);
    const c = r.body.data;
    expect(c.comment_id).toMatch(/^1007\d{13}$/);
    expect(c).toMatchObject({
      object_id: qid,
      user_id: String(u.id),
      username: await usernameOf(u.id),
      user_display_name: 'Carol Commenter',
      user_status: 'normal',
      original_text: 'This is **bold** and `code`.',
      reply_user_id: '',
      reply_comment_id: '',
      reply_username: '',
      vote_count: 0,
      is_vote: false,
    });
    expect(c.parsed_text).toBe('<p>This is <strong>bold</strong> and <code>code</code>.</p>');
    expect(c.member_actions.map((a: { action: string }) => a.action)).toEqual(['report', 'edit', 'delete']);
    expect(typeof c.created_at).toBe('number');
    const row = await db().selectFrom('comment').selectAll().where('id', '=', c.comment_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ question_id: qid, object_id: qid, status: 1, user_id: u.id, reply_user_id: null, reply_comment_id: null });
    const timeline = await db().selectFrom('activity').selectAll().where('object_id', '=', c.comment_id).execute();
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ activity_type: ACTIVITY_TYPE['question.commented'], original_object_id: qid, user_id: u.id });
    // the reference's post_update_time moves on edits and answers only, not on comments
    const after = await db()
      .selectFrom('question')
      .select(['post_update_time', 'updated_at'])
      .where('id', '=', qid)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('comments on an answer by its short id, keeps the question id and counts the answer comments', async () => {
    const r = await post(asker.token, { object_id: encodeShortId(aid), original_text: 'Thanks for the answer!' });
    expect(r.status).toBe(200);
    expect(r.body.data.object_id).toBe(aid);
    const row = await db().selectFrom('comment').selectAll().where('id', '=', r.body.data.comment_id).executeTakeFirstOrThrow();
    expect(row.question_id).toBe(qid);
    await postComment(app, answerer.token, aid, 'You are welcome.');
    expect((await db().selectFrom('answer').select('comment_count').where('id', '=', aid).executeTakeFirstOrThrow()).comment_count).toBe(2);
    const act = await db()
      .selectFrom('activity')
      .select(['activity_type', 'original_object_id'])
      .where('object_id', '=', r.body.data.comment_id)
      .executeTakeFirstOrThrow();
    expect(act).toEqual({ activity_type: ACTIVITY_TYPE['answer.commented'], original_object_id: aid });
  });

  it('replies: sets reply_user_id/reply_comment_id from the replied comment, which must be a live comment of the same post', async () => {
    const first = await postComment(app, answerer.token, qid, 'What do you mean exactly?');
    const r = await post(asker.token, { object_id: qid, original_text: 'I mean the first thing.', reply_comment_id: first });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      reply_comment_id: first,
      reply_user_id: String(answerer.id),
      reply_username: await usernameOf(answerer.id),
      reply_user_status: 'normal',
    });
    const unknown = await post(asker.token, {
      object_id: qid,
      original_text: 'Replying to nothing.',
      reply_comment_id: '10070000000099999',
    });
    expect(unknown.body).toMatchObject({ code: 400, reason: 'error.comment.not_found' });
    const other = await post(asker.token, { object_id: aid, original_text: 'Replying across posts.', reply_comment_id: first });
    expect(other.body).toMatchObject({ code: 400, reason: 'error.comment.not_found' });
    await db().updateTable('comment').set({ status: 10 }).where('id', '=', first).execute();
    const gone = await post(asker.token, { object_id: qid, original_text: 'Replying to a deleted one.', reply_comment_id: first });
    expect(gone.body.reason).toBe('error.comment.not_found');
  });

  it('links @mentions of existing users, not of unknown users, deleted users, code or emails', async () => {
    const bob = await makeUser(app, { name: 'bob' });
    const gone = await makeUser(app, { name: 'ghost' });
    await db().updateTable('user').set({ status: 10 }).where('id', '=', gone.id).execute();
    expect(await usernameOf(bob.id)).toBe('bob');
    const text = 'Hi @bob, ask @nobody or @ghost. Also `@bob` and mail bob@example.com; thanks @BOB.';
    const r = await post(asker.token, { object_id: qid, original_text: text });
    expect(r.status).toBe(200);
    const html: string = r.body.data.parsed_text;
    expect(html).toContain('Hi <a href="/users/bob">@bob</a>, ask @nobody or @ghost.');
    expect(html).toContain('<code>@bob</code>');
    expect(html).toContain('thanks <a href="/users/bob">@bob</a>.');
    expect(html.match(/href="\/users\/bob"/g)).toHaveLength(2);
    expect(html).not.toContain('/users/ghost');
    expect(r.body.data.original_text).toBe(text);
    const stored = await db()
      .selectFrom('comment')
      .select(['original_text', 'parsed_text'])
      .where('id', '=', r.body.data.comment_id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ original_text: text, parsed_text: html });
  });

  it('keeps the mentioned users (text and mention_username_list) for a later notifier', async () => {
    const bob = await makeUser(app, { name: 'bob' });
    const amy = await makeUser(app, { name: 'amy' });
    const ctx = app.lantern.ctx;
    const session = (await ctx.sessions.resolve(asker.token))!;
    const { comment: resp, created } = await addComment(ctx, session, {
      object_id: aid,
      original_text: 'Pinging [@amy](/users/amy) and @bob here.',
      reply_comment_id: '',
      mention_username_list: ['bob', 'nobody-at-all'],
    });
    expect(resp.parsed_text).toContain('<a href="/users/amy">@amy</a>');
    expect(created).toMatchObject({
      commentId: resp.comment_id,
      objectId: aid,
      objectType: 'answer',
      questionId: qid,
      objectOwnerId: answerer.id,
      authorId: asker.id,
      replyUserId: null,
    });
    expect(created.mentionedUsers).toEqual([
      { id: amy.id, username: 'amy' },
      { id: bob.id, username: 'bob' },
    ]);
  });

  it.each([
    [{ original_text: 'Long enough' }, 'object_id', 'Object id cannot be empty.'],
    [{ object_id: 'x' }, 'original_text', 'Comment cannot be empty.'],
    [{ object_id: 'x', original_text: '   ' }, 'original_text', 'Comment cannot be empty.'],
    [{ object_id: 'x', original_text: 'a' }, 'original_text', 'Comment must be at 2-600 characters in length.'],
    [{ object_id: 'x', original_text: 'a'.repeat(601) }, 'original_text', 'Comment must be at 2-600 characters in length.'],
    [{ object_id: 'x', original_text: 42 }, 'original_text', 'Comment is not valid.'],
    [
      { object_id: 'x', original_text: 'Fine text', mention_username_list: 'bob' },
      'mention_username_list',
      'Mention username list is not valid.',
    ],
    [{ object_id: 'x', original_text: 'Fine text', reply_comment_id: 7 }, 'reply_comment_id', 'Reply comment id is not valid.'],
  ])('refuses %j on %s', async (body, field, message) => {
    const r = await post(asker.token, body);
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('base.request_format_error');
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('counts characters, not UTF-16 units: 600 emoji are allowed', async () => {
    const r = await post(asker.token, { object_id: qid, original_text: '😀'.repeat(600) });
    expect(r.status).toBe(200);
  });

  it('refuses text whose HTML is empty', async () => {
    const r = await post(asker.token, { object_id: qid, original_text: '<!-- just a comment -->' });
    expect(r.body).toMatchObject({
      code: 400,
      reason: 'error.comment.content_cannot_empty',
      data: [{ error_field: 'original_text', error_msg: 'Comment content cannot be empty.' }],
    });
  });

  it('needs an active account with the comment.add privilege', async () => {
    expect((await post(undefined, { object_id: qid, original_text: 'Anonymous comment' })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await post(inactive.token, { object_id: qid, original_text: 'Unverified comment' })).body).toMatchObject({
      code: 403,
      reason: 'error.email.need_to_be_verified',
      data: { type: 'inactive' },
    });
    const suspended = await makeUser(app, { status: 9 });
    expect((await post(suspended.token, { object_id: qid, original_text: 'Suspended comment' })).body.reason).toBe('error.user.suspended');
    await writeConfigValue(db(), 'rank.comment.add', '5');
    const low = await post(asker.token, { object_id: qid, original_text: 'Not enough reputation' });
    expect(low.body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 5 reputation to do this.',
    });
    expect((await post(admin, { object_id: qid, original_text: 'Staff may always comment' })).status).toBe(200);
  });

  it('refuses unknown, deleted and hidden posts but accepts closed questions', async () => {
    for (const id of ['10010000000099999', '10020000000099999', 'zz', '10030000000000001']) {
      const r = await post(asker.token, { object_id: id, original_text: 'Where does this go?' });
      expect(r.body).toMatchObject({ code: 404, reason: 'error.object.not_found' });
    }
    await db().updateTable('question').set({ status: 2 }).where('id', '=', qid).execute();
    expect((await post(answerer.token, { object_id: qid, original_text: 'Closed, but comments are fine.' })).status).toBe(200);
    await db().updateTable('question').set({ status: 11 }).where('id', '=', qid).execute();
    expect((await post(answerer.token, { object_id: qid, original_text: 'Pending question comment' })).body).toMatchObject({
      code: 404,
      reason: 'error.object.not_found',
    });
    expect((await post(asker.token, { object_id: qid, original_text: 'My own pending question' })).status).toBe(200);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await post(asker.token, { object_id: qid, original_text: 'On a deleted question' })).body).toMatchObject({
      code: 400,
      reason: 'error.object.already_deleted',
    });
    expect((await post(asker.token, { object_id: aid, original_text: 'On an answer of a deleted question' })).body.reason).toBe(
      'error.object.already_deleted',
    );
    await db().updateTable('question').set({ status: 1 }).where('id', '=', qid).execute();
    await db().updateTable('answer').set({ status: 10 }).where('id', '=', aid).execute();
    expect((await post(asker.token, { object_id: aid, original_text: 'On a deleted answer' })).body.reason).toBe(
      'error.object.already_deleted',
    );
  });

  it('refuses the same comment twice within 5 minutes', async () => {
    const body = { object_id: qid, original_text: 'Saying this only once.' };
    expect((await post(answerer.token, body)).status).toBe(200);
    expect((await post(answerer.token, body)).body).toMatchObject({ code: 400, reason: 'base.duplicate_request_error' });
  });

  it('asks for a captcha when comments come too fast (action comment)', async () => {
    await writeConfigValue(db(), 'plugin.status', JSON.stringify({ lantern_captcha: true }));
    expect((await post(answerer.token, { object_id: qid, original_text: 'First quick comment' })).status).toBe(200);
    const fast = await post(answerer.token, {
      object_id: qid,
      original_text: 'Second quick comment',
      captcha_id: 'nope',
      captcha_code: 'nope',
    });
    expect(fast.body).toMatchObject({
      code: 400,
      reason: 'error.object.captcha_verification_failed',
      data: [{ error_field: 'captcha_code', error_msg: 'Captcha wrong.' }],
    });
    const solved = await post(answerer.token, {
      object_id: qid,
      original_text: 'Second quick comment',
      ...(await captchaFor(app, 'comment', answerer.token)),
    });
    expect(solved.status).toBe(200);
    // staff are never asked
    await post(admin, { object_id: qid, original_text: 'Staff comment one' });
    expect((await post(admin, { object_id: qid, original_text: 'Staff comment two' })).status).toBe(200);
  });
});

describe('GET /answer/api/v1/comment/page', () => {
  async function three() {
    const a = await postComment(app, asker.token, qid, 'First comment here');
    const b = await postComment(app, answerer.token, qid, 'Second comment here');
    const c = await postComment(app, admin, qid, 'Third comment here');
    const now = app.lantern.ctx.clock.now();
    // distinct creation times so the orders are observable
    await db()
      .updateTable('comment')
      .set({ created_at: now - 30 })
      .where('id', '=', a)
      .execute();
    await db()
      .updateTable('comment')
      .set({ created_at: now - 20 })
      .where('id', '=', b)
      .execute();
    await db()
      .updateTable('comment')
      .set({ created_at: now - 10 })
      .where('id', '=', c)
      .execute();
    return [a, b, c];
  }

  it('lists oldest first by default, by votes, or newest first, with count and pages', async () => {
    const [a, b, c] = await three();
    await db().updateTable('comment').set({ vote_count: 5 }).where('id', '=', b).execute();
    const all = await page(`object_id=${qid}`);
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(3);
    expect(ids(all)).toEqual([a, b, c]);
    expect(ids(await page(`object_id=${qid}&query_cond=vote`))).toEqual([b, a, c]);
    expect(ids(await page(`object_id=${qid}&query_cond=created_at`))).toEqual([c, b, a]);
    const p2 = await page(`object_id=${encodeShortId(qid)}&page=2&page_size=2`);
    expect(p2.body.data).toMatchObject({ count: 3 });
    expect(ids(p2)).toEqual([c]);
    expect(ids(await page(`object_id=${qid}&page=3&page_size=2`))).toEqual([]);
    // comments of the answer are separate
    expect((await page(`object_id=${aid}`)).body.data).toEqual({ count: 0, list: [] });
  });

  it('puts the requested comment_id first, whether or not it is on the page', async () => {
    const [a, b, c] = await three();
    expect(ids(await page(`object_id=${qid}&page_size=2&comment_id=${c}`))).toEqual([c, a, b]);
    expect(ids(await page(`object_id=${qid}&comment_id=${b}`))).toEqual([b, a, c]);
    const onAnswer = await postComment(app, asker.token, aid, 'On the answer instead');
    expect(ids(await page(`object_id=${qid}&comment_id=${onAnswer}`))).toEqual([a, b, c]);
    expect(ids(await page(`object_id=${qid}&comment_id=garbage`))).toEqual([a, b, c]);
    await db().updateTable('comment').set({ status: 10 }).where('id', '=', c).execute();
    expect(ids(await page(`object_id=${qid}&page_size=1&comment_id=${c}`))).toEqual([a]);
  });

  it('hides deleted comments', async () => {
    const [a, b, c] = await three();
    expect((await app.call('DELETE', `${V1}/comment`, { token: answerer.token, body: { comment_id: b } })).status).toBe(200);
    const r = await page(`object_id=${qid}`);
    expect(r.body.data.count).toBe(2);
    expect(ids(r)).toEqual([a, c]);
  });

  it('shows the viewer state: is_vote and member_actions (edit for the author within 5 minutes, staff always)', async () => {
    const mine = await postComment(app, answerer.token, qid, 'My comment to check');
    const voter = await makeUser(app);
    expect((await app.call('POST', `${V1}/vote/up`, { token: voter.token, body: { object_id: mine } })).status).toBe(200);
    const actions = async (token?: string) => (await page(`object_id=${qid}`, token)).body.data.list[0];
    expect(await actions()).toMatchObject({ is_vote: false, member_actions: [], vote_count: 1 });
    expect((await actions(voter.token)).is_vote).toBe(true);
    expect((await actions(voter.token)).member_actions.map((x: { action: string }) => x.action)).toEqual(['report']);
    expect((await actions(answerer.token)).member_actions).toEqual([
      { action: 'report', name: 'Flag', type: 'reason' },
      { action: 'edit', name: 'Edit', type: 'edit' },
      { action: 'delete', name: 'Delete', type: 'reason' },
    ]);
    await db()
      .updateTable('comment')
      .set({ created_at: app.lantern.ctx.clock.now() - 301 })
      .where('id', '=', mine)
      .execute();
    expect((await actions(answerer.token)).member_actions.map((x: { action: string }) => x.action)).toEqual(['report', 'delete']);
    expect((await actions(admin)).member_actions.map((x: { action: string }) => x.action)).toEqual(['report', 'edit', 'delete']);
  });

  it('validates the query and refuses unknown or hidden posts', async () => {
    const missing = await page('');
    expect(missing.status).toBe(400);
    expect(missing.body.data).toContainEqual({ error_field: 'object_id', error_msg: 'Object id cannot be empty.' });
    const cond = await page(`object_id=${qid}&query_cond=best`);
    expect(cond.status).toBe(400);
    expect(cond.body.data[0].error_field).toBe('query_cond');
    expect((await page('object_id=10010000000099999')).body).toMatchObject({ code: 404, reason: 'error.object.not_found' });
    expect((await page('object_id=%00%01')).status).toBe(404);
    await postComment(app, asker.token, qid, 'Before deletion');
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await page(`object_id=${qid}`)).status).toBe(404);
    expect((await page(`object_id=${aid}`, answerer.token)).status).toBe(200);
    expect((await page(`object_id=${qid}`, admin)).body.data.count).toBe(1);
    expect((await page(`object_id=${qid}`, asker.token)).body.data.count).toBe(1);
  });

  it('answers 401 to anonymous viewers when the site requires login', async () => {
    await postComment(app, asker.token, qid, 'Private site comment');
    const login = await app.lantern.ctx.settings.get('login');
    await app.lantern.ctx.settings.put('login', { ...login, login_required: true });
    expect((await page(`object_id=${qid}`)).status).toBe(401);
    expect((await page(`object_id=${qid}`, answerer.token)).body.data.count).toBe(1);
  });
});

describe('GET /answer/api/v1/comment', () => {
  it('returns one comment by long or short id', async () => {
    const id = await postComment(app, answerer.token, aid, 'Look at **this** one');
    const r = await app.call('GET', `${V1}/comment?id=${id}`, { token: answerer.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      comment_id: id,
      object_id: aid,
      parsed_text: '<p>Look at <strong>this</strong> one</p>',
      username: await usernameOf(answerer.id),
    });
    expect(r.body.data.member_actions.map((x: { action: string }) => x.action)).toEqual(['report', 'edit', 'delete']);
    expect((await app.call('GET', `${V1}/comment?id=${encodeShortId(id)}`)).body.data.comment_id).toBe(id);
  });

  it('answers 404 for unknown and deleted comments and 400 without an id', async () => {
    expect((await app.call('GET', `${V1}/comment?id=10070000000099999`)).body).toMatchObject({
      code: 404,
      reason: 'error.comment.not_found',
    });
    const id = await postComment(app, answerer.token, qid, 'Soon deleted');
    await db().updateTable('comment').set({ status: 10 }).where('id', '=', id).execute();
    expect((await app.call('GET', `${V1}/comment?id=${id}`)).body.reason).toBe('error.comment.not_found');
    expect((await app.call('GET', `${V1}/comment`)).status).toBe(400);
  });

  it('hides comments of deleted questions from everyone but the author and staff', async () => {
    const id = await postComment(app, answerer.token, qid, 'On a soon deleted question');
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await app.call('GET', `${V1}/comment?id=${id}`, { token: answerer.token })).status).toBe(404);
    expect((await app.call('GET', `${V1}/comment?id=${id}`, { token: admin })).status).toBe(200);
  });
});

describe('PUT /answer/api/v1/comment', () => {
  const put = (token: string | undefined, body: unknown) => app.call('PUT', `${V1}/comment`, { token, body });

  it('lets the author edit within 5 minutes and re-renders with mentions', async () => {
    await makeUser(app, { name: 'bob' });
    const id = await postComment(app, answerer.token, qid, 'Original wording');
    const r = await put(answerer.token, { comment_id: id, original_text: 'New _wording_ for @bob' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      comment_id: id,
      original_text: 'New _wording_ for @bob',
      parsed_text: '<p>New <em>wording</em> for <a href="/users/bob">@bob</a></p>',
    });
    const got = await app.call('GET', `${V1}/comment?id=${id}`);
    expect(got.body.data).toMatchObject({ original_text: 'New _wording_ for @bob', parsed_text: r.body.data.parsed_text });
  });

  it('refuses the author after 5 minutes, other users always; staff may edit at any time', async () => {
    const id = await postComment(app, answerer.token, qid, 'Original wording');
    expect((await put(asker.token, { comment_id: id, original_text: 'Not my comment' })).body).toMatchObject({
      code: 403,
      reason: 'base.forbidden_error',
    });
    await db()
      .updateTable('comment')
      .set({ created_at: app.lantern.ctx.clock.now() - 300 })
      .where('id', '=', id)
      .execute();
    expect((await put(answerer.token, { comment_id: id, original_text: 'Too late now' })).body).toMatchObject({
      code: 400,
      reason: 'error.comment.cannot_edit_after_deadline',
      msg: 'The comment time has been too long to modify.',
    });
    expect((await put(admin, { comment_id: id, original_text: 'Admin fixes it' })).status).toBe(200);
    // the reference lets only admins past the owner check; moderators hold comment.edit too
    const mod = await makeUser(app, { roleId: 3 });
    const byMod = await put(mod.token, { comment_id: id, original_text: 'Moderator fixes it' });
    expect(byMod.status).toBe(200);
    const row = await db().selectFrom('comment').select('original_text').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.original_text).toBe('Moderator fixes it');
  });

  it('validates and refuses unknown, deleted and anonymous edits', async () => {
    const id = await postComment(app, answerer.token, qid, 'Original wording');
    expect((await put(undefined, { comment_id: id, original_text: 'Anonymous edit' })).status).toBe(401);
    const short = await put(answerer.token, { comment_id: id, original_text: 'x' });
    expect(short.body.data).toContainEqual({ error_field: 'original_text', error_msg: 'Comment must be at 2-600 characters in length.' });
    expect((await put(answerer.token, { original_text: 'No id given' })).body.data).toContainEqual({
      error_field: 'comment_id',
      error_msg: 'Comment id cannot be empty.',
    });
    expect((await put(answerer.token, { comment_id: id, original_text: '<!-- -->' })).body.reason).toBe(
      'error.comment.content_cannot_empty',
    );
    expect((await put(answerer.token, { comment_id: '10070000000099999', original_text: 'Unknown one' })).body).toMatchObject({
      code: 404,
      reason: 'error.comment.not_found',
    });
    await db().updateTable('comment').set({ status: 10 }).where('id', '=', id).execute();
    expect((await put(answerer.token, { comment_id: id, original_text: 'Deleted one' })).status).toBe(404);
  });
});

describe('DELETE /answer/api/v1/comment', () => {
  const del = (token: string | undefined, body: unknown) => app.call('DELETE', `${V1}/comment`, { token, body });

  it('lets the author delete (status 10) and recounts the answer comments', async () => {
    const id = await postComment(app, asker.token, aid, 'Comment on the answer');
    const r = await del(asker.token, { comment_id: id });
    expect(r.body).toMatchObject({ code: 200, data: null });
    expect((await db().selectFrom('comment').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(10);
    expect((await db().selectFrom('answer').select('comment_count').where('id', '=', aid).executeTakeFirstOrThrow()).comment_count).toBe(0);
    expect((await del(asker.token, { comment_id: id })).body).toMatchObject({ code: 404, reason: 'error.comment.not_found' });
  });

  it('refuses other users; staff may delete any comment', async () => {
    const id = await postComment(app, asker.token, qid, 'Comment to remove');
    expect((await del(answerer.token, { comment_id: id })).body).toMatchObject({ code: 403, reason: 'base.forbidden_error' });
    expect((await del(undefined, { comment_id: id })).status).toBe(401);
    const mod = await makeUser(app, { roleId: 3 });
    expect((await del(mod.token, { comment_id: id })).status).toBe(200);
    const other = await postComment(app, asker.token, qid, 'Another to remove');
    expect((await del(admin, { comment_id: other })).status).toBe(200);
  });

  it('validates and answers 404 for unknown comments', async () => {
    expect((await del(asker.token, {})).body.data).toContainEqual({ error_field: 'comment_id', error_msg: 'Comment id cannot be empty.' });
    expect((await del(asker.token, { comment_id: 'not-an-id' })).status).toBe(404);
    expect((await del(asker.token, { comment_id: '10070000000099999' })).status).toBe(404);
  });
});

describe('GET /answer/api/v1/personal/comment/page', () => {
  it("lists a user's comments newest first with their posts, hiding deleted ones", async () => {
    const onQuestion = await postComment(app, answerer.token, qid, 'On the question');
    const onAnswer = await postComment(app, answerer.token, aid, 'On my own answer');
    const removed = await postComment(app, answerer.token, qid, 'Soon removed');
    await db()
      .updateTable('comment')
      .set({ created_at: app.lantern.ctx.clock.now() - 60 })
      .where('id', '=', onQuestion)
      .execute();
    await app.call('DELETE', `${V1}/comment`, { token: answerer.token, body: { comment_id: removed } });
    const name = await usernameOf(answerer.id);
    const r = await app.call('GET', `${V1}/personal/comment/page?username=${name}`);
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(2);
    expect(r.body.data.list).toEqual([
      {
        comment_id: onAnswer,
        created_at: expect.any(Number),
        object_id: aid,
        question_id: qid,
        answer_id: aid,
        object_type: 'answer',
        title: 'A question to comment on',
        url_title: 'a-question-to-comment-on',
        content: '<p>On my own answer</p>',
      },
      {
        comment_id: onQuestion,
        created_at: expect.any(Number),
        object_id: qid,
        question_id: qid,
        answer_id: '',
        object_type: 'question',
        title: 'A question to comment on',
        url_title: 'a-question-to-comment-on',
        content: '<p>On the question</p>',
      },
    ]);
    const second = await app.call('GET', `${V1}/personal/comment/page?username=${name}&page=2&page_size=1`);
    expect(second.body.data.list.map((c: { comment_id: string }) => c.comment_id)).toEqual([onQuestion]);
    // without a username: the caller's own comments
    expect((await app.call('GET', `${V1}/personal/comment/page`, { token: answerer.token })).body.data.count).toBe(2);
  });

  it('titles comments of deleted questions "Deleted question"', async () => {
    await postComment(app, answerer.token, qid, 'On the question');
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    const r = await app.call('GET', `${V1}/personal/comment/page?username=${await usernameOf(answerer.id)}`);
    expect(r.body.data.list[0]).toMatchObject({ title: 'Deleted question', url_title: 'deleted-question' });
  });

  it('answers 404 for unknown users and for anonymous callers without a username', async () => {
    expect((await app.call('GET', `${V1}/personal/comment/page?username=nobody-here`)).body).toMatchObject({
      code: 404,
      reason: 'error.user.not_found',
    });
    expect((await app.call('GET', `${V1}/personal/comment/page`)).status).toBe(404);
    expect((await app.call('GET', `${V1}/personal/comment/page?username=${'x'.repeat(101)}`)).status).toBe(400);
  });
});
