import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../tests/support/accounts.js';
import { askQuestion, postAnswer, postComment, vote } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { decodeId } from '../infra/ids/object-id.js';
import { describeObject, notifyInbox } from '../modules/notification/notification.service.js';

// Pages as anonymous readers see them (a question, its answers and comments, a profile) and each
// user's notification status are reused for pageTtlMs, as a served instance does; the rest of the
// suite runs with reuse off. Here the TTL is a minute, so only a drop explains a fresh answer.
let app: TestApp;
let admin: string;

const api = (path: string) => `/answer/api/v1${path}`;
const get = async (path: string, token?: string) => {
  const r = await app.call('GET', api(path), { token });
  expect(r.status).toBe(200);
  return r.body.data;
};
const settle = () => app.lantern.ctx.events.settle();

beforeAll(async () => {
  app = await startTestApp({ config: { pageTtlMs: 60_000 } });
  await captchaOff(app);
  admin = await adminToken(app);
});

afterAll(async () => {
  await app.stop();
});

describe('a question as anonymous readers see it', () => {
  it('is reused, yet every view is counted', async () => {
    const id = await askQuestion(app, admin, { title: 'How are reused question pages counted?', tags: ['reuse'] });
    await settle();
    const first = await get(`/question/info?id=${id}`);
    // a change nobody announced (made in the table) is not seen while the page is reused
    await app.lantern.ctx.db.updateTable('question').set({ title: 'Renamed in the table only' }).where('id', '=', decodeId(id)!).execute();
    const second = await get(`/question/info?id=${id}`);
    // reused, all but the view count, which holds each reader's own view (as the reference's)
    expect(second).toEqual({ ...first, view_count: first.view_count + 1 });
    expect((await get(`/question/info?id=${id}`)).view_count).toBe(3);
    const row = await app.lantern.ctx.db
      .selectFrom('question')
      .select('view_count')
      .where('id', '=', decodeId(id)!)
      .executeTakeFirstOrThrow();
    expect(Number(row.view_count)).toBe(3);
    // a signed-in reader's page is made for them, with what the table now says
    expect((await get(`/question/info?id=${id}`, admin)).title).toBe('Renamed in the table only');
  });

  it('shows any successful write at once: a bookmark, a comment edit, a vote, an answer', async () => {
    const reader = await makeUser(app, { name: 'Reuse Reader', rank: 5000 });
    const id = await askQuestion(app, admin, { title: 'Which writes drop a reused question page?', tags: ['reuse'] });
    await settle();
    expect((await get(`/question/info?id=${id}`)).collection_count).toBe(0);
    // a bookmark is announced (collection.switched), which drops the reused page at once
    const marked = await app.call('POST', api('/collection/switch'), {
      token: reader.token,
      body: { object_id: id, group_id: '0', bookmark: true },
    });
    expect(marked.status).toBe(200);
    expect((await get(`/question/info?id=${id}`)).collection_count).toBe(1);

    const commentId = await postComment(app, reader.token, id, 'The first words of a reused comment.');
    await settle();
    const comments = `/comment/page?object_id=${id}&page=1&page_size=5`;
    expect((await get(comments)).list.map((c: { original_text: string }) => c.original_text)).toEqual([
      'The first words of a reused comment.',
    ]);
    const edited = await app.call('PUT', api('/comment'), {
      token: reader.token,
      body: { comment_id: commentId, original_text: 'The edited words of a reused comment.' },
    });
    expect(edited.status).toBe(200);
    expect((await get(comments)).list.map((c: { original_text: string }) => c.original_text)).toEqual([
      'The edited words of a reused comment.',
    ]);

    const answers = `/answer/page?question_id=${id}&order=default&page=1&page_size=10`;
    expect((await get(answers)).count).toBe(0);
    const answerId = await postAnswer(app, reader.token, id, { content: 'An answer that the reused list must show at once.' });
    await settle();
    expect((await get(answers)).list.map((a: { id: string }) => a.id)).toEqual([answerId]);
    await vote(app, admin, answerId);
    await settle();
    expect((await get(answers)).list[0].vote_count).toBe(1);
    // the voter sees their own vote, not the anonymous page
    expect((await get(answers, admin)).list[0].vote_status).toBe('vote_up');
    expect((await get(answers)).list[0].vote_status).toBe('');
  });

  it('a failed write drops nothing, and a question hidden from readers is not served from an old copy', async () => {
    const id = await askQuestion(app, admin, { title: 'Is a deleted question served from a reused copy?', tags: ['reuse'] });
    await settle();
    const before = await get(`/question/info?id=${id}`);
    await app.lantern.ctx.db
      .updateTable('question')
      .set({ title: 'Renamed before a refused write' })
      .where('id', '=', decodeId(id)!)
      .execute();
    const refused = await app.call('POST', api('/collection/switch'), { body: { object_id: id, group_id: '0', bookmark: true } });
    expect(refused.status).toBe(401);
    expect(await get(`/question/info?id=${id}`)).toEqual({ ...before, view_count: before.view_count + 1 });
    const removed = await app.call('DELETE', api('/question'), { token: admin, body: { id } });
    expect(removed.status).toBe(200);
    await settle();
    expect((await app.call('GET', api(`/question/info?id=${id}`))).status).toBe(404);
  });
});

