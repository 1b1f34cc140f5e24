import { describe, expect, it } from 'vitest';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import type { TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
freshAppPerTest((a) => (app = a));

const V1 = '/answer/api/v1';
const ask = (token: string, body: Record<string, unknown>) => app.call('POST', `${V1}/question`, { token, body });
const valid = {
  title: 'How do I back up SQLite while it is in use?',
  content: 'I run **WAL** mode and want a consistent copy.',
  tags: [{ slug_name: 'sqlite' }],
};

describe('POST /answer/api/v1/question', () => {
  it('creates a question with tags, a revision and a timeline entry', async () => {
    const admin = await adminToken(app);
    const r = await ask(admin, { ...valid, tags: [{ slug_name: 'SQLite', display_name: 'SQLite' }, { slug_name: 'backup' }] });
    expect(r.status).toBe(200);
    const q = r.body.data;
    expect(q.id).toMatch(/^1001\d{13}$/);
    expect(q).toMatchObject({
      title: valid.title,
      url_title: 'how-do-i-back-up-sqlite-while-it-is-in-use',
      status: 1,
      vote_count: 0,
      answer_count: 0,
    });
    expect(q.html).toContain('<strong>WAL</strong>');
    expect(q.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['sqlite', 'backup']);
    expect(q.user_info).toMatchObject({ id: '1', username: 'admin' });
    const db = app.lantern.ctx.db;
    expect(await db.selectFrom('revision').select(['status', 'object_type']).where('object_id', '=', q.id).execute()).toEqual([
      { status: 0, object_type: 1 },
    ]);
    expect(
      (await db.selectFrom('activity').select('activity_type').where('object_id', '=', q.id).execute()).map((a) => a.activity_type),
    ).toEqual([87]);
    expect(await db.selectFrom('tag').select(['slug_name', 'question_count']).orderBy('slug_name').execute()).toEqual([
      { slug_name: 'backup', question_count: 1 },
      { slug_name: 'sqlite', question_count: 1 },
    ]);
    expect((await db.selectFrom('user').select('question_count').where('id', '=', 1).executeTakeFirstOrThrow()).question_count).toBe(1);
  });

  it.each([
    [{ ...valid, title: '' }, 'title', 'Title cannot be empty.'],
    [{ ...valid, title: 'x'.repeat(151) }, 'title', 'Title up to 150 characters.'],
    [{ ...valid, content: '' }, 'content', 'Content cannot be empty.'],
    [{ ...valid, content: '<script>x</script>' }, 'content', 'Content cannot be empty.'],
    [{ ...valid, tags: [] }, 'tags', 'Tag not found.'],
    [{ title: valid.title, content: valid.content }, 'tags', 'Tags cannot be empty.'],
  ])('refuses %j on %s', async (body, field, message) => {
    const r = await ask(await adminToken(app), body);
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('refuses anonymous (401) and inactive (403) callers', async () => {
    expect((await ask('', valid)).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await ask(inactive.token, valid)).body).toMatchObject({ code: 403, data: { type: 'inactive' } });
  });

  it('needs the tag.add reputation to create a new tag, but not to use an existing one', async () => {
    const admin = await adminToken(app);
    await ask(admin, valid);
    const low = await makeUser(app, { rank: 1 });
    const r = await ask(low.token, { ...valid, title: 'Another question', tags: [{ slug_name: 'brand-new' }] });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ reason: 'error.rank.no_enough_rank_to_operate', msg: 'You need at least 750 reputation to do this.' });
    expect((await ask(low.token, { ...valid, title: 'Another question' })).status).toBe(200);
  });

  it('keeps reserved tags for moderators and enforces a required recommended tag', async () => {
    const write = await app.lantern.ctx.settings.get('write');
    await app.lantern.ctx.settings.put('write', {
      ...write,
      reserved_tags: [{ slug_name: 'announcement', display_name: 'announcement' }],
      required_tag: true,
      recommend_tags: [{ slug_name: 'sqlite', display_name: 'sqlite' }],
    });
    const user = await makeUser(app, { rank: 1000 });
    const reserved = await ask(user.token, { ...valid, tags: [{ slug_name: 'sqlite' }, { slug_name: 'announcement' }] });
    expect(reserved.body.data).toEqual([{ error_field: 'tags', error_msg: '"announcement" can only be used by moderators.' }]);
    const noRecommended = await ask(user.token, { ...valid, tags: [{ slug_name: 'other' }] });
    expect(noRecommended.body.reason).toBe('error.tag.recommend_tag_enter');
    expect((await ask(await adminToken(app), { ...valid, tags: [{ slug_name: 'sqlite' }, { slug_name: 'announcement' }] })).status).toBe(
      200,
    );
  });

  it('refuses an identical submission within 5 minutes but allows a retry after a failure', async () => {
    const user = await makeUser(app, { rank: 1000 });
    expect((await ask(user.token, valid)).status).toBe(200);
    const again = await ask(user.token, valid);
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('base.duplicate_request_error');
    const failing = { ...valid, title: 'New title', tags: [{ slug_name: 'x'.repeat(36) }] };
    expect((await ask(user.token, failing)).status).toBe(400);
    expect((await ask(user.token, failing)).body.reason).not.toBe('base.duplicate_request_error');
  });
});

