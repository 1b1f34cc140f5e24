import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { askQuestion } from '../../../tests/support/factories.js';

let app: TestApp;
let admin: string;
let owner: { id: number; token: string };
let flagger: { id: number; token: string };
let qid: string;
let aid: string;
let cid: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  owner = await makeUser(app);
  flagger = await makeUser(app);
  await askQuestion(app, admin, { title: 'A tag for everyone to use', content: 'Creates the tag.', tags: ['flags'] });
  qid = await askQuestion(app, owner.token, {
    title: 'A question that gets flagged',
    content: 'Some questionable content.',
    tags: ['flags'],
  });
  aid = (
    await app.call('POST', `${V1}/answer`, { token: owner.token, body: { question_id: qid, content: 'An answer that gets flagged.' } })
  ).body.data.info.id;
  cid = (
    await app.call('POST', `${V1}/comment`, { token: owner.token, body: { object_id: qid, original_text: 'A comment that gets flagged' } })
  ).body.data.comment_id;
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
// config ids of the reasons (seeded with the reference's ids)
const SPAM = 57;
const SOMETHING = 59;
const DUPLICATE = 60;
const NOT_AN_ANSWER = 61;
const NO_LONGER_NEEDED = 62;

const flag = (token: string | undefined, body: Record<string, unknown>) => app.call('POST', `${V1}/report`, { token, body });
const flags = (token?: string, page = 1) => app.call('GET', `${V1}/report/unreviewed/post?page=${page}`, { token });
const handle = (token: string | undefined, body: Record<string, unknown>) => app.call('PUT', `${V1}/report/review`, { token, body });
const reportsOf = (objectId: string) =>
  db().selectFrom('report').selectAll().where('object_id', '=', objectId).orderBy('created_at').execute();
const questionUrl = (id: string) => `http://127.0.0.1/questions/${id}/some-title`;
async function flagId(objectId: string): Promise<string> {
  return (await reportsOf(objectId))[0].id;
}

