import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { askQuestion } from '../../../tests/support/factories.js';

let app: TestApp;
let admin: string;
let owner: { id: number; token: string };
let qid: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  owner = await makeUser(app, { rank: 1, name: 'asker' });
  await askQuestion(app, admin, { title: 'Seed question for the tag', content: 'Creates the tag.', tags: ['sqlite'] });
  qid = await askQuestion(app, owner.token, { title: 'A question with a history', content: 'First version.', tags: ['sqlite'] });
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
const timeline = (token: string, objectId: string, showVote = false) =>
  app.call('GET', `${V1}/activity/timeline?object_id=${objectId}${showVote ? '&show_vote=true' : ''}`, { token });
const types = (r: { body: { data: { timeline: { activity_type: string }[] } } }) => r.body.data.timeline.map((t) => t.activity_type);

describe('GET /activity/timeline', () => {
  it('records every kind of question event, newest first, with the edit summary and close message as comments', async () => {
    const u = await makeUser(app, { rank: 1 });
    const aid = (
      await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'An answer for the timeline.' } })
    ).body.data.info.id;
    await app.call('PUT', `${V1}/question`, {
      token: owner.token,
      body: { id: qid, title: 'A question with a longer history', content: 'Second version.', tags: [], edit_summary: 'more **detail**' },
    });
    await app.call('POST', `${V1}/answer/acceptance`, { token: owner.token, body: { question_id: qid, answer_id: aid } });
    await app.call('PUT', `${V1}/question/status`, { token: admin, body: { id: qid, close_type: 63, close_msg: 'Off *topic*' } });
    await app.call('PUT', `${V1}/question/reopen`, { token: admin, body: { question_id: qid } });
    await app.call('PUT', `${V1}/question/status`, { token: admin, body: { id: qid, close_type: 64, close_msg: 'Needs *focus*' } });
    for (const operation of ['pin', 'unpin', 'hide', 'show'])
      await app.call('PUT', `${V1}/question/operation`, { token: admin, body: { id: qid, operation } });
    await app.call('DELETE', `${V1}/question`, { token: admin, body: { id: qid } });
    await app.call('POST', `${V1}/question/recover`, { token: admin, body: { question_id: qid } });
    const r = await timeline(owner.token, qid);
    expect(r.status).toBe(200);
    expect(types(r)).toEqual([
      'undeleted',
      'deleted',
      'show',
      'hide',
      'unpin',
      'pin',
      'closed',
      'reopened',
      'closed',
      'accept',
      'edited',
      'answered',
      'asked',
    ]);
    const byType = (t: string) => r.body.data.timeline.find((x: { activity_type: string }) => x.activity_type === t);
    expect(byType('edited')).toMatchObject({
      comment: '<p>more <strong>detail</strong></p>',
      object_id: qid,
      object_type: 'question',
      cancelled: false,
      cancelled_at: 0,
      user_info: { id: String(owner.id) },
    });
    expect(Number(byType('edited').revision_id)).toBeGreaterThan(0);
    expect(byType('closed').comment).toBe('<p>Needs <em>focus</em></p>');
    expect(byType('answered')).toMatchObject({ object_id: aid, object_type: 'answer', user_info: { id: String(u.id) } });
    expect(byType('deleted').user_info.id).toBe('1');
    expect(byType('asked').comment).toBe('');
    expect(r.body.data.object_info).toEqual({
      title: 'A question with a longer history',
      object_type: 'question',
      question_id: qid,
      answer_id: '',
      main_tag_slug_name: '',
      username: expect.any(String),
      display_name: 'asker',
    });
    expect(typeof r.body.data.timeline[0].activity_id).toBe('string');
  });

  it('shows the comment of a commented entry', async () => {
    const cid = await newObjectId(db(), OBJECT_TYPE.comment);
    await db()
      .insertInto('comment')
      .values({
        id: cid,
        user_id: 1,
        object_id: qid,
        question_id: qid,
        original_text: 'nice',
        parsed_text: '<p>nice</p>',
        created_at: 10,
        updated_at: 10,
      })
      .execute();
    await recordTimeline(db(), {
      userId: 1,
      objectId: cid,
      originalObjectId: qid,
      key: 'question.commented',
      now: app.lantern.ctx.clock.now() + 5,
    });
    const entry = (await timeline(owner.token, qid)).body.data.timeline[0];
    expect(entry).toMatchObject({ activity_type: 'commented', comment: '<p>nice</p>', object_id: cid, object_type: 'comment' });
  });

  it('shows votes only when asked, hides downvoters from non-admins and marks cancelled votes', async () => {
    const up = await makeUser(app, { rank: 200 });
    const down = await makeUser(app, { rank: 200 });
    await app.call('POST', `${V1}/vote/up`, { token: up.token, body: { object_id: qid, is_cancel: false } });
    await app.call('POST', `${V1}/vote/down`, { token: down.token, body: { object_id: qid, is_cancel: false } });
    await app.call('POST', `${V1}/vote/up`, { token: up.token, body: { object_id: qid, is_cancel: true } });
    expect(types(await timeline(owner.token, qid))).toEqual(['asked']);
    const r = await timeline(owner.token, qid, true);
    const votes = r.body.data.timeline.filter((t: { activity_type: string }) => t.activity_type !== 'asked');
    expect(votes.map((v: { activity_type: string }) => v.activity_type).sort()).toEqual(['downvote', 'upvote']);
    const upvote = votes.find((v: { activity_type: string }) => v.activity_type === 'upvote');
    expect(upvote).toMatchObject({ cancelled: true, user_info: { id: String(up.id) } });
    expect(upvote.cancelled_at).toBeGreaterThan(0);
    expect(votes.find((v: { activity_type: string }) => v.activity_type === 'downvote').user_info).toMatchObject({
      username: 'N/A',
      display_name: 'N/A',
    });
    const asAdmin = await timeline(admin, qid, true);
    expect(asAdmin.body.data.timeline.find((v: { activity_type: string }) => v.activity_type === 'downvote').user_info.id).toBe(
      String(down.id),
    );
  });

  it('records answer events on the answer: answered, edited, deleted, undeleted', async () => {
    const u = await makeUser(app, { rank: 1, name: 'answerer' });
    const aid = (
      await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'An answer for the timeline.' } })
    ).body.data.info.id;
    await app.call('PUT', `${V1}/answer`, {
      token: u.token,
      body: { id: aid, question_id: qid, content: 'An edited answer for the timeline.', edit_summary: 'fix' },
    });
    await app.call('DELETE', `${V1}/answer`, { token: u.token, body: { id: aid } });
    await app.call('POST', `${V1}/answer/recover`, { token: admin, body: { answer_id: aid } });
    const r = await timeline(u.token, aid);
    expect(types(r)).toEqual(['undeleted', 'deleted', 'edited', 'answered']);
    expect(r.body.data.timeline[2].comment).toBe('<p>fix</p>');
    expect(r.body.data.object_info).toEqual({
      title: 'A question with a history',
      object_type: 'answer',
      question_id: qid,
      answer_id: aid,
      main_tag_slug_name: '',
      username: expect.any(String),
      display_name: 'answerer',
    });
  });

  it("shows a tag's timeline with the tag as object", async () => {
    const tag = await db().selectFrom('tag').select(['id']).where('slug_name', '=', 'sqlite').executeTakeFirstOrThrow();
    await recordTimeline(db(), {
      userId: 1,
      objectId: tag.id,
      originalObjectId: tag.id,
      key: 'tag.edited',
      now: app.lantern.ctx.clock.now() + 10,
    });
    const r = await timeline(owner.token, tag.id);
    expect(r.body.data.object_info).toMatchObject({ title: 'sqlite', object_type: 'tag', main_tag_slug_name: 'sqlite' });
    expect(types(r)[0]).toBe('edited');
  });

  it('hides deleted objects from others, 404s unknown ones and needs an active login', async () => {
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    const other = await makeUser(app);
    expect((await timeline(other.token, qid)).body).toMatchObject({ code: 404, reason: 'error.object.not_found' });
    expect((await timeline(owner.token, qid)).status).toBe(200);
    expect((await timeline(admin, qid)).status).toBe(200);
    expect((await timeline(admin, '10010000000099999')).status).toBe(404);
    expect((await timeline(admin, '42')).body).toMatchObject({ code: 400, reason: 'error.object.not_found' });
    expect((await app.call('GET', `${V1}/activity/timeline`, { token: admin })).body.data).toEqual([
      { error_field: 'object_id', error_msg: 'Object id cannot be empty.' },
    ]);
    expect((await timeline('', qid)).status).toBe(401);
    expect((await timeline((await makeUser(app, { mailStatus: 2 })).token, qid)).status).toBe(403);
  });
});

