import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { askQuestion } from '../../../tests/support/factories.js';

let app: TestApp;
let qid: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  qid = await askQuestion(app, await adminToken(app), { title: 'A question to answer', content: 'Please answer me.', tags: ['help'] });
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';

describe('POST /answer/api/v1/answer', () => {
  it('adds an answer and updates the question', async () => {
    const u = await makeUser(app);
    const r = await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'Here is **my** answer.' } });
    expect(r.status).toBe(200);
    expect(r.body.data.info).toMatchObject({ question_id: qid, accepted: 1, status: 1, vote_count: 0 });
    expect(r.body.data.info.html).toContain('<strong>my</strong>');
    expect(r.body.data.question).toMatchObject({ id: qid, answer_count: 1, last_answer_id: r.body.data.info.id });
    // as the reference: question/info tells the viewer they answered, and which answer is theirs
    const mine = (await app.call('GET', `${V1}/question/info?id=${qid}`, { token: u.token })).body.data;
    expect(mine).toMatchObject({ answered: true, first_answer_id: r.body.data.info.id });
    const other = (await app.call('GET', `${V1}/question/info?id=${qid}`, { token: (await makeUser(app)).token })).body.data;
    expect(other).toMatchObject({ answered: false, first_answer_id: '' });
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data).toMatchObject({ answered: false, first_answer_id: '' });
  });

  it.each([
    [{ content: 'Long enough' }, 'question_id', 'Question id cannot be empty.'],
    [{ question_id: 'x', content: 'short' }, 'content', 'Content must be at least 6 characters.'],
  ])('refuses %j on %s', async (body, field, message) => {
    const u = await makeUser(app);
    const r = await app.call('POST', `${V1}/answer`, { token: u.token, body });
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('refuses a second answer by the same user, answers to closed questions and unknown questions', async () => {
    const u = await makeUser(app);
    await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'First answer here.' } });
    const again = await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'Second answer here.' } });
    expect(again.status).toBe(403);
    expect(again.body.reason).toBe('error.answer.restrict_answer');
    await app.lantern.ctx.db.updateTable('question').set({ status: 2 }).where('id', '=', qid).execute();
    const closed = await app.call('POST', `${V1}/answer`, {
      token: (await makeUser(app)).token,
      body: { question_id: qid, content: 'Too late for this.' },
    });
    expect(closed.body).toMatchObject({ code: 400, reason: 'error.answer.question_closed_cannot_add' });
    const unknown = await app.call('POST', `${V1}/answer`, {
      token: u.token,
      body: { question_id: '10010000000099999', content: 'Nobody asked this.' },
    });
    expect(unknown.status).toBe(404);
    expect((await app.call('POST', `${V1}/answer`, { body: { question_id: qid, content: 'Anonymous answer' } })).status).toBe(401);
  });
});

describe('answer lists and acceptance', () => {
  it('lists by votes and hides deleted answers from others but not from their author', async () => {
    const a = await makeUser(app);
    const b = await makeUser(app);
    const first = (await app.call('POST', `${V1}/answer`, { token: a.token, body: { question_id: qid, content: 'Answer from A.' } })).body
      .data.info.id;
    const second = (await app.call('POST', `${V1}/answer`, { token: b.token, body: { question_id: qid, content: 'Answer from B.' } })).body
      .data.info.id;
    await app.lantern.ctx.db.updateTable('answer').set({ vote_count: 3 }).where('id', '=', second).execute();
    const byVote = await app.call('GET', `${V1}/answer/page?question_id=${qid}&order=vote`);
    expect(byVote.body.data.list.map((x: { id: string }) => x.id)).toEqual([second, first]);
    await app.lantern.ctx.db.updateTable('answer').set({ status: 10 }).where('id', '=', first).execute();
    expect((await app.call('GET', `${V1}/answer/page?question_id=${qid}`)).body.data.count).toBe(1);
    expect((await app.call('GET', `${V1}/answer/page?question_id=${qid}`, { token: a.token })).body.data.count).toBe(2);
  });

  it('shows a deleted answer on answer/info to its author and staff only (404 not_found to anonymous users and other members)', async () => {
    const author = await makeUser(app);
    const other = await makeUser(app);
    const mod = await makeUser(app, { roleId: 3 });
    const aid = (
      await app.call('POST', `${V1}/answer`, { token: author.token, body: { question_id: qid, content: 'An answer that gets deleted.' } })
    ).body.data.info.id;
    expect((await app.call('DELETE', `${V1}/answer`, { token: author.token, body: { id: aid } })).status).toBe(200);
    const info = (token?: string) => app.call('GET', `${V1}/answer/info?id=${aid}`, { token });
    for (const r of [await info(), await info(other.token)]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 404, reason: 'error.answer.not_found' });
    }
    for (const token of [author.token, mod.token, await adminToken(app)]) {
      const r = await info(token);
      expect(r.status).toBe(200);
      expect(r.body.data.info).toMatchObject({ id: aid, status: 10 });
    }
  });

  it('lets only the asker or staff accept, and only an answer of that question', async () => {
    const u = await makeUser(app);
    const aid = (await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'Accept me please.' } })).body
      .data.info.id;
    const stranger = await makeUser(app);
    expect(
      (await app.call('POST', `${V1}/answer/acceptance`, { token: stranger.token, body: { question_id: qid, answer_id: aid } })).status,
    ).toBe(403);
    const wrong = await app.call('POST', `${V1}/answer/acceptance`, {
      token: await adminToken(app),
      body: { question_id: qid, answer_id: '10020000000099999' },
    });
    expect(wrong.body.reason).toBe('error.answer.not_found');
    expect(
      (await app.call('POST', `${V1}/answer/acceptance`, { token: await adminToken(app), body: { question_id: qid, answer_id: aid } }))
        .status,
    ).toBe(200);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data.accepted_answer_id).toBe(aid);
  });
});
