import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { askQuestion } from '../../../tests/support/factories.js';

let app: TestApp;
let admin: string;
let qid: string;
let author: { id: number; token: string };
let aid: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  qid = await askQuestion(app, admin, { title: 'A question to answer', content: 'Please answer me.', tags: ['help'] });
  author = await makeUser(app, { rank: 1 });
  aid = (
    await app.call('POST', `${V1}/answer`, {
      token: author.token,
      body: { question_id: qid, content: 'The first **version** of my answer.' },
    })
  ).body.data.info.id;
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
const answerRow = () => db().selectFrom('answer').selectAll().where('id', '=', aid).executeTakeFirstOrThrow();
const questionRow = () => db().selectFrom('question').selectAll().where('id', '=', qid).executeTakeFirstOrThrow();
const edit = (token: string, body: Record<string, unknown>) =>
  app.call('PUT', `${V1}/answer`, { token, body: { id: aid, question_id: qid, ...body } });
const del = (token: string, id = aid) => app.call('DELETE', `${V1}/answer`, { token, body: { id } });
const typesOf = async (id: string) =>
  (await db().selectFrom('activity').select('activity_type').where('original_object_id', '=', id).orderBy('id').execute()).map(
    (a) => a.activity_type,
  );

describe('PUT /answer', () => {
  it('lets the author edit at once: text, question activity time, revision and timeline, no editor mark', async () => {
    await db().updateTable('question').set({ post_update_time: 5 }).where('id', '=', qid).execute();
    const r = await edit(author.token, { content: 'The second **edition** of my answer.', edit_summary: 'better words' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ wait_for_review: false });
    const info = (await app.call('GET', `${V1}/answer/info?id=${aid}`)).body.data.info;
    expect(info).toMatchObject({ content: 'The second **edition** of my answer.', update_user_info: null });
    expect(info.html).toContain('<strong>edition</strong>');
    expect((await questionRow()).post_update_time).toBeGreaterThan(5);
    const revs = await db().selectFrom('revision').select(['id', 'status', 'log']).where('object_id', '=', aid).orderBy('id').execute();
    expect(revs.map((x) => [x.status, x.log])).toEqual([
      [0, ''],
      [2, 'better words'],
    ]);
    expect((await answerRow()).revision_id).toBe(revs[1].id);
    expect(await typesOf(aid)).toEqual([97, 99]);
  });

  it('marks the editor when someone else edits directly (moderator or edit_without_review)', async () => {
    const trusted = await makeUser(app, { rank: 1000 });
    expect((await edit(trusted.token, { content: 'Improved by a trusted user.' })).body.data).toEqual({ wait_for_review: false });
    expect((await answerRow()).last_edit_user_id).toBe(trusted.id);
    const mod = await makeUser(app, { roleId: 3 });
    expect((await edit(mod.token, { content: 'Improved by a moderator now.' })).body.data.wait_for_review).toBe(false);
    const info = (await app.call('GET', `${V1}/answer/info?id=${aid}`)).body.data.info;
    expect(info.update_user_info.id).toBe(String(mod.id));
  });

  it('turns an edit by a user with answer.edit (100) into a suggestion that blocks every edit', async () => {
    const editor = await makeUser(app, { rank: 100 });
    expect((await edit(editor.token, { content: 'A suggested new text.' })).body.data).toEqual({ wait_for_review: true });
    expect((await answerRow()).original_text).toBe('The first **version** of my answer.');
    expect(
      await db().selectFrom('revision').select(['status', 'user_id']).where('object_id', '=', aid).where('status', '=', 1).execute(),
    ).toEqual([{ status: 1, user_id: editor.id }]);
    expect((await edit(author.token, { content: 'The author tries again.' })).body).toMatchObject({
      code: 400,
      reason: 'error.answer.cannot_update',
      msg: 'No permission to update.',
    });
  });

  it('changes nothing when the content is unchanged', async () => {
    expect((await edit(author.token, { content: 'The first **version** of my answer.' })).body.data).toEqual({ wait_for_review: false });
    expect(await db().selectFrom('revision').select('id').where('object_id', '=', aid).execute()).toHaveLength(1);
  });

  it('refuses users without answer.edit (403), anonymous (401) and inactive (403) callers', async () => {
    const low = await makeUser(app, { rank: 99 });
    expect((await edit(low.token, { content: 'Not allowed to do it.' })).body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 100 reputation to do this.',
    });
    expect((await edit('', { content: 'Anonymous edit text.' })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await edit(inactive.token, { content: 'Inactive edit text.' })).body).toMatchObject({ code: 403, data: { type: 'inactive' } });
  });

  it.each([
    [{ question_id: undefined, content: 'Long enough text.' }, 'question_id', 'Question id cannot be empty.'],
    [{ id: undefined, content: 'Long enough text.' }, 'id', 'Id cannot be empty.'],
    [{ content: 'short' }, 'content', 'Content must be at least 6 characters.'],
    [{ content: 42 }, 'content', 'Content is not valid.'],
    [{ content: 'Long enough text.', edit_summary: 'x'.repeat(1001) }, 'edit_summary', 'Edit summary up to 1000 characters.'],
  ])('refuses %j on %s', async (body, field, message) => {
    const r = await edit(author.token, body);
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('refuses blank HTML, unknown questions and answers, and deleted answers', async () => {
    expect((await edit(author.token, { content: '<script>alert(1)</script>' })).body.data).toEqual([
      { error_field: 'content', error_msg: 'Answer content cannot be empty.' },
    ]);
    expect((await edit(author.token, { question_id: '10010000000099999', content: 'Long enough text.' })).body).toMatchObject({
      code: 400,
      reason: 'error.question.not_found',
    });
    expect((await edit(author.token, { id: '10020000000099999', content: 'Long enough text.' })).body).toMatchObject({
      code: 404,
      reason: 'error.answer.not_found',
    });
    await db().updateTable('answer').set({ status: 10 }).where('id', '=', aid).execute();
    expect((await edit(author.token, { content: 'Editing a deleted answer.' })).body.reason).toBe('error.answer.cannot_update');
  });

  it("moves the answer's own question even when another question id is sent", async () => {
    const other = await askQuestion(app, admin, { title: 'Another question here', content: 'Some other content.', tags: ['help'] });
    await db().updateTable('question').set({ post_update_time: 5 }).execute();
    expect((await edit(author.token, { question_id: other, content: 'Edited with the wrong question id.' })).status).toBe(200);
    expect((await questionRow()).post_update_time).toBeGreaterThan(5);
    expect(
      (await db().selectFrom('question').select('post_update_time').where('id', '=', other).executeTakeFirstOrThrow()).post_update_time,
    ).toBe(5);
  });
});

describe('DELETE /answer and POST /answer/recover', () => {
  it('lets the author delete: status, counts and timeline', async () => {
    expect((await questionRow()).answer_count).toBe(1);
    expect((await del(author.token)).status).toBe(200);
    expect((await answerRow()).status).toBe(10);
    expect((await questionRow()).answer_count).toBe(0);
    expect((await db().selectFrom('user').select('answer_count').where('id', '=', author.id).executeTakeFirstOrThrow()).answer_count).toBe(
      0,
    );
    expect(await typesOf(aid)).toEqual([97, 16]);
    expect((await del(author.token)).body).toMatchObject({ code: 400, reason: 'error.object.already_deleted' });
  });

  it('keeps the author from deleting an accepted or upvoted answer; others get 403', async () => {
    await db().updateTable('answer').set({ vote_count: 2 }).where('id', '=', aid).execute();
    expect((await del(author.token)).body).toMatchObject({
      code: 400,
      reason: 'error.answer.cannot_deleted',
      msg: 'No permission to delete.',
    });
    await db().updateTable('answer').set({ vote_count: 0 }).where('id', '=', aid).execute();
    await app.call('POST', `${V1}/answer/acceptance`, { token: admin, body: { question_id: qid, answer_id: aid } });
    expect((await del(author.token)).body.reason).toBe('error.answer.cannot_deleted');
    const stranger = await makeUser(app, { rank: 100000 });
    expect((await del(stranger.token)).body).toMatchObject({ code: 403, reason: 'error.rank.fail_to_meet_the_condition' });
    expect((await del('')).status).toBe(401);
    expect((await del(admin, '10020000000099999')).body).toMatchObject({ code: 404, reason: 'error.answer.not_found' });
    expect((await app.call('DELETE', `${V1}/answer`, { token: admin, body: {} })).body.data).toEqual([
      { error_field: 'id', error_msg: 'Id cannot be empty.' },
    ]);
  });

  it('lets staff delete the accepted answer: the acceptance is cleared, reputation stays', async () => {
    await app.call('POST', `${V1}/answer/acceptance`, { token: admin, body: { question_id: qid, answer_id: aid } });
    const rankBefore = (await db().selectFrom('user').select('rank').where('id', '=', author.id).executeTakeFirstOrThrow()).rank;
    expect(rankBefore).toBe(16);
    const mod = await makeUser(app, { roleId: 3 });
    expect((await del(mod.token)).status).toBe(200);
    expect((await questionRow()).accepted_answer_id).toBe('0');
    expect((await answerRow()).adopted).toBe(1);
    expect((await db().selectFrom('user').select('rank').where('id', '=', author.id).executeTakeFirstOrThrow()).rank).toBe(rankBefore);
  });

  it('recovers a deleted answer for staff only', async () => {
    await del(author.token);
    const recover = (token: string) => app.call('POST', `${V1}/answer/recover`, { token, body: { answer_id: aid } });
    expect((await recover(author.token)).body).toMatchObject({ code: 403, reason: 'error.rank.fail_to_meet_the_condition' });
    expect((await app.call('POST', `${V1}/answer/recover`, { token: admin, body: {} })).body.data).toEqual([
      { error_field: 'answer_id', error_msg: 'Answer id cannot be empty.' },
    ]);
    expect((await app.call('POST', `${V1}/answer/recover`, { token: admin, body: { answer_id: '10020000000099999' } })).status).toBe(404);
    expect((await recover(admin)).status).toBe(200);
    expect((await answerRow()).status).toBe(1);
    expect((await questionRow()).answer_count).toBe(1);
    expect((await db().selectFrom('user').select('answer_count').where('id', '=', author.id).executeTakeFirstOrThrow()).answer_count).toBe(
      1,
    );
    expect(await typesOf(aid)).toEqual([97, 16, 101]);
    expect((await recover(admin)).status).toBe(200);
    expect(await typesOf(aid)).toEqual([97, 16, 101]);
  });

  it('offers edit to whoever may edit or suggest, delete to the author and staff, undelete to staff', async () => {
    const actions = async (token: string) =>
      ((await app.call('GET', `${V1}/answer/info?id=${aid}`, { token })).body.data.info.member_actions as { action: string }[]).map(
        (x) => x.action,
      );
    expect(await actions(author.token)).toEqual(['report', 'edit', 'delete']);
    expect(await actions((await makeUser(app, { rank: 1 })).token)).toEqual(['report']);
    expect(await actions((await makeUser(app, { rank: 100 })).token)).toEqual(['report', 'edit']);
    await del(author.token);
    expect(await actions(admin)).toEqual(['report', 'edit', 'undelete']);
  });
});
