import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { makeUser } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer, vote } from '../../../tests/support/factories.js';
import type { TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let admin: string;
freshAppPerTest((a, token) => ([app, admin] = [a, token]));

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;

const set = (table: 'question' | 'answer', id: string, patch: Record<string, number | string>) =>
  db().updateTable(table).set(patch).where('id', '=', id).execute();
const get = (path: string, token?: string, lang?: string) => app.call('GET', V1 + path, { token, lang });

describe('GET /answer/api/v1/personal/question/page', () => {
  it('shows others only available and closed listed questions, and the user and staff everything, with statuses as names', async () => {
    const writer = await makeUser(app, { name: 'writer', rank: 1000 });
    const ids: string[] = [];
    for (const t of ['Available question', 'Closed question', 'Deleted question here', 'Pending question', 'Unlisted question'])
      ids.push(await askQuestion(app, writer.token, { title: t }));
    for (let i = 0; i < ids.length; i++) await set('question', ids[i], { created_at: 1000 + i });
    await set('question', ids[1], { status: 2 });
    await set('question', ids[2], { status: 10 });
    await set('question', ids[3], { status: 11 });
    await set('question', ids[4], { show: 2 });
    await askQuestion(app, admin, { title: 'Somebody else asked this' });
    const anon = await get('/personal/question/page?username=writer');
    expect(anon.status).toBe(200);
    expect(anon.body.data.count).toBe(2);
    expect(anon.body.data.list.map((q: { title: string; status: string }) => [q.title, q.status])).toEqual([
      ['Closed question', 'closed'],
      ['Available question', 'available'],
    ]);
    expect(anon.body.data.list[1]).toEqual({
      question_id: ids[0],
      title: 'Available question',
      url_title: 'available-question',
      vote_count: 0,
      tags: [{ slug_name: 'sqlite', display_name: 'sqlite', main_tag_slug_name: '', recommend: false, reserved: false }],
      view_count: 0,
      answer_count: 0,
      collection_count: 0,
      created_at: 1000,
      accepted_answer_id: '0',
      status: 'available',
    });
    const stranger = await makeUser(app);
    expect((await get('/personal/question/page?username=writer', stranger.token)).body.data.count).toBe(2);
    for (const token of [writer.token, admin]) {
      const all = await get('/personal/question/page?username=writer', token);
      expect(all.body.data.count).toBe(5);
      expect(all.body.data.list.map((q: { status: string }) => q.status)).toEqual([
        'available',
        'pending',
        'deleted',
        'closed',
        'available',
      ]);
    }
  });

  it('orders by newest or score and pages', async () => {
    const writer = await makeUser(app, { name: 'scorer', rank: 1000 });
    const a = await askQuestion(app, writer.token, { title: 'Old but popular' });
    const b = await askQuestion(app, writer.token, { title: 'New and ignored' });
    const c = await askQuestion(app, writer.token, { title: 'Middle one' });
    await set('question', a, { created_at: 100, vote_count: 7 });
    await set('question', b, { created_at: 300, vote_count: 0 });
    await set('question', c, { created_at: 200, vote_count: 2 });
    const titles = (r: { body: { data: { list: { title: string }[] } } }) => r.body.data.list.map((q) => q.title);
    expect(titles(await get('/personal/question/page?username=scorer&order=newest'))).toEqual([
      'New and ignored',
      'Middle one',
      'Old but popular',
    ]);
    expect(titles(await get('/personal/question/page?username=scorer&order=score'))).toEqual([
      'Old but popular',
      'Middle one',
      'New and ignored',
    ]);
    expect(titles(await get('/personal/question/page?username=scorer&order=junk'))).toEqual([
      'New and ignored',
      'Middle one',
      'Old but popular',
    ]);
    const page2 = await get('/personal/question/page?username=scorer&order=score&page=2&page_size=2');
    expect(page2.body.data.count).toBe(3);
    expect(titles(page2)).toEqual(['New and ignored']);
    expect((await get('/personal/question/page?username=scorer&page=5&page_size=2')).body.data).toEqual({ count: 3, list: [] });
  });

  it('refuses an unknown or missing username and follows private mode', async () => {
    const unknown = await get('/personal/question/page?username=nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ reason: 'error.user.not_found', msg: 'User not found.' });
    const missing = await get('/personal/question/page');
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ error_field: 'username', error_msg: 'Username cannot be empty.' }]);
    const tooLong = await get(`/personal/question/page?username=${'u'.repeat(101)}`);
    expect(tooLong.body.data).toEqual([{ error_field: 'username', error_msg: 'Username up to 100 characters.' }]);
    const login = await app.lantern.ctx.settings.get('login');
    await app.lantern.ctx.settings.put('login', { ...login, login_required: true });
    expect((await get('/personal/question/page?username=admin')).status).toBe(401);
    expect((await get('/personal/question/page?username=admin', admin)).status).toBe(200);
  });
});