describe('a profile as anyone sees it', () => {
  it('is reused until a write; its top posts are the anonymous reader’s only', async () => {
    const owner = await makeUser(app, { name: 'Reused Profile', rank: 5000 });
    const { username } = await get('/user/info', owner.token);
    expect((await get(`/personal/user/info?username=${username}`)).question_count).toBe(0);
    const id = await askQuestion(app, owner.token, { title: 'A question on a reused profile page', tags: ['reuse'] });
    await settle();
    expect((await get(`/personal/user/info?username=${username}`)).question_count).toBe(1);
    expect((await get(`/personal/qa/top?username=${username}`)).question.map((q: { question_id: string }) => q.question_id)).toEqual([id]);
    const bio = await app.call('PUT', api('/user/info'), {
      token: owner.token,
      body: {
        display_name: 'Reused Profile',
        username,
        avatar: { type: 'default' },
        bio: 'A bio written after the first read.',
        website: '',
        location: '',
      },
    });
    expect(bio.status).toBe(200);
    expect((await get(`/personal/user/info?username=${username}`)).bio).toBe('A bio written after the first read.');
  });
});

describe('a user’s notification status', () => {
  it('is reused per user, and a new notification or a read shows at once', async () => {
    const asker = await makeUser(app, { name: 'Red Dot Asker', rank: 5000 });
    const other = await makeUser(app, { name: 'Red Dot Other', rank: 5000 });
    const id = await askQuestion(app, asker.token, { title: 'Whose red dot shows a reused status?', tags: ['reuse'] });
    await settle();
    expect((await get('/notification/status', asker.token)).inbox).toBe(0);
    expect((await get('/notification/status', other.token)).inbox).toBe(0);
    await postAnswer(app, other.token, id, { content: 'An answer that should light the asker’s red dot.' });
    await settle();
    expect((await get('/notification/status', asker.token)).inbox).toBe(1);
    expect((await get('/notification/status', other.token)).inbox).toBe(0);
    const cleared = await app.call('PUT', api('/notification/status'), { token: asker.token, body: { type: 'inbox' } });
    expect(cleared.status).toBe(200);
    expect((await get('/notification/status', asker.token)).inbox).toBe(0);
    // a notification written outside any request (a fan-out after commit) drops that user's entry too
    const object = await describeObject(app.lantern.ctx.db, decodeId(id)!);
    expect(
      await notifyInbox(app.lantern.ctx, { receiverId: asker.id, triggerId: other.id, action: 'answer_the_question', object: object! }),
    ).toBe(true);
    expect((await get('/notification/status', asker.token)).inbox).toBe(1);
  });
});