describe('GET /answer/api/v1/question/info and question/page', () => {
  it('shows a question, counts views and 404s a missing or deleted one for others', async () => {
    const admin = await adminToken(app);
    const id = (await ask(admin, valid)).body.data.id;
    const a = await app.call('GET', `${V1}/question/info?id=${id}`);
    const b = await app.call('GET', `${V1}/question/info?id=${id}`);
    expect(b.body.data.view_count).toBe(a.body.data.view_count + 1);
    expect(a.body.data.member_actions).toEqual([]);
    expect((await app.call('GET', `${V1}/question/info?id=10010000000099999`)).status).toBe(404);
    await app.lantern.ctx.db.updateTable('question').set({ status: 10 }).where('id', '=', id).execute();
    expect((await app.call('GET', `${V1}/question/info?id=${id}`)).body.reason).toBe('error.question.not_found');
    const asAdmin = await app.call('GET', `${V1}/question/info?id=${id}`, { token: admin });
    expect(asAdmin.body.data.operation).toEqual({ msg: 'This post has been deleted.', level: 'danger' });
  });

  it('uses short ids when the permalink setting is 3 or 4', async () => {
    const id = (await ask(await adminToken(app), valid)).body.data.id as string;
    await app.lantern.ctx.settings.put('seo', { permalink: 4, robots: '' });
    const r = await app.call('GET', `${V1}/question/page`);
    const shortId = r.body.data.list[0].id as string;
    expect(shortId).not.toBe(id);
    expect((await app.call('GET', `${V1}/question/info?id=${shortId}`)).body.data.title).toBe(valid.title);
  });

  it('lists by newest and score, filters by tag and user, and pages', async () => {
    const admin = await adminToken(app);
    const user = await makeUser(app, { name: 'lister', rank: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (
          await ask(i === 2 ? user.token : admin, {
            ...valid,
            title: `Question number ${i}`,
            tags: [{ slug_name: i === 0 ? 'rare' : 'sqlite' }],
          })
        ).body.data.id,
      );
      // distinct creation times so 'newest' is deterministic
      await app.lantern.ctx.db
        .updateTable('question')
        .set({ created_at: 1000 + i, vote_count: i === 0 ? 5 : 0 })
        .where('id', '=', ids[i])
        .execute();
    }
    const newest = await app.call('GET', `${V1}/question/page?order=newest&page_size=2`);
    expect(newest.body.data.count).toBe(3);
    expect(newest.body.data.list.map((q: { title: string }) => q.title)).toEqual(['Question number 2', 'Question number 1']);
    const score = await app.call('GET', `${V1}/question/page?order=score`);
    expect(score.body.data.list[0].title).toBe('Question number 0');
    const byTag = await app.call('GET', `${V1}/question/page?tag=rare`);
    expect(byTag.body.data.list.map((q: { title: string }) => q.title)).toEqual(['Question number 0']);
    const byUser = await app.call('GET', `${V1}/question/page?username=lister`);
    expect(byUser.body.data.count).toBe(1);
    expect((await app.call('GET', `${V1}/question/page?tag=unknown`)).body.data).toEqual({ count: 0, list: [] });
    expect((await app.call('GET', `${V1}/question/page?page=9&page_size=2`)).status).toBe(404);
    const unanswered = await app.call('GET', `${V1}/question/page?order=unanswered&page_size=abc`);
    expect(unanswered.body.data.count).toBe(3);
  });

  it('requires login to read when the site is private', async () => {
    const login = await app.lantern.ctx.settings.get('login');
    await app.lantern.ctx.settings.put('login', { ...login, login_required: true });
    expect((await app.call('GET', `${V1}/question/page`)).status).toBe(401);
  });
});
