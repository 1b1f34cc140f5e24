import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { countLinks, reviewerRules } from '../review-queue/review-queue.plugin.js';
import { askQuestion } from '../../../tests/support/factories.js';

let app: TestApp;
let admin: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  // the tag new users post with (creating tags needs more reputation)
  await askQuestion(app, admin, { title: 'The first tagged question', content: 'Made by the admin.', tags: ['newbie'] });
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const A = '/answer/admin/api';
const db = () => app.lantern.ctx.db;

/** Switches the reviewer on with some settings. */
async function reviewerOn(fields: Record<string, string> = { reputation_below: '10', first_posts: '1', max_links: '2' }) {
  expect(
    (await app.call('PUT', `${A}/plugin/config`, { token: admin, body: { plugin_slug_name: 'lantern_reviewer', config_fields: fields } }))
      .status,
  ).toBe(200);
  expect(
    (await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'lantern_reviewer', enabled: true } })).status,
  ).toBe(200);
}

const ask = (
  token: string,
  title = 'A question from a new user',
  content = 'Please help me with this problem.',
  tags = [{ slug_name: 'newbie' }],
) => app.call('POST', `${V1}/question`, { token, body: { title, content, tags } });
const queue = (token: string, qs = '') => app.call('GET', `${V1}/review/pending/post/page${qs}`, { token });
const decide = (token: string | undefined, review_id: unknown, status: unknown) =>
  app.call('PUT', `${V1}/review/pending/post`, { token, body: { review_id, status } });
const listed = async () => (await app.call('GET', `${V1}/question/page?order=newest`)).body.data.list.map((q: { id: string }) => q.id);
const reviewRow = (objectId: string) => db().selectFrom('review').selectAll().where('object_id', '=', objectId).executeTakeFirst();
const tagCount = async (slug: string) =>
  (await db().selectFrom('tag').select('question_count').where('slug_name', '=', slug).executeTakeFirst())?.question_count;

