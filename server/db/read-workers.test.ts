import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, makeUser } from '../../tests/support/accounts.js';
import { askQuestion, postAnswer, postComment, vote } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';

// The API through a served instance whose reads run in two worker threads (as `npm run serve` and
// the desktop app run it; the other API tests keep every query on the main thread unless
// LANTERN_READ_WORKERS is set). What a request wrote, the next request reads.
let app: TestApp;
let alice: { id: number; token: string };
const voters: { id: number; token: string }[] = [];

const api = (path: string) => `/answer/api/v1${path}`;

beforeAll(async () => {
  app = await startTestApp({ config: { readWorkers: 2 } });
  await captchaOff(app);
  alice = await makeUser(app, { rank: 5000 });
  for (let i = 0; i < 6; i++) voters.push(await makeUser(app, { rank: 5000 }));
  await app.lantern.ctx.dialect.readersReady();
});
afterAll(async () => {
  await app.stop();
});

describe('a served instance with read workers', () => {
  it('lists, shows and finds a question as soon as the request that asked it has answered', async () => {
    const before = app.lantern.ctx.dialect.readCounts().pool;
    for (let i = 0; i < 5; i++) {
      const title = `Wick trimming number ${i} for the zebrawood lantern`;
      const id = await askQuestion(app, alice.token, { title });
      const info = await app.call('GET', api(`/question/info?id=${id}`), { token: alice.token });
      expect(info.status).toBe(200);
      expect(info.body.data.title).toBe(title);
      const list = await app.call('GET', api('/question/page?order=newest&page=1&page_size=5'));
      expect(list.body.data.list[0].id).toBe(id);
      const found = await app.call('GET', api(`/search?q=${encodeURIComponent(`zebrawood ${i}`)}&order=newest`));
      expect(found.body.data.list.map((x: { object: { id: string } }) => x.object.id)).toContain(id);
    }
    // read workers are SQLite's (PostgreSQL serves reads from its pool of connections)
    if (app.lantern.ctx.dialect.name === 'sqlite') expect(app.lantern.ctx.dialect.readCounts().pool).toBeGreaterThan(before);
  });

  it('counts answers, comments and votes made at the same time exactly', async () => {
    const questionId = await askQuestion(app, alice.token, { title: 'How many people can share one lantern at once?' });
    // every voter answers, comments and votes at once, while others read the question
    const reads: Promise<{ status: number }>[] = [];
    await Promise.all(
      voters.map(async (v, i) => {
        reads.push(app.call('GET', api(`/question/info?id=${questionId}`)));
        const answerId = await postAnswer(app, v.token, questionId, { content: `Answer number ${i}: at least ${i + 2} people.` });
        await postComment(app, v.token, questionId, `Comment number ${i} on this question.`);
        await vote(app, v.token, questionId, 'up');
        reads.push(app.call('GET', api(`/answer/page?question_id=${questionId}&page=1&page_size=20`)));
        return answerId;
      }),
    );
    expect((await Promise.all(reads)).every((r) => r.status === 200)).toBe(true);
    const info = (await app.call('GET', api(`/question/info?id=${questionId}`))).body.data;
    expect(info.answer_count).toBe(voters.length);
    expect(info.vote_count).toBe(voters.length);
    const answers = (await app.call('GET', api(`/answer/page?question_id=${questionId}&page=1&page_size=20`))).body.data;
    expect(answers.count).toBe(voters.length);
    const comments = (await app.call('GET', api(`/comment/page?object_id=${questionId}&page=1`))).body.data;
    expect(comments.count).toBe(voters.length);
    // one cancelled vote is seen by the next read
    await vote(app, voters[0].token, questionId, 'up', { cancel: true });
    expect((await app.call('GET', api(`/question/info?id=${questionId}`))).body.data.vote_count).toBe(voters.length - 1);
  });

  it('refuses a token at once after logout', async () => {
    const bob = await makeUser(app);
    expect((await app.call('GET', api('/user/info'), { token: bob.token })).body.data.id).toBe(String(bob.id));
    expect((await app.call('GET', api('/user/logout'), { token: bob.token })).status).toBe(200);
    // the public user/info answers as to a visitor; a route that needs a login refuses the token
    expect((await app.call('GET', api('/user/info'), { token: bob.token })).body.data).toBeNull();
    expect((await app.call('GET', api('/user/logout'), { token: bob.token })).status).toBe(401);
  });

  it('does not keep a settings read that began before a save (reads no longer wait for writes)', async () => {
    const settings = app.lantern.ctx.settings;
    const general = await settings.get('general');
    for (let i = 0; i < 20; i++) {
      settings.invalidate();
      // a cold read in flight (in a worker) while the save commits on the main connection
      const reading = settings.get('general');
      await settings.put('general', { ...general, name: `Lantern ${i}` });
      await reading;
      expect((await settings.get('general')).name).toBe(`Lantern ${i}`);
    }
    const site = await app.call('GET', api('/siteinfo'));
    expect(site.body.data.general.name).toBe('Lantern 19');
  });

  it('lets a captcha be used once when two requests send it at the same time', async () => {
    const captcha = app.lantern.ctx.captcha;
    for (let i = 0; i < 10; i++) {
      const { captcha_id } = await captcha.create();
      const row = await app.lantern.ctx.db.selectFrom('captcha').select('answer').where('id', '=', captcha_id).executeTakeFirstOrThrow();
      const tries = await Promise.all([captcha.verify(captcha_id, row.answer), captcha.verify(captcha_id, row.answer)]);
      expect(tries.filter(Boolean)).toHaveLength(1);
    }
  });
});
