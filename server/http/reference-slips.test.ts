import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../tests/support/accounts.js';
import { askQuestion } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { decodeId } from '../infra/ids/object-id.js';
import { flushViews } from '../modules/question/view-counter.js';

// Slips against Answer v1.5.1 found from the reference's own source: the validate tags of its
// request structs (internal/schema), the words of its en_US.yaml, and the order of its services.
// One app as a server runs (anonymous pages reused, views written in batches), so the view count
// is checked where it can lag.

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
let app: TestApp;
let admin: string;
let questionId: string;

beforeAll(async () => {
  app = await startTestApp({ config: { pageTtlMs: 60_000, viewFlushMs: 60_000 } });
  await captchaOff(app);
  admin = await adminToken(app);
  questionId = await askQuestion(app, admin, { title: 'Which page numbers does the reference refuse?', tags: ['paging'] });
});

afterAll(async () => {
  await app.stop();
});

/** The lists whose reference request tags page and page_size `validate:"omitempty,min=1"`. */
const MIN1_LISTS: { name: string; path: () => string; size?: string; admin?: boolean }[] = [
  { name: 'question/page (QuestionPageReq)', path: () => `${V1}/question/page?order=newest` },
  { name: 'tags/page (GetTagWithPageReq)', path: () => `${V1}/tags/page?query_cond=popular` },
  { name: 'comment/page (GetCommentWithPageReq)', path: () => `${V1}/comment/page?object_id=${questionId}` },
  { name: 'personal/comment/page (GetCommentPersonalWithPageReq)', path: () => `${V1}/personal/comment/page?username=` },
  { name: 'search (SearchDTO)', path: () => `${V1}/search?q=reference&order=newest`, size: 'size' },
  { name: 'admin question/page (AdminQuestionPageReq)', path: () => `${ADMIN}/question/page?status=normal`, admin: true },
  { name: 'admin answer/page (AdminAnswerPageReq)', path: () => `${ADMIN}/answer/page?status=normal`, admin: true },
  { name: 'admin users/page (GetUserPageReq)', path: () => `${ADMIN}/users/page?status=normal`, admin: true },
];

describe('page and page_size: omitempty,min=1', () => {
  for (const list of MIN1_LISTS) {
    const size = list.size ?? 'page_size';
    it(`${list.name}: 0 is the default, a negative number is 400`, async () => {
      const get = (query: string) => app.call('GET', `${list.path()}&${query}`, { token: admin });
      // omitempty skips the zero value: 0 and an empty value read as not given
      for (const query of ['page=0', `${size}=0`, 'page=', `page=0&${size}=0`]) {
        const r = await get(query);
        expect(r.status, query).toBe(200);
        expect(r.body.data.list, query).toBeInstanceOf(Array);
      }
      const page = await get('page=-1');
      expect(page.status).toBe(400);
      expect(page.body).toMatchObject({
        reason: 'base.request_format_error',
        msg: 'Page must be 1 or greater.',
        data: [{ error_field: 'page', error_msg: 'Page must be 1 or greater.' }],
      });
      const pageSize = await get(`${size}=-5`);
      expect(pageSize.status).toBe(400);
      expect(pageSize.body.reason).toBe('base.request_format_error');
      expect(pageSize.body.data).toEqual([{ error_field: size, error_msg: expect.stringMatching(/ must be 1 or greater\.$/) }]);
      // junk that is no number at all means the default (a deliberate leniency: the reference's binding refuses it)
      expect((await get('page=two')).status).toBe(200);
    });
  }

  it('lists whose reference request has no min tag (answers, notifications, review queue) take a negative page', async () => {
    for (const path of [
      `${V1}/answer/page?question_id=${questionId}&page=-1&page_size=-1`,
      `${V1}/notification/page?type=inbox&page=-1&page_size=-1`,
      `${V1}/review/pending/post/page?page=-1`,
    ]) {
      const r = await app.call('GET', path, { token: admin });
      expect(r.status, path).toBe(200);
    }
  });
});

