import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { askQuestion } from '../../../tests/support/factories.js';

// Reputation rules of the reference (answer-behaviour.md section 5), privilege level 2:
// upvote received +10, downvote received -2, downvoting an answer costs the voter -1,
// accept +2 to the asker and +15 to the answerer (0/0 when accepting one's own answer),
// never below 1, positive vote gains capped at 200 a day, undo takes back what was applied.
let app: TestApp;
const clock = {
  t: Math.floor(new Date('2026-11-20T10:00:00').getTime() / 1000),
  now() {
    return this.t;
  },
};
beforeEach(async () => {
  clock.t = Math.floor(new Date('2026-11-20T10:00:00').getTime() / 1000);
  app = await startTestApp({ deps: { clock } });
  await captchaOff(app);
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
async function rank(id: number): Promise<number> {
  return (await app.lantern.ctx.db.selectFrom('user').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank;
}
async function ranks(users: Record<string, { id: number }>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [k, u] of Object.entries(users)) out[k] = await rank(u.id);
  return out;
}
const tick = () => (clock.t += 7);

describe('the reputation arithmetic of the reference', () => {
  it('follows ask, answer, votes, undo, switch, accept, unaccept and self-accept step by step', async () => {
    const asker = await makeUser(app, { rank: 1 });
    const answerer = await makeUser(app, { rank: 1 });
    const v1 = await makeUser(app, { rank: 200 });
    const v2 = await makeUser(app, { rank: 200 });
    const users = { asker, answerer, v1, v2 };
    // the asker may create the tag only with tag.add (750): use an existing one made by the admin
    await app.lantern.ctx.db
      .insertInto('tag')
      .values({ id: '10030000000000999', slug_name: 'general', display_name: 'general', created_at: clock.t, updated_at: clock.t })
      .execute();
    const q = await askQuestion(app, asker.token, {
      title: 'Reputation question',
      content: 'What does the arithmetic look like?',
      tags: ['general'],
    });
    tick();
    const ans = (
      await app.call('POST', `${V1}/answer`, { token: answerer.token, body: { question_id: q, content: 'Like this, step by step.' } })
    ).body.data.info.id;
    expect(await ranks(users)).toEqual({ asker: 1, answerer: 1, v1: 200, v2: 200 });

    tick();
    const up = await app.call('POST', `${V1}/vote/up`, { token: v1.token, body: { object_id: q } });
    expect(up.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await ranks(users)).toEqual({ asker: 11, answerer: 1, v1: 200, v2: 200 }); // asker 1 + 10

    tick();
    await app.call('POST', `${V1}/vote/up`, { token: v2.token, body: { object_id: ans } });
    expect(await ranks(users)).toEqual({ asker: 11, answerer: 11, v1: 200, v2: 200 }); // answerer 1 + 10

    tick();
    const down = await app.call('POST', `${V1}/vote/down`, { token: v1.token, body: { object_id: ans } });
    expect(down.body.data).toEqual({ up_votes: 1, down_votes: 1, votes: 0, vote_status: 'vote_down' });
    expect(await ranks(users)).toEqual({ asker: 11, answerer: 9, v1: 199, v2: 200 }); // answerer -2, voter -1

    tick();
    await app.call('POST', `${V1}/vote/down`, { token: v1.token, body: { object_id: ans, is_cancel: true } });
    expect(await ranks(users)).toEqual({ asker: 11, answerer: 11, v1: 200, v2: 200 }); // undo gives both back

    tick();
    const switched = await app.call('POST', `${V1}/vote/down`, { token: v1.token, body: { object_id: q } });
    expect(switched.body.data).toEqual({ up_votes: 0, down_votes: 1, votes: -1, vote_status: 'vote_down' });
    // the up vote is undone (11 - 10 = 1), then -2 would go below 1, so 0 is applied
    expect(await ranks(users)).toEqual({ asker: 1, answerer: 11, v1: 200, v2: 200 });

    tick();
    await app.call('POST', `${V1}/vote/down`, { token: v1.token, body: { object_id: q, is_cancel: true } });
    expect(await ranks(users)).toEqual({ asker: 1, answerer: 11, v1: 200, v2: 200 }); // undo takes back the 0 applied

    tick();
    expect(
      (await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: q, answer_id: ans } })).status,
    ).toBe(200);
    expect(await ranks(users)).toEqual({ asker: 3, answerer: 26, v1: 200, v2: 200 }); // +2 and +15

    tick();
    await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: q, answer_id: '0' } });
    expect(await ranks(users)).toEqual({ asker: 1, answerer: 11, v1: 200, v2: 200 }); // unaccept takes both back

    tick();
    const own = (
      await app.call('POST', `${V1}/answer`, { token: asker.token, body: { question_id: q, content: 'Answering my own question.' } })
    ).body.data.info.id;
    await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: q, answer_id: own } });
    expect(await ranks(users)).toEqual({ asker: 1, answerer: 11, v1: 200, v2: 200 }); // self-accept: 0 and 0

    tick();
    await app.call('POST', `${V1}/answer/acceptance`, { token: asker.token, body: { question_id: q, answer_id: ans } });
    expect(await ranks(users)).toEqual({ asker: 3, answerer: 26, v1: 200, v2: 200 }); // the other answer again: +2, +15
    const accepted = await app.call('GET', `${V1}/answer/page?question_id=${q}`);
    expect(accepted.body.data.list[0]).toMatchObject({ id: ans, accepted: 2 });

    const self = await app.call('POST', `${V1}/vote/up`, { token: asker.token, body: { object_id: q } });
    // 400 with a toast, as the reference (403 would read as a permission page to a stock client)
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({
      code: 400,
      reason: 'error.object.disallow_vote_your_self',
      msg: "You can't vote for your own post.",
      data: { err_type: 'toast' },
    });
  });

  it('caps vote gains at 200 a day and undoes a capped vote by 0', async () => {
    const author = await makeUser(app, { rank: 1 });
    await app.lantern.ctx.db
      .insertInto('tag')
      .values({ id: '10030000000000998', slug_name: 'cap', display_name: 'cap', created_at: clock.t, updated_at: clock.t })
      .execute();
    const q = await askQuestion(app, author.token, { title: 'Popular question', content: 'Everyone likes this one.', tags: ['cap'] });
    const voters = [];
    for (let i = 0; i < 22; i++) voters.push(await makeUser(app, { rank: 10 }));
    for (let i = 0; i < 20; i++) await app.call('POST', `${V1}/vote/up`, { token: voters[i].token, body: { object_id: q } });
    expect(await rank(author.id)).toBe(201); // 1 + 20 x 10 = 201: today's gains reached 200
    await app.call('POST', `${V1}/vote/up`, { token: voters[20].token, body: { object_id: q } });
    expect(await rank(author.id)).toBe(201); // capped: +0
    await app.call('POST', `${V1}/vote/up`, { token: voters[20].token, body: { object_id: q, is_cancel: true } });
    expect(await rank(author.id)).toBe(201); // undoing the capped vote takes back 0
    clock.t += 24 * 3600; // the next day the cap starts again
    await app.call('POST', `${V1}/vote/up`, { token: voters[21].token, body: { object_id: q } });
    expect(await rank(author.id)).toBe(211);
  });

  it('refuses votes below the reputation thresholds with the needed reputation', async () => {
    const author = await makeUser(app, { rank: 1 });
    await app.lantern.ctx.db
      .insertInto('tag')
      .values({ id: '10030000000000997', slug_name: 'thr', display_name: 'thr', created_at: clock.t, updated_at: clock.t })
      .execute();
    const q = await askQuestion(app, author.token, { title: 'Threshold question', content: 'Who may vote on this?', tags: ['thr'] });
    const newbie = await makeUser(app, { rank: 7 });
    const up = await app.call('POST', `${V1}/vote/up`, { token: newbie.token, body: { object_id: q } });
    expect(up.body).toMatchObject({ code: 403, msg: 'You need at least 8 reputation to do this.' });
    const mid = await makeUser(app, { rank: 124 });
    const down = await app.call('POST', `${V1}/vote/down`, { token: mid.token, body: { object_id: q } });
    expect(down.body.msg).toBe('You need at least 125 reputation to do this.');
    expect((await app.call('POST', `${V1}/vote/up`, { body: { object_id: q } })).status).toBe(401);
  });
});