describe('POST /report', () => {
  it('stores a flag of a question, an answer and a comment with the reason and remark', async () => {
    const r = await flag(flagger.token, { object_id: qid, report_type: SPAM, content: 'It sells things.' });
    expect(r.body).toMatchObject({ code: 200, data: null });
    const [row] = await reportsOf(qid);
    expect(row).toMatchObject({
      user_id: flagger.id,
      object_id: qid,
      reported_user_id: owner.id,
      object_type: 1,
      report_type: SPAM,
      content: 'It sells things.',
      status: 1,
    });
    expect(row.id).toMatch(/^1008\d{13}$/);
    expect((await flag(flagger.token, { object_id: aid, report_type: NOT_AN_ANSWER })).status).toBe(200);
    expect((await reportsOf(aid))[0]).toMatchObject({ object_type: 2, report_type: NOT_AN_ANSWER, content: '' });
    expect((await flag(flagger.token, { object_id: cid, report_type: String(NO_LONGER_NEEDED) })).status).toBe(200);
    expect((await reportsOf(cid))[0]).toMatchObject({ object_type: 7, report_type: NO_LONGER_NEEDED, reported_user_id: owner.id });
    const types = await app.call('GET', `${V1}/reviewing/type`, { token: admin });
    expect(types.body.data).toContainEqual({ name: 'flagged_post', label: 'Flagged post', todo_amount: 3 });
  });

  it.each([
    [{ report_type: SPAM }, 'object_id', 'Object id cannot be empty.'],
    [{ object_id: 'x' }, 'report_type', 'Reason cannot be empty.'],
    [{ object_id: 'x', report_type: 'spam' }, 'report_type', 'Reason is not valid.'],
    [{ object_id: 'x', report_type: 1.5 }, 'report_type', 'Reason is not valid.'],
    [{ object_id: 'x', report_type: SPAM, content: 'y'.repeat(501) }, 'content', 'Content up to 500 characters.'],
  ])('validates %j', async (body, field, message) => {
    const r = await flag(flagger.token, body);
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('takes only the flag reasons of that kind of post, with a remark where the reason asks for one', async () => {
    const wrongKind = await flag(flagger.token, { object_id: qid, report_type: NOT_AN_ANSWER });
    expect(wrongKind.body).toMatchObject({
      code: 400,
      reason: 'error.report.not_found',
      data: [{ error_field: 'report_type', error_msg: 'Report not found.' }],
    });
    expect((await flag(flagger.token, { object_id: qid, report_type: 1 })).body.reason).toBe('error.report.not_found');
    const noRemark = await flag(flagger.token, { object_id: qid, report_type: SOMETHING, content: '  ' });
    expect(noRemark.body).toMatchObject({
      code: 400,
      reason: 'error.report.content_required',
      data: [{ error_field: 'content', error_msg: 'Please tell us more about this reason.' }],
    });
    expect((await flag(flagger.token, { object_id: qid, report_type: SOMETHING, content: 'Off topic here.' })).status).toBe(200);
    expect(await reportsOf(qid)).toHaveLength(1);
  });

  it('needs the URL of another question of this site for a duplicate', async () => {
    const other = await askQuestion(app, admin, { title: 'The original question', content: 'Asked before.', tags: ['flags'] });
    const cases: [string, string][] = [
      ['not a url', 'error.common.invalid_url'],
      ['ftp://127.0.0.1/questions/1', 'error.common.invalid_url'],
      [`https://elsewhere.example.com/questions/${other}`, 'error.report.duplicate_url_invalid'],
      [questionUrl(qid), 'error.report.duplicate_url_invalid'],
      [questionUrl('10010000000099999'), 'error.report.duplicate_url_invalid'],
      ['http://127.0.0.1/tags/flags', 'error.report.duplicate_url_invalid'],
    ];
    for (const [content, reason] of cases) {
      const r = await flag(flagger.token, { object_id: qid, report_type: DUPLICATE, content });
      expect(r.body.reason, content).toBe(reason);
      expect(r.body.data[0].error_field).toBe('content');
    }
    expect((await flag(flagger.token, { object_id: qid, report_type: DUPLICATE, content: questionUrl(other) })).status).toBe(200);
  });

  it('refuses own posts, a second waiting flag, deleted posts and unknown ids', async () => {
    expect((await flag(owner.token, { object_id: qid, report_type: SPAM })).body).toMatchObject({
      code: 400,
      reason: 'error.report.own_post',
      msg: 'You cannot flag your own post.',
    });
    expect((await flag(flagger.token, { object_id: qid, report_type: SPAM })).status).toBe(200);
    expect((await flag(flagger.token, { object_id: qid, report_type: SOMETHING, content: 'Again.' })).body).toMatchObject({
      code: 400,
      reason: 'error.report.already_reported',
    });
    // another user may still flag it, and once handled the first user may flag it again
    expect((await flag((await makeUser(app)).token, { object_id: qid, report_type: SPAM })).status).toBe(200);
    await handle(admin, { flag_id: await flagId(qid), operation_type: 'ignore_report' });
    expect((await flag(flagger.token, { object_id: qid, report_type: SPAM })).status).toBe(200);
    await app.call('DELETE', `${V1}/answer`, { token: admin, body: { id: aid } });
    expect((await flag(flagger.token, { object_id: aid, report_type: SPAM })).body).toMatchObject({
      code: 400,
      reason: 'error.object.already_deleted',
    });
    expect((await flag(flagger.token, { object_id: '10010000000099999', report_type: SPAM })).body).toMatchObject({
      code: 404,
      reason: 'error.object.not_found',
    });
    expect((await flag(flagger.token, { object_id: '10030000000000001', report_type: SPAM })).body).toMatchObject({
      code: 400,
      reason: 'error.object.not_found',
    });
    expect((await flag(flagger.token, { object_id: 'no such id!', report_type: SPAM })).body).toMatchObject({
      code: 400,
      reason: 'error.object.not_found',
    });
  });

  it('needs a login and the report.add privilege', async () => {
    expect((await flag(undefined, { object_id: qid, report_type: SPAM })).status).toBe(401);
    const newcomer = await makeUser(app, { rank: 0 });
    const r = await flag(newcomer.token, { object_id: qid, report_type: SPAM });
    expect(r.body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 1 reputation to do this.',
    });
  });
});

describe('GET /report/unreviewed/post', () => {
  it('shows staff one waiting flag per page with the post, the reason and who flagged it', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM, content: 'Advertising.' });
    await flag(flagger.token, { object_id: aid, report_type: NOT_AN_ANSWER });
    const first = await flags(admin);
    expect(first.body.data.count).toBe(2);
    expect(first.body.data.list).toHaveLength(1);
    const row = (await reportsOf(qid))[0];
    const item = first.body.data.list[0];
    expect(item).toMatchObject({
      flag_id: row.id,
      object_id: qid,
      object_type: 'question',
      question_id: qid,
      answer_id: '',
      comment_id: '',
      title: 'A question that gets flagged',
      url_title: 'a-question-that-gets-flagged',
      original_text: 'Some questionable content.',
      parsed_text: '<p>Some questionable content.</p>',
      answer_count: 1,
      answer_accepted: false,
      object_status: 1,
      object_show_status: 1,
      reason_content: 'Advertising.',
      submit_at: row.created_at,
      reason: { reason_key: 'reason.spam', reason_type: SPAM, name: 'spam', content_type: '', placeholder: '' },
    });
    expect(item.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['flags']);
    expect(item.author_user_info.id).toBe(String(owner.id));
    expect(item.submitter_user.id).toBe(String(flagger.id));
    const second = (await flags(admin, 2)).body.data.list[0];
    expect(second).toMatchObject({
      object_type: 'answer',
      object_id: aid,
      answer_id: aid,
      question_id: qid,
      title: 'A question that gets flagged',
      reason: { name: 'not an answer' },
    });
    expect((await flags(admin, 3)).body.data).toEqual({ count: 2, list: [] });
    const zh = await app.call('GET', `${V1}/report/unreviewed/post`, { token: admin, lang: 'zh_CN' });
    expect(zh.body.data.list[0].reason.name).toBe('垃圾信息');
  });

  it('shows a flagged comment with its question', async () => {
    await flag(flagger.token, { object_id: cid, report_type: NO_LONGER_NEEDED });
    const item = (await flags(admin)).body.data.list[0];
    expect(item).toMatchObject({
      object_type: 'comment',
      object_id: cid,
      comment_id: cid,
      question_id: qid,
      answer_id: '',
      original_text: 'A comment that gets flagged',
      title: 'A question that gets flagged',
    });
  });

  it('is refused to plain users (the reference gives them an empty page) and 401 for anonymous', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    expect((await flags(flagger.token)).status).toBe(403);
    expect((await flags((await makeUser(app, { rank: 100000 })).token)).status).toBe(403);
    expect((await flags((await makeUser(app, { roleId: 3 })).token)).body.data.count).toBe(1);
    expect((await flags()).status).toBe(401);
  });
});