describe('GET /answer/api/v1/personal/answer/page', () => {
  it('lists answers with their question, hiding deleted and pending ones (and deleted questions) from others', async () => {
    const writer = await makeUser(app, { name: 'answerer' });
    const qs: string[] = [];
    for (const t of [
      'First asked question',
      'Second asked question',
      'Third asked question',
      'Fourth asked question',
      'Fifth asked question',
    ])
      qs.push(await askQuestion(app, admin, { title: t }));
    const as: string[] = [];
    for (let i = 0; i < qs.length; i++)
      as.push(await postAnswer(app, writer.token, qs[i], { content: `Answer number ${i} to the question.` }));
    for (let i = 0; i < as.length; i++) await set('answer', as[i], { created_at: 1000 + i });
    await set('answer', as[1], { vote_count: 5 });
    await set('answer', as[2], { status: 10 });
    await set('question', qs[3], { status: 10 });
    await set('answer', as[4], { status: 11 });
    const accepted = await app.call('POST', `${V1}/answer/acceptance`, { token: admin, body: { question_id: qs[0], answer_id: as[0] } });
    expect(accepted.status).toBe(200);
    const anon = await get('/personal/answer/page?username=answerer&order=score');
    expect(anon.body.data.count).toBe(2);
    expect(anon.body.data.list.map((a: { answer_id: string }) => a.answer_id)).toEqual([as[0], as[1]]);
    expect(anon.body.data.list[0]).toEqual({
      answer_id: as[0],
      question_id: qs[0],
      accepted: 2,
      vote_count: 0,
      create_time: 1000,
      update_time: expect.any(Number),
      question_info: {
        title: 'First asked question',
        url_title: 'first-asked-question',
        tags: [{ slug_name: 'sqlite', display_name: 'sqlite', main_tag_slug_name: '', recommend: false, reserved: false }],
      },
    });
    expect(
      (await get('/personal/answer/page?username=answerer&order=newest')).body.data.list.map((a: { answer_id: string }) => a.answer_id),
    ).toEqual([as[1], as[0]]);
    for (const token of [writer.token, admin]) {
      const all = await get('/personal/answer/page?username=answerer&order=newest', token);
      expect(all.body.data.count).toBe(5);
      expect(all.body.data.list.map((a: { question_info: { title: string } }) => a.question_info.title)).toEqual([
        'Fifth asked question',
        'Deleted question',
        'Third asked question',
        'Second asked question',
        'First asked question',
      ]);
    }
    expect(
      (await get('/personal/answer/page?username=answerer&order=newest', writer.token, 'zh_CN')).body.data.list[1].question_info.title,
    ).toBe('已删除的问题');
    const page = await get('/personal/answer/page?username=answerer&order=newest&page=2&page_size=1');
    expect(page.body.data.list.map((a: { answer_id: string }) => a.answer_id)).toEqual([as[0]]);
    expect((await get('/personal/answer/page?username=ghost')).body.reason).toBe('error.user.not_found');
    expect((await get('/personal/answer/page')).body.data).toEqual([{ error_field: 'username', error_msg: 'Username cannot be empty.' }]);
  });
});

