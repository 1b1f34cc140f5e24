import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer, postComment } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { ANSWER_STATUS, COMMENT_STATUS, QUESTION_STATUS } from '../../contract/enums.js';

// Votes go only to posts that are out: a post queued for review (or one on a queued or deleted
// question or answer) is refused as not found, to staff too, and nothing is counted; once approved
// it takes votes as any other.

const V1 = '/answer/api/v1';

let app: TestApp;
let admin: string;
let author: { id: number; token: string };
let voter: { id: number; token: string };
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  author = await makeUser(app, { rank: 10_000 });
  voter = await makeUser(app, { rank: 10_000 });
});
afterAll(async () => app.stop());

const db = () => app.lantern.ctx.db;
const vote = (token: string, objectId: string, dir: 'up' | 'down' = 'up') =>
  app.call('POST', `${V1}/vote/${dir}`, { token, body: { object_id: objectId, is_cancel: false } });
/** Activities the voters (the member and the admin) have on an object: votes, nothing else of theirs is there. */
const votesOn = async (objectId: string) =>
  (await db().selectFrom('activity').select('id').where('object_id', '=', objectId).where('user_id', 'in', [voter.id, 1]).execute()).length;
const setStatus = (table: 'question' | 'answer' | 'comment', id: string, status: 1 | 10 | 11) =>
  db().updateTable(table).set({ status }).where('id', '=', id).execute();

describe('votes on posts that are not out', () => {
  it('are refused on a queued question, its answers and comments, until it is approved', async () => {
    const qid = await askQuestion(app, author.token);
    const aid = await postAnswer(app, author.token, qid);
    const cid = await postComment(app, author.token, qid);
    const acid = await postComment(app, author.token, aid);
    await setStatus('question', qid, QUESTION_STATUS.pending);

    for (const [id, dir] of [
      [qid, 'up'],
      [qid, 'down'],
      [aid, 'up'],
      [cid, 'up'],
      [acid, 'up'],
    ] as const) {
      for (const token of [voter.token, admin]) {
        const r = await vote(token, id, dir);
        expect(r.status, `${id} ${dir}`).toBe(404);
        expect(r.body.reason).toBe('error.object.not_found');
      }
      expect(await votesOn(id)).toBe(0);
    }
    const q = await db().selectFrom('question').select(['vote_count', 'up_votes']).where('id', '=', qid).executeTakeFirstOrThrow();
    expect(q).toEqual({ vote_count: 0, up_votes: 0 });

    // approved: it takes votes
    await setStatus('question', qid, QUESTION_STATUS.available);
    expect((await vote(voter.token, qid)).body.data).toMatchObject({ votes: 1, vote_status: 'vote_up' });
    expect((await vote(voter.token, aid)).status).toBe(200);
    expect((await vote(voter.token, acid)).status).toBe(200);
  });

  it('are refused on a queued answer or comment, and on comments of a deleted answer', async () => {
    const qid = await askQuestion(app, author.token);
    const aid = await postAnswer(app, author.token, qid);
    const cid = await postComment(app, author.token, aid);
    await setStatus('answer', aid, ANSWER_STATUS.pending);
    expect((await vote(voter.token, aid)).status).toBe(404);
    expect((await vote(voter.token, cid)).status).toBe(404);
    await setStatus('answer', aid, ANSWER_STATUS.deleted);
    // the deleted post itself answers as the reference does; its comments are not found
    expect((await vote(voter.token, aid)).body.reason).toBe('error.object.already_deleted');
    expect((await vote(voter.token, cid)).status).toBe(404);

    const other = await postComment(app, author.token, qid);
    await setStatus('comment', other, COMMENT_STATUS.pending);
    expect((await vote(voter.token, other)).status).toBe(404);
    await setStatus('comment', other, COMMENT_STATUS.available);
    expect((await vote(voter.token, other)).body.data).toMatchObject({ votes: 1, vote_status: 'vote_up' });
  });
});