describe('the built-in reviewer plugin', () => {
  it('is registered, off by default, and configurable by the admin', async () => {
    const status = await app.call('GET', `${V1}/plugin/status`);
    expect(status.body.data).toContainEqual({ slug_name: 'lantern_reviewer', enabled: false });
    const form = await app.call('GET', `${A}/plugin/config?plugin_slug_name=lantern_reviewer`, { token: admin });
    expect(form.body.data.slug_name).toBe('lantern_reviewer');
    expect(form.body.data.config_fields.map((f: { name: string; value: unknown }) => [f.name, f.value])).toEqual([
      ['reputation_below', '100'],
      ['first_posts', '3'],
      ['max_links', '5'],
    ]);
    const bad = await app.call('PUT', `${A}/plugin/config`, {
      token: admin,
      body: { plugin_slug_name: 'lantern_reviewer', config_fields: { first_posts: 'many' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data[0].error_field).toBe('first_posts');
    await reviewerOn({ reputation_below: '50', first_posts: '2', max_links: '' });
    const saved = await app.call('GET', `${A}/plugin/config?plugin_slug_name=lantern_reviewer`, { token: admin });
    expect(saved.body.data.config_fields.map((f: { value: unknown }) => f.value)).toEqual(['50', '2', '']);
    expect((await app.call('GET', `${V1}/plugin/status`)).body.data).toContainEqual({ slug_name: 'lantern_reviewer', enabled: true });
  });

  it('reads its settings and counts external links only', () => {
    expect(reviewerRules({ reputation_below: '10', first_posts: '3', max_links: '0' })).toEqual({
      reputationBelow: 10,
      firstPosts: 3,
      maxLinks: 0,
    });
    expect(reviewerRules({ reputation_below: '0', first_posts: 'x', max_links: '' })).toEqual({
      reputationBelow: null,
      firstPosts: null,
      maxLinks: null,
    });
    expect(reviewerRules({ reputation_below: '-4', first_posts: '2.7', max_links: '1e3' })).toEqual({
      reputationBelow: null,
      firstPosts: 2,
      maxLinks: 1000,
    });
    expect(
      countLinks('<p><a href="https://a.example">a</a> <a href="/questions/1">b</a> <a href="mailto:x@y.z">c</a> <a href="#fn1">d</a></p>'),
    ).toBe(2);
  });

  it('queues nothing while it is off', async () => {
    const u = await makeUser(app);
    const r = await ask(u.token);
    expect(r.body.data.status).toBe(1);
    expect(await db().selectFrom('review').selectAll().execute()).toEqual([]);
  });
});

describe('a queued first post', () => {
  it('waits for review, seen only by its author and staff, then is approved and appears in question/page', async () => {
    await reviewerOn();
    const u = await makeUser(app);
    const other = await makeUser(app);
    const r = await ask(u.token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 11,
      operation: { level: 'secondary', msg: 'Your post is awaiting review. It will be visible after it has been approved.' },
    });
    const qid = r.body.data.id;
    // hidden from lists, others and the tag count; the author and staff still see it
    expect(await listed()).not.toContain(qid);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).status).toBe(404);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`, { token: other.token })).status).toBe(404);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`, { token: u.token })).body.data.status).toBe(11);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`, { token: admin })).body.data.status).toBe(11);
    expect(await tagCount('newbie')).toBe(1);
    expect((await db().selectFrom('user').select('question_count').where('id', '=', u.id).executeTakeFirstOrThrow()).question_count).toBe(
      0,
    );
    const types = await app.call('GET', `${V1}/reviewing/type`, { token: admin });
    expect(types.body.data).toContainEqual({ name: 'queued_post', label: 'Queued post', todo_amount: 1 });

    const page = await queue(admin);
    expect(page.body.data.count).toBe(1);
    const item = page.body.data.list[0];
    const row = await reviewRow(qid);
    expect(item).toMatchObject({
      review_id: row!.id,
      object_id: qid,
      question_id: qid,
      answer_id: '',
      comment_id: '',
      object_type: 'question',
      title: 'A question from a new user',
      url_title: 'a-question-from-a-new-user',
      original_text: 'Please help me with this problem.',
      parsed_text: '<p>Please help me with this problem.</p>',
      object_status: 11,
      object_show_status: 1,
      submit_at: row!.created_at,
      submitter_display_name: 'Post review queue',
      reason: 'The author has less than 10 reputation and fewer than 1 approved posts.',
    });
    expect(item.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['newbie']);
    expect(item.author_user_info.id).toBe(String(u.id));
    expect(row).toMatchObject({ user_id: u.id, object_type: 1, submitter: 'lantern_reviewer', status: 1 });

    const approved = await decide(admin, item.review_id, 'approve');
    expect(approved.body).toMatchObject({ code: 200, data: null });
    expect(await listed()).toContain(qid);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`, { token: other.token })).body.data.status).toBe(1);
    expect(await tagCount('newbie')).toBe(2);
    expect((await db().selectFrom('user').select('question_count').where('id', '=', u.id).executeTakeFirstOrThrow()).question_count).toBe(
      1,
    );
    expect(await reviewRow(qid)).toMatchObject({ status: 2, reviewer_user_id: 1 });
    expect((await queue(admin)).body.data).toEqual({ count: 0, list: [] });
    // the search index follows the status
    const found = await app.call('GET', `${V1}/search?q=${encodeURIComponent('problem')}`);
    expect(found.body.data.list.map((x: { object: { id: string } }) => x.object.id)).toContain(qid);
    // one approved post is enough with first_posts 1
    expect((await ask(u.token, 'A second question, published at once')).body.data.status).toBe(1);
    // approving again changes nothing
    expect((await decide(admin, item.review_id, 'approve')).status).toBe(200);
  });

  it('is deleted when rejected and never appears', async () => {
    await reviewerOn();
    const u = await makeUser(app);
    const qid = (await ask(u.token, 'Spam question for the queue', 'Buy things at the shop now.')).body.data.id;
    const id = (await queue(admin)).body.data.list[0].review_id;
    const mod = await makeUser(app, { roleId: 3 });
    expect((await decide(mod.token, id, 'reject')).status).toBe(200);
    expect(await reviewRow(qid)).toMatchObject({ status: 3, reviewer_user_id: mod.id });
    expect((await db().selectFrom('question').select('status').where('id', '=', qid).executeTakeFirstOrThrow()).status).toBe(10);
    expect(await listed()).not.toContain(qid);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).status).toBe(404);
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`, { token: u.token })).body.data.status).toBe(10);
    const found = await app.call('GET', `${V1}/search?q=shop`);
    expect(found.body.data.count).toBe(0);
    expect(await tagCount('newbie')).toBe(1);
    // still a new user: the next post waits too
    expect((await ask(u.token, 'Another try at a question')).body.data.status).toBe(11);
  });

  it('queues answers of new users and counts them only once approved', async () => {
    const qid = (await ask(admin, 'Question by the admin', 'Staff posts are never queued.')).body.data.id;
    await reviewerOn();
    const first = await makeUser(app, { rank: 50 });
    const firstAnswer = (
      await app.call('POST', `${V1}/answer`, { token: first.token, body: { question_id: qid, content: 'An answer by a trusted user.' } })
    ).body.data.info;
    expect(firstAnswer.status).toBe(1);
    const u = await makeUser(app);
    const r = await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'An answer by a newcomer.' } });
    expect(r.body.data.info.status).toBe(11);
    const aid = r.body.data.info.id;
    const q = (await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data;
    expect(q).toMatchObject({ answer_count: 1, last_answer_id: firstAnswer.id });
    expect((await app.call('GET', `${V1}/answer/page?question_id=${qid}`)).body.data.count).toBe(1);
    expect((await app.call('GET', `${V1}/answer/page?question_id=${qid}`, { token: u.token })).body.data.count).toBe(2);
    const item = (await queue(admin, `?object_id=${aid}`)).body.data.list[0];
    expect(item).toMatchObject({
      object_type: 'answer',
      object_id: aid,
      answer_id: aid,
      question_id: qid,
      title: 'Question by the admin',
      object_status: 11,
      tags: [],
    });
    expect((await queue(admin, `?object_id=${qid}`)).body.data.count).toBe(0);
    expect((await queue(admin, '?object_id=nonsense!')).body.data.count).toBe(0);
    await decide(admin, item.review_id, 'approve');
    expect((await app.call('GET', `${V1}/question/info?id=${qid}`)).body.data).toMatchObject({ answer_count: 2, last_answer_id: aid });
    expect((await db().selectFrom('user').select('answer_count').where('id', '=', u.id).executeTakeFirstOrThrow()).answer_count).toBe(1);
  });

  it('queues a question asked with its answer as two posts', async () => {
    await reviewerOn();
    const u = await makeUser(app);
    const r = await app.call('POST', `${V1}/question/answer`, {
      token: u.token,
      body: {
        title: 'Asked and answered at once',
        content: 'How does this work?',
        tags: [{ slug_name: 'newbie' }],
        answer_content: 'Like this, it seems.',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.info.status).toBe(11);
    expect(r.body.data.question.status).toBe(11);
    expect((await queue(admin)).body.data.count).toBe(2);
  });
});

describe('posts with many links', () => {
  it('are queued for anyone but staff, whatever the reputation', async () => {
    await reviewerOn();
    const trusted = await makeUser(app, { rank: 5000 });
    const links = 'See https://a.example.com and https://b.example.com and [c](https://c.example.com).';
    const r = await ask(trusted.token, 'A question with three links', links);
    expect(r.body.data.status).toBe(11);
    expect((await queue(admin)).body.data.list[0].reason).toBe('The post has 3 links (more than 2).');
    expect(
      (await ask(trusted.token, 'A question with two links', 'See https://a.example.com and https://b.example.com.')).body.data.status,
    ).toBe(1);
    const mod = await makeUser(app, { roleId: 3 });
    expect((await ask(mod.token, 'A moderator question with links', links)).body.data.status).toBe(1);
    expect((await ask(admin, 'An admin question with links', links)).body.data.status).toBe(1);
  });
});

describe('refusals and validation', () => {
  it('keeps the queue for staff: plain users see nothing and cannot decide, anonymous is 401', async () => {
    await reviewerOn();
    const u = await makeUser(app);
    await ask(u.token);
    const id = (await queue(admin)).body.data.list[0].review_id;
    const plain = await makeUser(app, { rank: 100000 });
    // the reference gives plain users an empty page; Lantern refuses them
    expect((await queue(plain.token)).status).toBe(403);
    const refused = await decide(plain.token, id, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('base.forbidden_error');
    expect((await decide(u.token, id, 'approve')).status).toBe(403);
    expect((await queue(undefined as unknown as string)).status).toBe(401);
    expect((await decide(undefined, id, 'approve')).status).toBe(401);
    expect((await reviewRow((await queue(admin)).body.data.list[0].object_id))!.status).toBe(1);
  });

  it('checks review_id and status; unknown reviews are 404; a settled one is left alone', async () => {
    expect((await decide(admin, undefined, 'approve')).body.data).toEqual([
      { error_field: 'review_id', error_msg: 'Review cannot be empty.' },
    ]);
    expect((await decide(admin, 'abc', 'approve')).body.data).toEqual([{ error_field: 'review_id', error_msg: 'Review is not valid.' }]);
    expect((await decide(admin, 1.5, 'approve')).body.data).toEqual([{ error_field: 'review_id', error_msg: 'Review is not valid.' }]);
    expect((await decide(admin, 1, 'maybe')).body.data).toEqual([
      { error_field: 'status', error_msg: 'Status must be one of: approve, reject.' },
    ]);
    expect((await decide(admin, 1, undefined)).body.data).toEqual([{ error_field: 'status', error_msg: 'Status cannot be empty.' }]);
    const unknown = await decide(admin, 999, 'approve');
    expect(unknown.body).toMatchObject({ code: 404, reason: 'error.object.not_found' });
    await reviewerOn();
    const u = await makeUser(app);
    const qid = (await ask(u.token)).body.data.id;
    const id = (await queue(admin)).body.data.list[0].review_id;
    // the author deletes the queued post: it leaves the queue, and approving it is refused
    expect((await app.call('DELETE', `${V1}/question`, { token: u.token, body: { id: qid } })).status).toBe(200);
    expect((await queue(admin)).body.data.count).toBe(0);
    expect((await decide(admin, id, 'approve')).status).toBe(200);
    expect((await db().selectFrom('question').select('status').where('id', '=', qid).executeTakeFirstOrThrow()).status).toBe(10);
  });

  it('a queued answer deleted by its author leaves the queue and cannot be approved', async () => {
    const qid = (await ask(admin, 'Question by the admin', 'Staff posts are never queued.')).body.data.id;
    await reviewerOn();
    const u = await makeUser(app);
    const aid = (
      await app.call('POST', `${V1}/answer`, { token: u.token, body: { question_id: qid, content: 'An answer by a newcomer.' } })
    ).body.data.info.id;
    const id = (await reviewRow(aid))!.id;
    expect((await app.call('DELETE', `${V1}/answer`, { token: u.token, body: { id: aid } })).status).toBe(200);
    await app.lantern.ctx.events.settle();
    // the deletion settled the review: it left the queue and its count
    expect(await reviewRow(aid)).toMatchObject({ status: 3, reviewer_user_id: u.id });
    expect((await app.call('GET', `${V1}/reviewing/type`, { token: admin })).body.data).toContainEqual({
      name: 'queued_post',
      label: 'Queued post',
      todo_amount: 0,
    });
    expect((await decide(admin, id, 'approve')).status).toBe(200);
    expect((await db().selectFrom('answer').select('status').where('id', '=', aid).executeTakeFirstOrThrow()).status).toBe(10);
    // a review whose post went away without an event cannot be approved either
    const aid2 = (
      await app.call('POST', `${V1}/answer`, {
        token: (await makeUser(app)).token,
        body: { question_id: qid, content: 'Another answer by a newcomer.' },
      })
    ).body.data.info.id;
    await db().updateTable('answer').set({ status: 10 }).where('id', '=', aid2).execute();
    const r = await decide(admin, (await reviewRow(aid2))!.id, 'approve');
    expect(r.body).toMatchObject({ code: 400, reason: 'error.review.object_gone' });
    expect((await reviewRow(aid2))!.status).toBe(3);
  });

  it('malformed input never answers 500', async () => {
    await reviewerOn();
    await ask((await makeUser(app)).token);
    const anyValue = fc.oneof(
      fc.anything(),
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.constantFrom('', '1', '-1', '1e30', '9'.repeat(40), 'approve', 'reject'),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ review_id: anyValue, status: anyValue }, { requiredKeys: [] })), async (b) => {
        const r = await app.call('PUT', `${V1}/review/pending/post`, { token: admin, body: JSON.stringify(b) ?? 'null' });
        expect(r.status).toBeLessThan(500);
        expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), async (page, objectId) => {
        const r = await queue(admin, `?page=${encodeURIComponent(page)}&object_id=${encodeURIComponent(objectId)}`);
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