describe('PUT /report/review', () => {
  it('a flag leads through review to a close', async () => {
    const original = await askQuestion(app, admin, { title: 'The original question', content: 'Asked before.', tags: ['flags'] });
    expect((await flag(flagger.token, { object_id: qid, report_type: DUPLICATE, content: questionUrl(original) })).status).toBe(200);
    const item = (await flags(admin)).body.data.list[0];
    expect(item.reason).toMatchObject({
      reason_key: 'reason.a_duplicate',
      content_type: 'text',
      placeholder: 'Enter the existing question link',
    });
    const mod = await makeUser(app, { roleId: 3 });
    const r = await handle(mod.token, {
      flag_id: item.flag_id,
      operation_type: 'close_post',
      close_type: DUPLICATE,
      close_msg: item.reason_content,
    });
    expect(r.body).toMatchObject({ code: 200, data: null });
    const q = (await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data;
    expect(q.status).toBe(2);
    expect(q.operation).toMatchObject({ type: 'a duplicate', level: 'info' });
    expect(q.operation.msg).toContain(original);
    expect((await reportsOf(qid))[0].status).toBe(2);
    expect((await flags(admin)).body.data).toEqual({ count: 0, list: [] });
    // handling it again changes nothing
    expect((await handle(admin, { flag_id: item.flag_id, operation_type: 'delete_post' })).status).toBe(200);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data.status).toBe(2);
  });

  it('ignores a flag: the post stays, the flag leaves the queue', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    expect((await handle(admin, { flag_id: await flagId(qid), operation_type: 'ignore_report' })).status).toBe(200);
    expect((await reportsOf(qid))[0].status).toBe(3);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data.status).toBe(1);
  });

  it('deletes a flagged answer and completes every waiting flag of it', async () => {
    await flag(flagger.token, { object_id: aid, report_type: NOT_AN_ANSWER });
    await flag((await makeUser(app)).token, { object_id: aid, report_type: SPAM });
    const mod = await makeUser(app, { roleId: 3 });
    expect((await handle(mod.token, { flag_id: await flagId(aid), operation_type: 'delete_post' })).status).toBe(200);
    expect((await db().selectFrom('answer').select('status').where('id', '=', aid).executeTakeFirstOrThrow()).status).toBe(10);
    expect((await reportsOf(aid)).map((r) => r.status)).toEqual([2, 2]);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data.answer_count).toBe(0);
  });

  it('deletes a flagged question and a flagged comment, even when already deleted', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    await flag(flagger.token, { object_id: cid, report_type: SPAM });
    await app.call('DELETE', `${V1}/comment`, { token: owner.token, body: { comment_id: cid } });
    expect((await handle(admin, { flag_id: await flagId(cid), operation_type: 'delete_post' })).status).toBe(200);
    expect((await reportsOf(cid))[0].status).toBe(2);
    expect((await handle(admin, { flag_id: await flagId(qid), operation_type: 'delete_post' })).status).toBe(200);
    expect((await db().selectFrom('question').select('status').where('id', '=', qid).executeTakeFirstOrThrow()).status).toBe(10);
  });

  it('edits a flagged question, answer and comment directly', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    await flag(flagger.token, { object_id: aid, report_type: SPAM });
    await flag(flagger.token, { object_id: cid, report_type: SPAM });
    const mod = await makeUser(app, { roleId: 3 });
    expect(
      (
        await handle(mod.token, {
          flag_id: await flagId(qid),
          operation_type: 'edit_post',
          title: 'A cleaned up question title',
          content: 'Cleaned up content.',
          tags: [],
        })
      ).status,
    ).toBe(200);
    const q = (await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data;
    expect(q).toMatchObject({ title: 'A cleaned up question title', content: 'Cleaned up content.' });
    expect(q.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['flags']);
    expect(
      (await handle(mod.token, { flag_id: await flagId(aid), operation_type: 'edit_post', content: 'A cleaned up answer.' })).status,
    ).toBe(200);
    expect((await app.call('GET', `${V1}/answer/info?id=${aid}`)).body.data.info.content).toBe('A cleaned up answer.');
    expect(
      (await handle(mod.token, { flag_id: await flagId(cid), operation_type: 'edit_post', content: 'A cleaned up comment' })).status,
    ).toBe(200);
    expect((await db().selectFrom('comment').select('original_text').where('id', '=', cid).executeTakeFirstOrThrow()).original_text).toBe(
      'A cleaned up comment',
    );
    for (const id of [qid, aid, cid]) expect((await reportsOf(id))[0].status).toBe(2);
  });

  it('unlists a flagged question', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    expect((await handle(admin, { flag_id: await flagId(qid), operation_type: 'unlist_post' })).status).toBe(200);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data.show).toBe(2);
  });

  it('checks the operation against the post and the fields it needs; failures leave the flag waiting', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    await flag(flagger.token, { object_id: aid, report_type: SPAM });
    const fid = await flagId(qid);
    expect((await handle(admin, { flag_id: fid, operation_type: 'close_post' })).body.data).toEqual([
      { error_field: 'close_type', error_msg: 'Close type cannot be empty.' },
    ]);
    expect((await handle(admin, { flag_id: fid, operation_type: 'close_post', close_type: SPAM })).body).toMatchObject({
      code: 400,
      reason: 'error.report.not_found',
    });
    expect(
      (await handle(admin, { flag_id: fid, operation_type: 'close_post', close_type: DUPLICATE, close_msg: 'not a link' })).body.reason,
    ).toBe('error.common.invalid_url');
    expect((await handle(admin, { flag_id: fid, operation_type: 'edit_post', content: 'Only content here.' })).body.data).toEqual([
      { error_field: 'title', error_msg: 'Title cannot be empty.' },
    ]);
    const onAnswer = await handle(admin, { flag_id: await flagId(aid), operation_type: 'close_post', close_type: DUPLICATE });
    expect(onAnswer.body).toMatchObject({
      code: 400,
      reason: 'error.report.operation_not_allowed',
      data: [{ error_field: 'operation_type', error_msg: 'This action cannot be taken on this kind of post.' }],
    });
    expect((await handle(admin, { flag_id: await flagId(aid), operation_type: 'edit_post', content: 'short' })).body.data).toEqual([
      { error_field: 'content', error_msg: 'Content must be at least 6 characters.' },
    ]);
    expect((await reportsOf(qid))[0].status).toBe(1);
    expect((await reportsOf(aid))[0].status).toBe(1);
  });

  it('validates flag_id and operation_type; unknown flags are 404', async () => {
    expect((await handle(admin, { operation_type: 'ignore_report' })).body.data).toEqual([
      { error_field: 'flag_id', error_msg: 'Flag cannot be empty.' },
    ]);
    expect((await handle(admin, { flag_id: '10080000000000001' })).body.data).toEqual([
      { error_field: 'operation_type', error_msg: 'Action cannot be empty.' },
    ]);
    expect((await handle(admin, { flag_id: '10080000000000001', operation_type: 'burn' })).body.data).toEqual([
      {
        error_field: 'operation_type',
        error_msg: 'Action must be one of: edit_post, close_post, delete_post, unlist_post, ignore_report.',
      },
    ]);
    for (const id of ['10080000000099999', qid, 'garbage!']) {
      expect((await handle(admin, { flag_id: id, operation_type: 'ignore_report' })).body, id).toMatchObject({
        code: 404,
        reason: 'error.report.not_found',
      });
    }
  });

  it('is for staff only: plain users get 403, anonymous 401', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    const fid = await flagId(qid);
    const r = await handle(flagger.token, { flag_id: fid, operation_type: 'delete_post' });
    expect(r.body).toMatchObject({ code: 403, reason: 'base.forbidden_error' });
    expect((await handle((await makeUser(app, { rank: 100000 })).token, { flag_id: fid, operation_type: 'ignore_report' })).status).toBe(
      403,
    );
    expect((await handle(undefined, { flag_id: fid, operation_type: 'ignore_report' })).status).toBe(401);
    expect((await reportsOf(qid))[0].status).toBe(1);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data.status).toBe(1);
  });
});

