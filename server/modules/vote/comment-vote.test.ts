import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { encodeShortId } from '../../infra/ids/object-id.js';
import { ACTIVITY_TYPE } from '../../contract/enums.js';
import { writeConfigValue } from '../config/config.repository.js';
import { askQuestion } from '../../../tests/support/factories.js';

const V1 = '/answer/api/v1';

let app: TestApp;
let author: { id: number; token: string };
let cid: string;

beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  const admin = await adminToken(app);
  const qid = await askQuestion(app, admin, { title: 'A question with comments', content: 'Comments will be voted.', tags: ['votes'] });
  author = await makeUser(app, { rank: 3 });
  cid = (
    await app.call('POST', `${V1}/comment`, { token: author.token, body: { object_id: qid, original_text: 'A comment worth a vote' } })
  ).body.data.comment_id;
});
afterEach(async () => app.stop());

const db = () => app.lantern.ctx.db;
const vote = (dir: 'up' | 'down', token: string | undefined, body: unknown) => app.call('POST', `${V1}/vote/${dir}`, { token, body });
const rankOf = async (id: number) => (await db().selectFrom('user').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank;
const voteCount = async () =>
  (await db().selectFrom('comment').select('vote_count').where('id', '=', cid).executeTakeFirstOrThrow()).vote_count;

describe('POST vote/up on a comment', () => {
  it('counts one up vote per user with a single comment.vote_up activity and no reputation change', async () => {
    const voter = await makeUser(app, { rank: 5 });
    const r = await vote('up', voter.token, { object_id: cid });
    expect(r.body).toMatchObject({ code: 200, data: { up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' } });
    expect(await voteCount()).toBe(1);
    expect(await rankOf(voter.id)).toBe(5);
    expect(await rankOf(author.id)).toBe(3);
    const acts = await db()
      .selectFrom('activity')
      .selectAll()
      .where('object_id', '=', cid)
      .where('activity_type', '=', ACTIVITY_TYPE['comment.vote_up'])
      .execute();
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ user_id: voter.id, trigger_user_id: 0, rank: 0, cancelled: 0 });
    // voting again is a no-op; a second voter adds one
    expect((await vote('up', voter.token, { object_id: cid })).body.data.votes).toBe(1);
    const other = await makeUser(app);
    expect((await vote('up', other.token, { object_id: encodeShortId(cid) })).body.data).toEqual({
      up_votes: 2,
      down_votes: 0,
      votes: 2,
      vote_status: 'vote_up',
    });
    expect(await voteCount()).toBe(2);
  });

  it('undoes with is_cancel and reuses the same activity when voting again', async () => {
    const voter = await makeUser(app);
    await vote('up', voter.token, { object_id: cid });
    const undo = await vote('up', voter.token, { object_id: cid, is_cancel: true });
    expect(undo.body.data).toEqual({ up_votes: 0, down_votes: 0, votes: 0, vote_status: '' });
    expect(await voteCount()).toBe(0);
    const page = await app.call(
      'GET',
      `${V1}/comment/page?object_id=${(await db().selectFrom('comment').select('object_id').where('id', '=', cid).executeTakeFirstOrThrow()).object_id}`,
      { token: voter.token },
    );
    expect(page.body.data.list[0]).toMatchObject({ is_vote: false, vote_count: 0 });
    await vote('up', voter.token, { object_id: cid });
    const rows = await db()
      .selectFrom('activity')
      .select(['cancelled'])
      .where('object_id', '=', cid)
      .where('user_id', '=', voter.id)
      .execute();
    expect(rows).toEqual([{ cancelled: 0 }]);
    expect((await app.call('GET', `${V1}/comment?id=${cid}`, { token: voter.token })).body.data).toMatchObject({
      is_vote: true,
      vote_count: 1,
    });
  });

  it('refuses down votes on comments, but a cancelling vote/down takes the up vote back', async () => {
    const voter = await makeUser(app);
    await vote('up', voter.token, { object_id: cid });
    const down = await vote('down', voter.token, { object_id: cid });
    expect(down.body).toMatchObject({
      code: 400,
      reason: 'error.comment.cannot_vote_down',
      msg: 'Comments can only be voted up.',
      data: { err_type: 'toast' },
    });
    expect(await voteCount()).toBe(1);
    const cancel = await vote('down', voter.token, { object_id: cid, is_cancel: true });
    expect(cancel.body.data).toEqual({ up_votes: 0, down_votes: 0, votes: 0, vote_status: '' });
  });

  it("refuses one's own comment, deleted and unknown comments", async () => {
    expect((await vote('up', author.token, { object_id: cid })).body).toMatchObject({ reason: 'error.object.disallow_vote_your_self' });
    const voter = await makeUser(app);
    expect((await vote('up', voter.token, { object_id: '10070000000099999' })).body).toMatchObject({
      code: 400,
      reason: 'error.object.not_found',
    });
    await app.call('DELETE', `${V1}/comment`, { token: author.token, body: { comment_id: cid } });
    expect((await vote('up', voter.token, { object_id: cid })).body).toMatchObject({ code: 400, reason: 'error.object.already_deleted' });
  });

  it('needs an active account with the comment.vote_up privilege', async () => {
    expect((await vote('up', undefined, { object_id: cid })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await vote('up', inactive.token, { object_id: cid })).status).toBe(403);
    await writeConfigValue(db(), 'rank.comment.vote_up', '10');
    const low = await makeUser(app, { rank: 9 });
    expect((await vote('up', low.token, { object_id: cid })).body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 10 reputation to do this.',
    });
    const enough = await makeUser(app, { rank: 10 });
    expect((await vote('up', enough.token, { object_id: cid })).status).toBe(200);
  });
});
