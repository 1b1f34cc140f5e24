import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { askQuestion } from '../../../tests/support/factories.js';

let app: TestApp;
let admin: string;
let qid: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  qid = await askQuestion(app, admin, { title: 'The original question title', content: 'The original **content**.', tags: ['sqlite'] });
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
const rankOf = async (id: number) => (await db().selectFrom('user').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank;
const suggest = (token: string, body: Record<string, unknown> = {}) =>
  app.call('PUT', `${V1}/question`, {
    token,
    body: {
      id: qid,
      title: 'A suggested better title',
      content: 'Suggested **content** here.',
      tags: [{ slug_name: 'sqlite' }],
      edit_summary: 'fixed the title',
      ...body,
    },
  });
const pendingId = async (objectId: string) =>
  String(
    (await db().selectFrom('revision').select('id').where('object_id', '=', objectId).where('status', '=', 1).executeTakeFirstOrThrow()).id,
  );
const audit = (token: string, id: string, operation: string) =>
  app.call('PUT', `${V1}/revisions/audit`, { token, body: { id, operation } });

/** A tag with a pending suggested description edit by `userId`. */
async function tagWithSuggestion(userId: number) {
  const ctx = app.lantern.ctx;
  const tagId = await newObjectId(ctx.db, OBJECT_TYPE.tag);
  await ctx.db
    .insertInto('tag')
    .values({
      id: tagId,
      slug_name: 'golang',
      display_name: 'Go',
      original_text: 'old',
      parsed_text: '<p>old</p>',
      created_at: 1,
      updated_at: 1,
      user_id: 1,
    })
    .execute();
  const content = JSON.stringify({
    id: tagId,
    slug_name: 'golang',
    display_name: 'Go language',
    original_text: 'The **Go** language.',
    parsed_text: '<p>The <strong>Go</strong> language.</p>',
  });
  const rev = await ctx.db
    .insertInto('revision')
    .values({
      user_id: userId,
      object_type: 3,
      object_id: tagId,
      title: 'golang',
      content,
      log: 'describe it',
      status: 1,
      created_at: 2,
      updated_at: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { tagId, revisionId: String(rev.id) };
}

describe('GET /revisions', () => {
  it('lists the applied revisions newest first with decoded content, never pending ones', async () => {
    await app.call('PUT', `${V1}/question`, {
      token: admin,
      body: {
        id: qid,
        title: 'The edited question title',
        content: 'Edited *content*.',
        tags: [{ slug_name: 'backup' }],
        edit_summary: 'retagged',
      },
    });
    await suggest((await makeUser(app, { rank: 100 })).token);
    const r = await app.call('GET', `${V1}/revisions?object_id=${qid}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    const [newest, first] = r.body.data;
    expect(newest).toMatchObject({
      use_id: '1',
      object_id: qid,
      title: 'The edited question title',
      url_title: 'the-edited-question-title',
      status: 2,
      reason: 'retagged',
      user_info: { id: '1', username: 'admin' },
    });
    expect(newest.content).toMatchObject({
      id: qid,
      title: 'The edited question title',
      content: 'Edited *content*.',
      html: '<p>Edited <em>content</em>.</p>',
      description: 'Edited content.',
      tags: [{ slug_name: 'backup', display_name: 'backup', main_tag_slug_name: '', recommend: false, reserved: false }],
    });
    expect(first).toMatchObject({
      status: 0,
      reason: '',
      content: { title: 'The original question title', tags: [{ slug_name: 'sqlite' }] },
    });
    expect(typeof newest.create_at).toBe('number');
    expect(Number(newest.id)).toBeGreaterThan(Number(first.id));
  });

  it('lists answer revisions and tag revisions', async () => {
    const u = await makeUser(app);
    const aid = (await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'An **answer** body.' } }))
      .body.data.info.id;
    const ans = await app.call('GET', `${V1}/revisions?object_id=${aid}`);
    expect(ans.body.data).toEqual([
      expect.objectContaining({
        object_id: aid,
        title: '',
        url_title: '',
        content: {
          id: aid,
          question_id: qid,
          content: 'An **answer** body.',
          html: '<p>An <strong>answer</strong> body.</p>',
          description: 'An answer body.',
        },
      }),
    ]);
    const { tagId, revisionId } = await tagWithSuggestion(1);
    await db().updateTable('revision').set({ status: 0 }).where('id', '=', Number(revisionId)).execute();
    const tag = await app.call('GET', `${V1}/revisions?object_id=${tagId}`);
    expect(tag.body.data[0].content).toMatchObject({
      tag_id: tagId,
      slug_name: 'golang',
      display_name: 'Go language',
      original_text: 'The **Go** language.',
      description: 'The Go language.',
    });
  });

  it('answers 400 for ids of other kinds, 404 for unknown objects and hides deleted ones from others', async () => {
    expect((await app.call('GET', `${V1}/revisions?object_id=1`)).body).toMatchObject({ code: 400, reason: 'error.object.not_found' });
    expect((await app.call('GET', `${V1}/revisions?object_id=10070000000000001`)).body.reason).toBe('error.object.not_found');
    expect((await app.call('GET', `${V1}/revisions?object_id=10010000000099999`)).status).toBe(404);
    expect((await app.call('GET', `${V1}/revisions`)).body.data).toEqual([
      { error_field: 'object_id', error_msg: 'Object id cannot be empty.' },
    ]);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await app.call('GET', `${V1}/revisions?object_id=${qid}`)).status).toBe(404);
    expect((await app.call('GET', `${V1}/revisions?object_id=${qid}`, { token: admin })).body.data).toHaveLength(1);
  });

  it('needs a login when the site is private', async () => {
    const login = await app.lantern.ctx.settings.get('login');
    await app.lantern.ctx.settings.put('login', { ...login, login_required: true });
    expect((await app.call('GET', `${V1}/revisions?object_id=${qid}`)).status).toBe(401);
    expect((await app.call('GET', `${V1}/revisions?object_id=${qid}`, { token: admin })).status).toBe(200);
  });
});

describe('GET /revisions/edit/check', () => {
  const check = (token: string, id: string) => app.call('GET', `${V1}/revisions/edit/check?id=${id}`, { token });

  it('answers null when the caller may edit, 403 without the privilege, 400 while a suggestion waits', async () => {
    const owner = await makeUser(app, { rank: 1 });
    await db().updateTable('question').set({ user_id: owner.id }).where('id', '=', qid).execute();
    expect((await check(owner.token, qid)).body).toMatchObject({ code: 200, data: null });
    const low = await makeUser(app, { rank: 99 });
    expect((await check(low.token, qid)).body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 100 reputation to do this.',
    });
    const editor = await makeUser(app, { rank: 100 });
    expect((await check(editor.token, qid)).body.data).toBeNull();
    await suggest(editor.token);
    const busy = await check(owner.token, qid);
    expect(busy.body).toEqual({
      code: 400,
      reason: 'error.revision.review_underway',
      msg: "Can't edit currently, there is a version in the review queue.",
      data: { err_type: 'toast' },
    });
  });

  it('checks tags against tag.edit (50) and refuses anonymous, unknown and deleted objects', async () => {
    const { tagId } = await tagWithSuggestion(1);
    const low = await makeUser(app, { rank: 49 });
    expect((await check(low.token, tagId)).status).toBe(403);
    expect((await check((await makeUser(app, { rank: 50 })).token, tagId)).body.reason).toBe('error.revision.review_underway');
    expect((await check('', qid)).status).toBe(401);
    expect((await check(admin, '10010000000099999')).status).toBe(404);
    expect((await check(admin, 'abc!')).status).toBe(400);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await check(admin, qid)).body).toMatchObject({ code: 400, reason: 'error.object.already_deleted' });
  });
});

describe('GET /revisions/unreviewed and PUT /revisions/audit', () => {
  it('shows one suggestion per page to users who may review that type, with the current object beside it', async () => {
    const editor = await makeUser(app, { rank: 100 });
    await suggest(editor.token);
    const u = await makeUser(app);
    const aid = (await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'An answer to improve.' } }))
      .body.data.info.id;
    await app.call('PUT', `${V1}/answer`, {
      token: editor.token,
      body: { id: aid, question_id: qid, content: 'An improved answer text.' },
    });
    await tagWithSuggestion(editor.id);
    const reviewer = await makeUser(app, { rank: 1000 });
    const p1 = await app.call('GET', `${V1}/revisions/unreviewed?page=1`, { token: reviewer.token });
    expect(p1.body.data.count).toBe(2);
    expect(p1.body.data.list).toHaveLength(1);
    const item = p1.body.data.list[0];
    expect(item.type).toBe('question');
    expect(item.info).toMatchObject({
      object_id: qid,
      object_type: 'question',
      title: 'The original question title',
      content: 'The original **content**.',
      answer_count: 1,
      answer_accepted: false,
      object_creator_user_id: '1',
      status: 1,
      show_status: 1,
      tags: [{ slug_name: 'sqlite' }],
    });
    expect(item.unreviewed_info).toMatchObject({
      status: 1,
      use_id: String(editor.id),
      reason: 'fixed the title',
      content: { title: 'A suggested better title' },
    });
    const p2 = await app.call('GET', `${V1}/revisions/unreviewed?page=2`, { token: reviewer.token });
    expect(p2.body.data.list[0]).toMatchObject({
      type: 'answer',
      info: { answer_id: aid, question_id: qid, content: 'An answer to improve.' },
      unreviewed_info: { content: { content: 'An improved answer text.' } },
    });
    expect((await app.call('GET', `${V1}/revisions/unreviewed?page=3`, { token: reviewer.token })).body.data).toEqual({
      count: 2,
      list: [],
    });
    expect((await app.call('GET', `${V1}/revisions/unreviewed?page=1`, { token: admin })).body.data.count).toBe(3);
    // the reference gives users without the power an empty page; Lantern refuses them
    const refused = await app.call('GET', `${V1}/revisions/unreviewed`, { token: editor.token });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('error.revision.no_permission');
    expect((await app.call('GET', `${V1}/revisions/unreviewed`)).status).toBe(401);
  });

  it('approving a question suggestion applies it and gives the suggester +2 once per post', async () => {
    const editor = await makeUser(app, { rank: 100 });
    const reviewer = await makeUser(app, { rank: 1000 });
    await db()
      .insertInto('tag')
      .values({ id: await newObjectId(db(), OBJECT_TYPE.tag), slug_name: 'backup', display_name: 'backup', created_at: 1, updated_at: 1 })
      .execute();
    expect((await suggest(editor.token, { tags: [{ slug_name: 'sqlite' }, { slug_name: 'backup' }] })).body.data.wait_for_review).toBe(
      true,
    );
    const id = await pendingId(qid);
    const r = await audit(reviewer.token, id, 'approve');
    expect(r.body).toMatchObject({ code: 200, data: {} });
    const q = await db().selectFrom('question').selectAll().where('id', '=', qid).executeTakeFirstOrThrow();
    expect(q).toMatchObject({
      title: 'A suggested better title',
      original_text: 'Suggested **content** here.',
      last_edit_user_id: editor.id,
      revision_id: Number(id),
    });
    expect(q.parsed_text).toContain('<strong>content</strong>');
    const info = (await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data;
    expect(info.tags.map((t: { slug_name: string }) => t.slug_name).sort()).toEqual(['backup', 'sqlite']);
    expect(
      await db().selectFrom('revision').select(['status', 'review_user_id']).where('id', '=', Number(id)).executeTakeFirstOrThrow(),
    ).toEqual({ status: 2, review_user_id: reviewer.id });
    expect(await rankOf(editor.id)).toBe(102);
    expect(await rankOf(reviewer.id)).toBe(1000);
    const reward = await db().selectFrom('activity').selectAll().where('activity_type', '=', 11).executeTakeFirstOrThrow();
    expect(reward).toMatchObject({
      user_id: editor.id,
      trigger_user_id: reviewer.id,
      object_id: qid,
      rank: 2,
      has_rank: 1,
      revision_id: Number(id),
    });
    const edited = await db().selectFrom('activity').selectAll().where('activity_type', '=', 93).executeTakeFirstOrThrow();
    expect(edited).toMatchObject({ user_id: editor.id, original_object_id: qid, revision_id: Number(id) });
    // a second approved suggestion on the same post earns nothing more
    await suggest(editor.token, { title: 'A second suggested title' });
    await audit(reviewer.token, await pendingId(qid), 'approve');
    expect((await db().selectFrom('question').select('title').where('id', '=', qid).executeTakeFirstOrThrow()).title).toBe(
      'A second suggested title',
    );
    expect(await rankOf(editor.id)).toBe(102);
    // approving again is a no-op
    expect((await audit(reviewer.token, id, 'approve')).status).toBe(200);
    expect(await rankOf(editor.id)).toBe(102);
  });

  it("scenario: a low-reputation user suggests an edit, a moderator approves it, and it becomes the post's revision", async () => {
    const newcomer = await makeUser(app, { rank: 100 });
    const moderator = await makeUser(app, { roleId: 3 });
    const suggested = await suggest(newcomer.token);
    expect(suggested.body.data).toMatchObject({ wait_for_review: true });
    // not visible yet: the question and its revision list are unchanged
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data.title).toBe('The original question title');
    const id = await pendingId(qid);
    expect((await app.call('GET', `${V1}/revisions/unreviewed`, { token: moderator.token })).body.data.list[0].unreviewed_info.id).toBe(id);
    expect((await audit(moderator.token, id, 'approve')).status).toBe(200);
    const info = (await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data;
    expect(info.title).toBe('A suggested better title');
    const list = (await app.call('GET', `${V1}/revisions?object_id=${qid}`)).body.data;
    expect(list[0]).toMatchObject({
      id,
      use_id: String(newcomer.id),
      status: 2,
      reason: 'fixed the title',
      content: { title: 'A suggested better title' },
    });
    expect(await rankOf(newcomer.id)).toBe(102);
  });

  it('rejecting closes the suggestion and changes nothing else', async () => {
    const editor = await makeUser(app, { rank: 100 });
    await suggest(editor.token);
    const id = await pendingId(qid);
    expect((await audit(admin, id, 'reject')).status).toBe(200);
    expect(
      await db().selectFrom('revision').select(['status', 'review_user_id']).where('id', '=', Number(id)).executeTakeFirstOrThrow(),
    ).toEqual({ status: 3, review_user_id: 1 });
    expect((await db().selectFrom('question').select('title').where('id', '=', qid).executeTakeFirstOrThrow()).title).toBe(
      'The original question title',
    );
    expect(await rankOf(editor.id)).toBe(100);
    expect((await suggest(editor.token, { title: 'Another try after rejection' })).body.data.wait_for_review).toBe(true);
  });

  it('needs the review privilege of the type to approve and to reject (the reference lets anyone reject)', async () => {
    const editor = await makeUser(app, { rank: 100 });
    await suggest(editor.token);
    const id = await pendingId(qid);
    // no audit power at all: refused (403) before the revision is looked up
    for (const op of ['approve', 'reject']) {
      expect((await audit(editor.token, id, op)).body).toMatchObject({
        code: 403,
        reason: 'error.revision.no_permission',
        msg: 'No permission to revise.',
      });
    }
    const { revisionId } = await tagWithSuggestion(editor.id);
    expect((await audit((await makeUser(app, { rank: 1000 })).token, revisionId, 'approve')).body.reason).toBe(
      'error.revision.no_permission',
    );
    expect((await audit('', id, 'approve')).status).toBe(401);
  });

  it('validates the request and 404s unknown revisions', async () => {
    expect((await audit(admin, '999999', 'approve')).body).toMatchObject({ code: 404, reason: 'error.object.not_found' });
    expect((await audit(admin, 'abc', 'approve')).status).toBe(404);
    expect((await audit(admin, '1', 'maybe')).body.data).toEqual([
      { error_field: 'operation', error_msg: 'Operation must be one of: approve, reject.' },
    ]);
    expect((await app.call('PUT', `${V1}/revisions/audit`, { token: admin, body: { operation: 'approve' } })).body.data).toEqual([
      { error_field: 'id', error_msg: 'Id cannot be empty.' },
    ]);
  });

  it('approves answer suggestions: text, editor, question activity time and reputation', async () => {
    const u = await makeUser(app);
    const aid = (await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'An answer to improve.' } }))
      .body.data.info.id;
    const editor = await makeUser(app, { rank: 100 });
    expect(
      (
        await app.call('PUT', `${V1}/answer`, {
          token: editor.token,
          body: { id: aid, question_id: qid, content: 'An improved **answer**.' },
        })
      ).body.data.wait_for_review,
    ).toBe(true);
    await db().updateTable('question').set({ post_update_time: 5 }).where('id', '=', qid).execute();
    expect((await audit(admin, await pendingId(aid), 'approve')).status).toBe(200);
    const a = await db().selectFrom('answer').selectAll().where('id', '=', aid).executeTakeFirstOrThrow();
    expect(a).toMatchObject({
      original_text: 'An improved **answer**.',
      parsed_text: '<p>An improved <strong>answer</strong>.</p>',
      last_edit_user_id: editor.id,
    });
    expect(
      (await db().selectFrom('question').select('post_update_time').where('id', '=', qid).executeTakeFirstOrThrow()).post_update_time,
    ).toBeGreaterThan(5);
    expect(await rankOf(editor.id)).toBe(102);
    expect(
      (await db().selectFrom('activity').select('original_object_id').where('activity_type', '=', 11).executeTakeFirstOrThrow())
        .original_object_id,
    ).toBe(qid);
  });

  it('approves tag suggestions (tag.audit 2500): description, timeline and reputation', async () => {
    const editor = await makeUser(app, { rank: 50 });
    const { tagId, revisionId } = await tagWithSuggestion(editor.id);
    const reviewer = await makeUser(app, { rank: 2500 });
    expect((await audit(reviewer.token, revisionId, 'approve')).status).toBe(200);
    const tag = await db().selectFrom('tag').selectAll().where('id', '=', tagId).executeTakeFirstOrThrow();
    expect(tag).toMatchObject({
      display_name: 'Go language',
      original_text: 'The **Go** language.',
      parsed_text: '<p>The <strong>Go</strong> language.</p>',
      revision_id: Number(revisionId),
    });
    expect(
      await db()
        .selectFrom('activity')
        .select(['activity_type', 'user_id'])
        .where('original_object_id', '=', tagId)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { activity_type: 103, user_id: editor.id },
      { activity_type: 11, user_id: editor.id },
    ]);
    expect(await rankOf(editor.id)).toBe(52);
  });

  it('refuses to approve a suggestion for a deleted post, but it can still be rejected', async () => {
    await suggest((await makeUser(app, { rank: 100 })).token);
    const id = await pendingId(qid);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await audit(admin, id, 'approve')).body).toMatchObject({ code: 400, reason: 'error.object.already_deleted' });
    expect((await audit(admin, id, 'reject')).status).toBe(200);
  });
});

describe('GET /reviewing/type', () => {
  it('counts queued posts and flags for staff and suggestions for whoever may review them', async () => {
    const now = 100;
    await db().insertInto('review').values({ user_id: 1, object_id: qid, object_type: 1, created_at: now, updated_at: now }).execute();
    for (const s of [1, 1, 2] as const)
      await db()
        .insertInto('report')
        .values({
          id: await newObjectId(db(), OBJECT_TYPE.report),
          user_id: 1,
          object_id: qid,
          reported_user_id: 1,
          object_type: 1,
          report_type: 57,
          status: s,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await suggest((await makeUser(app, { rank: 100 })).token);
    const staff = await app.call('GET', `${V1}/reviewing/type`, { token: admin });
    expect(staff.body.data).toEqual([
      { name: 'queued_post', label: 'Queued post', todo_amount: 1 },
      { name: 'flagged_post', label: 'Flagged post', todo_amount: 2 },
      { name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 1 },
    ]);
    const reviewer = await makeUser(app, { rank: 1000 });
    expect((await app.call('GET', `${V1}/reviewing/type`, { token: reviewer.token })).body.data).toEqual([
      { name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 1 },
    ]);
    expect((await app.call('GET', `${V1}/reviewing/type`, { token: (await makeUser(app)).token })).body.data).toEqual([]);
    expect((await app.call('GET', `${V1}/reviewing/type`, { token: admin, lang: 'zh_CN' })).body.data[2].label).toBe('建议的编辑');
    expect((await app.call('GET', `${V1}/reviewing/type`)).status).toBe(401);
  });
});

describe('GET /reasons', () => {
  it('lists the close and flag reasons with their config ids and texts', async () => {
    const u = await makeUser(app);
    const close = await app.call('GET', `${V1}/reasons?object_type=question&action=close`, { token: u.token });
    expect(close.body.data.map((r: { reason_type: number }) => r.reason_type)).toEqual([60, 63, 64, 59]);
    expect(close.body.data[0]).toEqual({
      reason_key: 'reason.a_duplicate',
      reason_type: 60,
      name: 'a duplicate',
      description: 'This question has been asked before and already has an answer.',
      content_type: 'text',
      placeholder: 'Enter the existing question link',
    });
    expect(close.body.data[3]).toMatchObject({
      reason_key: 'reason.something',
      content_type: 'textarea',
      placeholder: 'Let us know specifically what you are concerned about',
    });
    const flag = await app.call('GET', `${V1}/reasons?object_type=answer&action=flag`, { token: u.token });
    expect(flag.body.data.map((r: { reason_key: string }) => r.reason_key)).toEqual([
      'reason.spam',
      'reason.rude_or_abusive',
      'reason.something',
      'reason.not_a_answer',
    ]);
    expect(flag.body.data[0]).toMatchObject({ name: 'spam', content_type: '', placeholder: '' });
    const status = await app.call('GET', `${V1}/reasons?object_type=user&action=status`, { token: u.token });
    expect(status.body.data.map((r: { reason_type: number }) => r.reason_type)).toEqual([66, 70, 69, 71]);
    expect((await app.call('GET', `${V1}/reasons?object_type=user&action=close`, { token: u.token })).body.data).toEqual([]);
    expect(
      (await app.call('GET', `${V1}/reasons?object_type=question&action=flag`, { token: u.token, lang: 'zh_CN' })).body.data[0].name,
    ).toBe('垃圾信息');
  });

  it('validates the query and needs an active login', async () => {
    const u = await makeUser(app);
    const bad = await app.call('GET', `${V1}/reasons?object_type=post&action=close`, { token: u.token });
    expect(bad.body.data).toEqual([
      { error_field: 'object_type', error_msg: 'Object type must be one of: question, answer, comment, user.' },
    ]);
    expect((await app.call('GET', `${V1}/reasons?object_type=question`, { token: u.token })).body.data).toEqual([
      { error_field: 'action', error_msg: 'Action cannot be empty.' },
    ]);
    expect((await app.call('GET', `${V1}/reasons?object_type=question&action=close`)).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('GET', `${V1}/reasons?object_type=question&action=close`, { token: inactive.token })).status).toBe(403);
  });
});