describe('GET /answer/api/v1/personal/qa/top', () => {
  it('lists the 5 best public questions and answers; empty lists for an unknown user', async () => {
    const writer = await makeUser(app, { name: 'topper', rank: 1000 });
    const qs: string[] = [];
    for (let i = 0; i < 7; i++) qs.push(await askQuestion(app, writer.token, { title: `Top question number ${i}` }));
    for (let i = 0; i < qs.length; i++) await set('question', qs[i], { vote_count: i });
    await set('question', qs[6], { status: 10 });
    await set('question', qs[5], { show: 2 });
    const others: string[] = [];
    for (let i = 0; i < 6; i++) others.push(await askQuestion(app, admin, { title: `Question to answer ${i}` }));
    const as: string[] = [];
    for (let i = 0; i < others.length; i++)
      as.push(await postAnswer(app, writer.token, others[i], { content: `Top answer number ${i} here.` }));
    for (let i = 0; i < as.length; i++) await set('answer', as[i], { vote_count: 10 - i });
    await set('answer', as[0], { status: 10 });
    await set('question', others[1], { status: 10 });
    const anon = await get('/personal/qa/top?username=topper');
    expect(anon.status).toBe(200);
    expect(anon.body.data.question.map((q: { title: string }) => q.title)).toEqual([
      'Top question number 4',
      'Top question number 3',
      'Top question number 2',
      'Top question number 1',
      'Top question number 0',
    ]);
    expect(anon.body.data.question[0]).toMatchObject({
      question_id: qs[4],
      vote_count: 4,
      status: 'available',
      url_title: 'top-question-number-4',
    });
    expect(anon.body.data.answer.map((a: { answer_id: string }) => a.answer_id)).toEqual([as[2], as[3], as[4], as[5]]);
    expect(anon.body.data.answer[0]).toMatchObject({
      question_id: others[2],
      vote_count: 8,
      question_info: { title: 'Question to answer 2', url_title: 'question-to-answer-2' },
    });
    const own = await get('/personal/qa/top?username=topper', writer.token);
    expect(own.body.data.question[0].title).toBe('Top question number 5');
    expect((await get('/personal/qa/top?username=nobody')).body.data).toEqual({ question: [], answer: [] });
    expect((await get('/personal/qa/top')).body.data).toEqual({ question: [], answer: [] });
  });
});

describe('GET /answer/api/v1/personal/rank/page', () => {
  it("lists a user's reputation gains and losses, newest first, with the object and a translated type", async () => {
    const asker = await makeUser(app, { name: 'asker', rank: 1000 });
    const author = await makeUser(app, { name: 'author', rank: 100 });
    const voter = await makeUser(app, { name: 'voter', rank: 1000 });
    const critic = await makeUser(app, { name: 'critic', rank: 1000 });
    const qid = await askQuestion(app, asker.token, { title: 'A question that earns reputation' });
    const aid = await postAnswer(app, author.token, qid, { content: 'An **answer** that earns reputation.' });
    await vote(app, voter.token, qid, 'up');
    await vote(app, critic.token, aid, 'down');
    expect(
      (await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: qid, answer_id: aid } })).status,
    ).toBe(200);

    const authorPage = await get('/personal/rank/page?username=author');
    expect(authorPage.status).toBe(200);
    expect(authorPage.body.data.count).toBe(2);
    expect(authorPage.body.data.list.map((i: { rank_type: string; reputation: number }) => [i.rank_type, i.reputation])).toEqual([
      ['accepted', 15],
      ['downvoted', -2],
    ]);
    expect(authorPage.body.data.list[0]).toEqual({
      created_at: expect.any(Number),
      reputation: 15,
      rank_type: 'accepted',
      object_id: aid,
      object_type: 'answer',
      title: 'A question that earns reputation',
      url_title: 'a-question-that-earns-reputation',
      content: '<p>An <strong>answer</strong> that earns reputation.</p>',
      question_id: qid,
      answer_id: aid,
    });
    const askerPage = await get('/personal/rank/page?username=asker');
    expect(
      askerPage.body.data.list.map((i: { rank_type: string; reputation: number; object_type: string }) => [
        i.rank_type,
        i.reputation,
        i.object_type,
      ]),
    ).toEqual([
      ['accept', 2, 'answer'],
      ['upvoted', 10, 'question'],
    ]);
    expect(askerPage.body.data.list[1]).toMatchObject({ object_id: qid, question_id: qid, answer_id: '' });
    expect((await get('/personal/rank/page?username=voter')).body.data).toEqual({ count: 0, list: [] });
    expect(
      (await get('/personal/rank/page?username=critic')).body.data.list.map((i: { rank_type: string; reputation: number }) => [
        i.rank_type,
        i.reputation,
      ]),
    ).toEqual([['downvote', -1]]);
    expect((await get('/personal/rank/page?username=asker', undefined, 'zh_CN')).body.data.list[0].rank_type).toBe('采纳');

    await vote(app, voter.token, qid, 'up', { cancel: true });
    expect((await get('/personal/rank/page?username=asker')).body.data.list.map((i: { rank_type: string }) => i.rank_type)).toEqual([
      'accept',
    ]);
    const paged = await get('/personal/rank/page?username=author&page=2&page_size=1');
    expect(paged.body.data.count).toBe(2);
    expect(paged.body.data.list.map((i: { rank_type: string }) => i.rank_type)).toEqual(['downvoted']);

    await set('question', qid, { status: 10 });
    const deleted = await get('/personal/rank/page?username=author');
    expect(deleted.body.data.list[0]).toMatchObject({ title: 'Deleted question', url_title: 'deleted-question', content: '' });
  });

  it('skips the activation bonus, refuses unknown or missing usernames', async () => {
    const user = await makeUser(app, { name: 'fresh' });
    const t = app.lantern.ctx.clock.now();
    await db()
      .insertInto('activity')
      .values({
        user_id: user.id,
        object_id: String(user.id),
        original_object_id: String(user.id),
        activity_type: 10,
        rank: 1,
        has_rank: 1,
        cancelled_at: null,
        created_at: t,
        updated_at: t,
      })
      .execute();
    expect((await get('/personal/rank/page?username=fresh')).body.data).toEqual({ count: 0, list: [] });
    expect((await get('/personal/rank/page?username=nobody')).body).toMatchObject({ code: 400, reason: 'error.user.not_found' });
    expect((await get('/personal/rank/page')).body.data).toEqual([{ error_field: 'username', error_msg: 'Username cannot be empty.' }]);
  });
});

