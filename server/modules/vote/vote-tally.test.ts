import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer, vote } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { ACTIVITY_TYPE } from '../../contract/enums.js';
import { decodeId } from '../../infra/ids/object-id.js';

// A post keeps its up and down votes (up_votes, down_votes) in the vote's own transaction, so a vote
// never counts the post's other votes. The stored figures must always equal a count of the votes.
let app: TestApp;
let owner: { id: number; token: string };
const voters: { id: number; token: string }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  owner = await makeUser(app, { rank: 5000 });
  for (let i = 0; i < 8; i++) voters.push(await makeUser(app, { rank: 5000 }));
});
afterAll(async () => {
  await app.stop();
});

/** The post's stored tally beside a count of its active votes. */
async function tallies(kind: 'question' | 'answer', rawId: string) {
  const id = decodeId(rawId)!;
  const db = app.lantern.ctx.db;
  const stored = await db.selectFrom(kind).select(['up_votes', 'down_votes', 'vote_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const count = async (dir: 'up' | 'down') =>
    Number(
      (
        await db
          .selectFrom('activity')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('object_id', '=', id)
          .where('cancelled', '=', 0)
          .where('activity_type', '=', ACTIVITY_TYPE[`${kind}.vote_${dir}`])
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    stored: { up: Number(stored.up_votes), down: Number(stored.down_votes), votes: Number(stored.vote_count) },
    counted: { up: await count('up'), down: await count('down') },
  };
}

describe("a post's stored vote tally", () => {
  it.each(['question', 'answer'] as const)(
    'follows votes, repeats, switches and cancels on a %s, as a count of its votes',
    async (kind) => {
      const questionId = await askQuestion(app, owner.token, { title: `Which oil burns cleanest in a ${kind} lantern?` });
      const postId = kind === 'question' ? questionId : await postAnswer(app, owner.token, questionId, { content: 'Refined paraffin.' });
      const [a, b, c] = voters;
      expect(await vote(app, a.token, postId, 'up')).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
      // the same vote again changes nothing
      expect(await vote(app, a.token, postId, 'up')).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
      expect(await vote(app, b.token, postId, 'down')).toEqual({ up_votes: 1, down_votes: 1, votes: 0, vote_status: 'vote_down' });
      expect(await vote(app, c.token, postId, 'up')).toEqual({ up_votes: 2, down_votes: 1, votes: 1, vote_status: 'vote_up' });
      // a switch takes the other vote back
      expect(await vote(app, b.token, postId, 'up')).toEqual({ up_votes: 3, down_votes: 0, votes: 3, vote_status: 'vote_up' });
      expect(await vote(app, a.token, postId, 'down')).toEqual({ up_votes: 2, down_votes: 1, votes: 1, vote_status: 'vote_down' });
      // cancelling the vote one does not have keeps the one they have
      expect(await vote(app, a.token, postId, 'up', { cancel: true })).toEqual({
        up_votes: 2,
        down_votes: 1,
        votes: 1,
        vote_status: 'vote_down',
      });
      expect(await vote(app, a.token, postId, 'down', { cancel: true })).toEqual({ up_votes: 2, down_votes: 0, votes: 2, vote_status: '' });
      expect(await vote(app, a.token, postId, 'down', { cancel: true })).toEqual({ up_votes: 2, down_votes: 0, votes: 2, vote_status: '' });
      const t = await tallies(kind, postId);
      expect(t.stored).toEqual({ up: 2, down: 0, votes: 2 });
      expect(t.counted).toEqual({ up: 2, down: 0 });
    },
  );

  it('stays equal to a count when many vote, switch and cancel at once', async () => {
    const questionId = await askQuestion(app, owner.token, { title: 'How long does one filling of a storm lantern last?' });
    await Promise.all(
      voters.map(async (v, i) => {
        await vote(app, v.token, questionId, i % 3 ? 'up' : 'down');
        if (i % 2) await vote(app, v.token, questionId, i % 3 ? 'down' : 'up');
        if (i % 4 === 1) await vote(app, v.token, questionId, i % 3 ? 'down' : 'up', { cancel: true });
      }),
    );
    const t = await tallies('question', questionId);
    expect(t.stored.up).toBe(t.counted.up);
    expect(t.stored.down).toBe(t.counted.down);
    expect(t.stored.votes).toBe(t.counted.up - t.counted.down);
    expect(t.counted.up + t.counted.down).toBe(voters.length - 2);
    expect((await app.call('GET', `/answer/api/v1/question/info?id=${questionId}`)).body.data.vote_count).toBe(t.stored.votes);
  });
});