describe('question/page: its other tags', () => {
  const get = (query: string) => app.call('GET', `${V1}/question/page?${query}`);

  it('order is one of the reference values; any other is 400', async () => {
    for (const order of ['newest', 'mine', 'active', 'hot', 'score', 'unanswered', 'recommend', 'frequent', ''])
      expect((await get(`order=${order}`)).status, order).toBe(200);
    const bad = await get('order=oldest');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ reason: 'base.request_format_error', data: [{ error_field: 'order' }] });
  });

  it('in_days is omitempty,min=1 and tag is lte=100', async () => {
    expect((await get('in_days=0')).status).toBe(200);
    expect((await get('in_days=7')).status).toBe(200);
    const negative = await get('in_days=-1');
    expect(negative.status).toBe(400);
    expect(negative.body.data).toEqual([{ error_field: 'in_days', error_msg: 'In days must be 1 or greater.' }]);
    // a tag name of up to 100 characters is taken (it names no tag: an empty list)
    const long = await get(`tag=${'t'.repeat(100)}`);
    expect(long.status).toBe(200);
    expect(long.body.data).toMatchObject({ count: 0, list: [] });
    expect((await get(`tag=${'t'.repeat(101)}`)).status).toBe(400);
  });
});

describe('question add and edit: title and content gte=6 (QuestionAdd, QuestionUpdate)', () => {
  it('refuses five characters and takes six', async () => {
    const body = { title: 'Six ch', content: 'Sixsix', tags: [{ slug_name: 'paging' }] };
    for (const [field, value, message] of [
      ['title', 'Five!', 'Title must be at least 6 characters.'],
      ['content', 'Five!', 'Content must be at least 6 characters.'],
    ]) {
      const r = await app.call('POST', `${V1}/question`, { token: admin, body: { ...body, [field]: value } });
      expect(r.status, field).toBe(400);
      expect(r.body).toMatchObject({ reason: 'base.request_format_error', data: [{ error_field: field, error_msg: message }] });
      const edit = await app.call('PUT', `${V1}/question`, { token: admin, body: { ...body, id: questionId, [field]: value } });
      expect(edit.body.data, field).toEqual([{ error_field: field, error_msg: message }]);
    }
    expect((await app.call('POST', `${V1}/question`, { token: admin, body })).status).toBe(200);
  });
});

describe('messages as en_US.yaml words them', () => {
  it("voting on one's own post", async () => {
    const own = await app.call('POST', `${V1}/vote/up`, { token: admin, body: { object_id: questionId } });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({
      reason: 'error.object.disallow_vote_your_self',
      msg: "You can't vote for your own post.",
      data: { err_type: 'toast' },
    });
  });
});

describe('question/info counts the caller’s own view in the view_count it returns', () => {
  it('for anonymous readers (page reused, views written in batches) and signed-in ones alike', async () => {
    const id = await askQuestion(app, admin, { title: 'Does the view count include my own view?', tags: ['paging'] });
    const reader = await makeUser(app);
    const view = async (token?: string) => {
      const r = await app.call('GET', `${V1}/question/info?id=${id}`, { token });
      expect(r.status).toBe(200);
      return r.body.data.view_count as number;
    };
    // the reference adds the view, then reads: the first reader sees 1
    expect(await view()).toBe(1);
    // the second anonymous read is served from the reused page, with the count as it is now
    expect(await view()).toBe(2);
    expect(await view(reader.token)).toBe(3);
    await flushViews(app.lantern.ctx);
    expect(await view()).toBe(4);
    expect(await view(reader.token)).toBe(5);
    await flushViews(app.lantern.ctx);
    const row = await app.lantern.ctx.db
      .selectFrom('question')
      .select('view_count')
      .where('id', '=', decodeId(id)!)
      .executeTakeFirstOrThrow();
    expect(Number(row.view_count)).toBe(5);
  });
});

describe('reopen leaves no operation behind', () => {
  it('a closed question carries its close notice; reopened, the detail has no operation key', async () => {
    const id = await askQuestion(app, admin, { title: 'Is the close notice gone after a reopen?', tags: ['paging'] });
    const closed = await app.call('PUT', `${V1}/question/status`, {
      token: admin,
      body: { id, close_type: 63, close_msg: 'Off topic here' },
    });
    expect(closed.status).toBe(200);
    const info = async (token?: string) => (await app.call('GET', `${V1}/question/info?id=${id}`, { token })).body.data;
    expect((await info(admin)).operation).toMatchObject({ msg: 'Off topic here', level: 'info' });
    expect((await info()).operation).toMatchObject({ msg: 'Off topic here', level: 'info' });
    const reopened = await app.call('PUT', `${V1}/question/reopen`, { token: admin, body: { question_id: id } });
    expect(reopened.status).toBe(200);
    for (const data of [await info(admin), await info()]) {
      expect(data.status).toBe(1);
      expect(data).not.toHaveProperty('operation');
    }
    // an open question never had one
    expect(await info()).not.toHaveProperty('operation');
  });
});