describe('GET /answer/api/v1/personal/vote/page', () => {
  it("lists the caller's own active votes, latest first, and needs an active login", async () => {
    const asker = await makeUser(app, { name: 'poster', rank: 1000 });
    const voter = await makeUser(app, { name: 'elector', rank: 1000 });
    const other = await makeUser(app, { rank: 1000 });
    const q1 = await askQuestion(app, asker.token, { title: 'Question voted up' });
    const q2 = await askQuestion(app, asker.token, { title: 'Question voted then unvoted' });
    const a1 = await postAnswer(app, asker.token, q1, { content: 'An answer voted down.' });
    await vote(app, voter.token, q1, 'up');
    await vote(app, voter.token, a1, 'down');
    await vote(app, voter.token, q2, 'up');
    await vote(app, voter.token, q2, 'up', { cancel: true });
    await vote(app, other.token, q2, 'down');
    const r = await get('/personal/vote/page', voter.token);
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(2);
    expect(r.body.data.list.map((v: { vote_type: string; object_id: string }) => [v.vote_type, v.object_id])).toEqual([
      ['downvote', a1],
      ['upvote', q1],
    ]);
    expect(r.body.data.list[1]).toEqual({
      created_at: expect.any(Number),
      vote_type: 'upvote',
      object_id: q1,
      object_type: 'question',
      title: 'Question voted up',
      url_title: 'question-voted-up',
      content: '<p>Details about: Question voted up</p>',
      question_id: q1,
      answer_id: '',
    });
    expect(r.body.data.list[0]).toMatchObject({ object_type: 'answer', question_id: q1, answer_id: a1, title: 'Question voted up' });
    const page2 = await get('/personal/vote/page?page=2&page_size=1', voter.token);
    expect(page2.body.data.list.map((v: { object_id: string }) => v.object_id)).toEqual([q1]);
    expect((await get('/personal/vote/page?page_size=x&page=-3', voter.token)).body.data.count).toBe(2);
    await set('question', q1, { status: 10 });
    expect(
      (await get('/personal/vote/page', voter.token)).body.data.list.map((v: { title: string; content: string }) => [v.title, v.content]),
    ).toEqual([
      ['Deleted question', ''],
      ['Deleted question', ''],
    ]);
    expect((await get('/personal/vote/page')).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await get('/personal/vote/page', inactive.token)).body).toMatchObject({ code: 403, data: { type: 'inactive' } });
  });
});

describe('malformed input to the personal endpoints', () => {
  it('never answers 500', async () => {
    await askQuestion(app, admin, { title: 'Something to list' });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 150 }), fc.string({ maxLength: 20 }), async (x, y) => {
        const a = encodeURIComponent(x);
        const b = encodeURIComponent(y);
        for (const path of [
          `/personal/question/page?username=${a}&order=${b}&page=${b}&page_size=${a}`,
          `/personal/answer/page?username=${a}&order=${b}&page=${a}`,
          `/personal/question/page?username=admin&page=${a}&page_size=${b}`,
          `/personal/qa/top?username=${a}`,
          `/personal/rank/page?username=${a}&page=${b}`,
          `/personal/vote/page?page=${a}&page_size=${b}`,
        ]) {
          const r = await get(path, admin);
          expect(r.status).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 30 },
    );
  });
});