describe('malformed input', () => {
  it('never answers 500', async () => {
    await flag(flagger.token, { object_id: qid, report_type: SPAM });
    const fid = await flagId(qid);
    const anyId = () =>
      fc.oneof(
        fc.constantFrom(qid, aid, cid, fid, '10010000000099999', '', '0', '1'.repeat(40)),
        fc.string({ maxLength: 40 }),
        fc.anything(),
      );
    const anyValue = () =>
      fc.oneof(fc.anything(), fc.string({ maxLength: 80 }), fc.integer(), fc.constantFrom(57, 59, 60, 61, 62, 63, '60', 0, -1, 1e12));
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          object_id: anyId(),
          flag_id: anyId(),
          report_type: anyValue(),
          content: fc.oneof(
            fc.string({ maxLength: 600 }),
            fc.constantFrom(questionUrl(qid), 'http://127.0.0.1/questions/x'),
            fc.anything(),
          ),
          operation_type: fc.oneof(
            fc.constantFrom('edit_post', 'close_post', 'delete_post', 'unlist_post', 'ignore_report'),
            fc.anything(),
          ),
          close_type: anyValue(),
          close_msg: fc.oneof(fc.string({ maxLength: 80 }), fc.anything()),
          title: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
          tags: fc.oneof(fc.array(fc.record({ slug_name: fc.string({ maxLength: 40 }) }), { maxLength: 7 }), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    const u = await makeUser(app);
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (b, asAdmin) => {
        for (const [method, path] of [
          ['POST', `${V1}/report`],
          ['PUT', `${V1}/report/review`],
        ]) {
          const r = await app.call(method, path, { token: asAdmin ? admin : u.token, body: JSON.stringify(b) ?? 'null' });
          expect(r.status).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (page) => {
        const r = await app.call('GET', `${V1}/report/unreviewed/post?page=${encodeURIComponent(page)}`, { token: admin });
        expect(r.status).toBe(200);
      }),
      { numRuns: 30 },
    );
  });
});