describe('GET /activity/timeline/detail', () => {
  it('compares two revisions of a question; the old side may be absent', async () => {
    await db()
      .insertInto('tag')
      .values({ id: await newObjectId(db(), OBJECT_TYPE.tag), slug_name: 'backup', display_name: 'Backup', created_at: 1, updated_at: 1 })
      .execute();
    await app.call('PUT', `${V1}/question`, {
      token: owner.token,
      body: { id: qid, title: 'A question with a new title', content: 'Second version.', tags: [{ slug_name: 'backup' }] },
    });
    const revs = await db().selectFrom('revision').select('id').where('object_id', '=', qid).orderBy('id').execute();
    const r = await app.call('GET', `${V1}/activity/timeline/detail?old_revision_id=${revs[0].id}&new_revision_id=${revs[1].id}`, {
      token: owner.token,
    });
    expect(r.body.data).toEqual({
      old_revision: {
        title: 'A question with a history',
        tags: [{ slug_name: 'sqlite', display_name: 'sqlite', main_tag_slug_name: '', recommend: false, reserved: false }],
        original_text: 'First version.',
        slug_name: '',
        main_tag_slug_name: '',
      },
      new_revision: {
        title: 'A question with a new title',
        tags: [{ slug_name: 'backup', display_name: 'Backup', main_tag_slug_name: '', recommend: false, reserved: false }],
        original_text: 'Second version.',
        slug_name: '',
        main_tag_slug_name: '',
      },
    });
    const only = await app.call('GET', `${V1}/activity/timeline/detail?new_revision_id=${revs[0].id}`, { token: owner.token });
    expect(only.body.data.old_revision).toBeNull();
    expect(only.body.data.new_revision.title).toBe('A question with a history');
  });

  it('compares answer revisions and validates the ids', async () => {
    const u = await makeUser(app);
    const aid = (await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'Answer text one.' } })).body
      .data.info.id;
    const rev = await db().selectFrom('revision').select('id').where('object_id', '=', aid).executeTakeFirstOrThrow();
    const r = await app.call('GET', `${V1}/activity/timeline/detail?new_revision_id=${rev.id}`, { token: u.token });
    expect(r.body.data.new_revision).toEqual({
      title: '',
      tags: [],
      original_text: 'Answer text one.',
      slug_name: '',
      main_tag_slug_name: '',
    });
    expect((await app.call('GET', `${V1}/activity/timeline/detail`, { token: u.token })).body.data).toEqual([
      { error_field: 'new_revision_id', error_msg: 'New revision id cannot be empty.' },
    ]);
    expect((await app.call('GET', `${V1}/activity/timeline/detail?new_revision_id=abc`, { token: u.token })).body.data).toEqual([
      { error_field: 'new_revision_id', error_msg: 'New revision id is not valid.' },
    ]);
    expect((await app.call('GET', `${V1}/activity/timeline/detail?new_revision_id=99999`, { token: u.token })).body).toMatchObject({
      code: 404,
      reason: 'error.object.not_found',
    });
    expect((await app.call('GET', `${V1}/activity/timeline/detail?new_revision_id=${rev.id}`)).status).toBe(401);
    await db().updateTable('answer').set({ status: 10 }).where('id', '=', aid).execute();
    expect(
      (await app.call('GET', `${V1}/activity/timeline/detail?new_revision_id=${rev.id}`, { token: (await makeUser(app)).token })).status,
    ).toBe(404);
  });
});
