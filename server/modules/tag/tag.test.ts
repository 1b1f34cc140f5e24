import { describe, expect, it } from 'vitest';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import type { TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let admin: string;
freshAppPerTest((a, token) => ([app, admin] = [a, token]));

const V1 = '/answer/api/v1';
const call = (method: string, path: string, token?: string, body?: unknown) => app.call(method, `${V1}${path}`, { token, body });
const db = () => app.lantern.ctx.db;
const addTag = (token: string, body: Record<string, unknown>) => call('POST', '/tag', token, body);
const tagRow = (slug: string) => db().selectFrom('tag').selectAll().where('slug_name', '=', slug).executeTakeFirstOrThrow();
const tagIdOf = async (slug: string) => (await tagRow(slug)).id;
async function makeTag(slug: string, display = slug, text = '') {
  expect((await addTag(admin, { slug_name: slug, display_name: display, original_text: text })).status).toBe(200);
  return tagIdOf(slug);
}
const slugs = (list: { slug_name: string }[]) => list.map((t) => t.slug_name);

describe('POST /answer/api/v1/tag', () => {
  it('creates a tag with a lower-cased slug, its first revision and a tag.created timeline entry', async () => {
    const r = await addTag(admin, {
      slug_name: 'Web Sockets',
      display_name: 'WebSockets',
      original_text: 'Full-duplex **channels**.\n\nSecond paragraph.',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ slug_name: 'web-sockets' });
    const t = await tagRow('web-sockets');
    expect(t).toMatchObject({ display_name: 'WebSockets', status: 1, main_tag_id: '0', user_id: 1, question_count: 0 });
    expect(t.id).toMatch(/^1003\d{13}$/);
    expect(t.parsed_text).toContain('<strong>channels</strong>');
    const revs = await db().selectFrom('revision').selectAll().where('object_id', '=', t.id).execute();
    expect(revs).toHaveLength(1);
    expect(revs[0]).toMatchObject({ object_type: 3, status: 0, title: 'web-sockets', user_id: 1 });
    expect(JSON.parse(revs[0].content)).toEqual({
      id: t.id,
      slug_name: 'web-sockets',
      display_name: 'WebSockets',
      original_text: 'Full-duplex **channels**.\n\nSecond paragraph.',
      parsed_text: t.parsed_text,
    });
    expect(t.revision_id).toBe(revs[0].id);
    const timeline = await db()
      .selectFrom('activity')
      .select(['activity_type', 'revision_id', 'user_id'])
      .where('object_id', '=', t.id)
      .execute();
    expect(timeline).toEqual([{ activity_type: 102, revision_id: revs[0].id, user_id: 1 }]);
  });

  it('accepts the allowed slug characters and an empty description', async () => {
    for (const slug of ['c++', 'c#', '.net', 'node-js', 'utf8'])
      expect((await addTag(admin, { slug_name: slug, display_name: slug })).status).toBe(200);
    expect((await tagRow('c#')).original_text).toBe('');
  });

  it.each([
    [{ display_name: 'X' }, 'slug_name', 'URL slug cannot be empty.'],
    [{ slug_name: '   ', display_name: 'X' }, 'slug_name', 'URL slug cannot be empty.'],
    [{ slug_name: 'x'.repeat(36), display_name: 'X' }, 'slug_name', 'URL slug up to 35 characters.'],
    [{ slug_name: 'bad/slug', display_name: 'X' }, 'slug_name', 'URL slug contains unallowed character set. Use a-z, 0-9 and + # - .'],
    [{ slug_name: 'émoji', display_name: 'X' }, 'slug_name', 'URL slug contains unallowed character set. Use a-z, 0-9 and + # - .'],
    [{ slug_name: 'ok' }, 'display_name', 'Display name cannot be empty.'],
    [{ slug_name: 'ok', display_name: 'x'.repeat(36) }, 'display_name', 'Display name up to 35 characters.'],
    [{ slug_name: 'ok', display_name: 'Ok', original_text: 12 }, 'original_text', 'Description is not valid.'],
    [{ slug_name: 'ok', display_name: 'Ok', original_text: 'x'.repeat(65537) }, 'original_text', 'Description up to 65536 characters.'],
  ])('refuses invalid input, case %#', async (body, field, message) => {
    const r = await addTag(admin, body);
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('base.request_format_error');
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('refuses an existing slug, also a deleted one', async () => {
    await makeTag('sqlite');
    const again = await addTag(admin, { slug_name: 'SQLite', display_name: 'SQLite' });
    expect(again.body).toMatchObject({
      code: 400,
      reason: 'error.tag.already_exist',
      data: [{ error_field: 'slug_name', error_msg: 'Tag already exists.' }],
    });
    await db().updateTable('tag').set({ status: 10 }).where('slug_name', '=', 'sqlite').execute();
    expect((await addTag(admin, { slug_name: 'sqlite', display_name: 'x' })).body.reason).toBe('error.tag.already_exist');
  });

  it('needs login (401), an active account and the tag.add reputation (403)', async () => {
    expect((await addTag('', { slug_name: 'a', display_name: 'a' })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2, rank: 5000 });
    expect((await addTag(inactive.token, { slug_name: 'a', display_name: 'a' })).body).toMatchObject({
      code: 403,
      data: { type: 'inactive' },
    });
    const low = await makeUser(app, { rank: 749 });
    const r = await addTag(low.token, { slug_name: 'a', display_name: 'a' });
    expect(r.body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 750 reputation to do this.',
    });
    expect((await addTag((await makeUser(app, { rank: 750 })).token, { slug_name: 'a', display_name: 'a' })).status).toBe(200);
  });
});

describe('GET /answer/api/v1/tag', () => {
  it('shows a tag by id or slug (either parameter spelling) with its counts and the viewer state', async () => {
    const id = await makeTag('sqlite', 'SQLite', 'An embedded database.\nSecond line.');
    await askQuestion(app, admin, { title: 'Question about sqlite', content: 'Some body text for the question.', tags: ['sqlite'] });
    const byName = await call('GET', '/tag?name=SQLite');
    expect(byName.status).toBe(200);
    expect(byName.body.data).toMatchObject({
      tag_id: id,
      slug_name: 'sqlite',
      display_name: 'SQLite',
      original_text: 'An embedded database.\nSecond line.',
      question_count: 1,
      follow_count: 0,
      is_follower: false,
      status: 'available',
      member_actions: [],
      main_tag_slug_name: '',
      recommend: false,
      reserved: false,
    });
    expect(byName.body.data.parsed_text).toBe('<p>An embedded database.<br />\nSecond line.</p>');
    expect(byName.body.data.excerpt).toBe('<p>An embedded database.<br />');
    expect(byName.body.data.description).toBe('An embedded database. Second line.');
    expect(typeof byName.body.data.created_at).toBe('number');
    for (const q of [`id=${id}`, `tag_id=${id}`, 'tag_name=sqlite']) expect((await call('GET', `/tag?${q}`)).body.data.tag_id).toBe(id);
  });

  it('lists the member actions the viewer may use', async () => {
    await makeTag('sqlite');
    const actions = async (token?: string) =>
      (await call('GET', '/tag?name=sqlite', token)).body.data.member_actions.map((a: { action: string }) => a.action);
    expect(await actions(admin)).toEqual(['edit', 'delete', 'merge']);
    expect(await actions((await makeUser(app, { roleId: 3 })).token)).toEqual(['edit', 'delete', 'merge']);
    expect(await actions((await makeUser(app, { rank: 50 })).token)).toEqual(['edit']);
    expect(await actions((await makeUser(app, { rank: 49 })).token)).toEqual([]);
    const owner = await makeUser(app, { rank: 800 });
    await addTag(owner.token, { slug_name: 'mine', display_name: 'mine' });
    await db().updateTable('user').set({ rank: 1 }).where('id', '=', owner.id).execute();
    expect((await call('GET', '/tag?name=mine', owner.token)).body.data.member_actions).toEqual([
      { action: 'edit', name: 'Edit', type: 'edit' },
    ]);
  });

  it('answers a synonym with its main tag and main_tag_slug_name', async () => {
    const main = await makeTag('javascript', 'JavaScript');
    expect((await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'js' }] })).status).toBe(200);
    const r = await call('GET', '/tag?name=js');
    expect(r.body.data).toMatchObject({ tag_id: main, slug_name: 'javascript', main_tag_slug_name: 'javascript' });
  });

  it('404s unknown and deleted tags, but shows deleted ones to staff with undelete', async () => {
    const id = await makeTag('old');
    expect((await call('GET', '/tag?name=nothing')).body).toMatchObject({
      code: 404,
      reason: 'error.tag.not_found',
      msg: 'Tag not found.',
    });
    expect((await call('GET', '/tag?id=10030000000099999')).status).toBe(404);
    expect((await call('GET', '/tag?id=not-an-id')).status).toBe(404);
    expect((await call('GET', '/tag')).status).toBe(404);
    expect((await call('DELETE', '/tag', admin, { tag_id: id })).status).toBe(200);
    expect((await call('GET', `/tag?id=${id}`)).status).toBe(404);
    expect((await call('GET', `/tag?id=${id}`, (await makeUser(app, { rank: 100000 })).token)).status).toBe(404);
    const asAdmin = await call('GET', `/tag?id=${id}`, admin);
    expect(asAdmin.body.data).toMatchObject({
      status: 'deleted',
      member_actions: [{ action: 'undelete', name: 'Undelete', type: 'confirm' }],
    });
  });

  it('refuses a name longer than 35 characters (400)', async () => {
    const r = await call('GET', `/tag?name=${'x'.repeat(36)}`);
    expect(r.body).toMatchObject({ code: 400, data: [{ error_field: 'name', error_msg: 'Name up to 35 characters.' }] });
  });

  it('reports recommend only when a recommended tag is required, and reserved from the write settings', async () => {
    await makeTag('news');
    await makeTag('help');
    const write = await app.lantern.ctx.settings.get('write');
    await app.lantern.ctx.settings.put('write', {
      ...write,
      recommend_tags: [{ slug_name: 'help', display_name: 'help' }],
      reserved_tags: [{ slug_name: 'news', display_name: 'news' }],
    });
    expect((await call('GET', '/tag?name=help')).body.data.recommend).toBe(false);
    expect((await call('GET', '/tag?name=news')).body.data.reserved).toBe(true);
    await app.lantern.ctx.settings.put('write', { ...(await app.lantern.ctx.settings.get('write')), required_tag: true });
    expect((await call('GET', '/tag?name=help')).body.data.recommend).toBe(true);
  });
});

describe('GET /answer/api/v1/tags/page and tags', () => {
  async function seed() {
    await makeTag('alpha', 'Alpha');
    await makeTag('beta', 'Beta Tools');
    await makeTag('gamma', 'Gamma');
    await askQuestion(app, admin, { title: 'Two tags question', content: 'Some body text for the question.', tags: ['beta', 'gamma'] });
    await askQuestion(app, admin, { title: 'One tag question', content: 'Some body text for the question.', tags: ['beta'] });
    await db().updateTable('tag').set({ created_at: 1000 }).where('slug_name', '=', 'alpha').execute();
    await db().updateTable('tag').set({ created_at: 3000 }).where('slug_name', '=', 'beta').execute();
    await db().updateTable('tag').set({ created_at: 2000 }).where('slug_name', '=', 'gamma').execute();
  }

  it('orders by popularity (default), name and age; lists only available main tags', async () => {
    await seed();
    const beta = await tagIdOf('beta');
    await call('PUT', '/tag/synonym', admin, { tag_id: beta, synonym_tag_list: [{ slug_name: 'b' }] });
    await makeTag('gone');
    await call('DELETE', '/tag', admin, { tag_id: await tagIdOf('gone') });
    const popular = await call('GET', '/tags/page');
    expect(popular.body.data.count).toBe(3);
    expect(slugs(popular.body.data.list)).toEqual(['beta', 'gamma', 'alpha']);
    expect(popular.body.data.list[0]).toMatchObject({
      tag_id: beta,
      display_name: 'Beta Tools',
      question_count: 2,
      follow_count: 0,
      is_follower: false,
      recommend: false,
      reserved: false,
      excerpt: '',
      description: '',
    });
    expect(slugs((await call('GET', '/tags/page?query_cond=name')).body.data.list)).toEqual(['alpha', 'beta', 'gamma']);
    expect(slugs((await call('GET', '/tags/page?query_cond=newest')).body.data.list)).toEqual(['beta', 'gamma', 'alpha']);
  });

  it('searches slug and display name, finds a synonym named exactly, filters display names and pages', async () => {
    await seed();
    await call('PUT', '/tag/synonym', admin, { tag_id: await tagIdOf('gamma'), synonym_tag_list: [{ slug_name: 'g' }] });
    expect(slugs((await call('GET', '/tags/page?slug_name=ETA')).body.data.list)).toEqual(['beta']);
    expect(slugs((await call('GET', '/tags/page?slug_name=tools')).body.data.list)).toEqual(['beta']);
    expect(slugs((await call('GET', '/tags/page?slug_name=g&query_cond=name')).body.data.list)).toEqual(['g', 'gamma']);
    expect(slugs((await call('GET', '/tags/page?display_name=Gamma')).body.data.list)).toEqual(['gamma']);
    const page2 = await call('GET', '/tags/page?query_cond=name&page=2&page_size=2');
    expect(page2.body.data).toMatchObject({ count: 3 });
    expect(slugs(page2.body.data.list)).toEqual(['gamma']);
    expect((await call('GET', '/tags/page?page=3&page_size=2')).body).toMatchObject({ code: 404, reason: 'base.request_format_error' });
    expect((await call('GET', '/tags/page?slug_name=zzz')).body.data).toEqual({ count: 0, list: [] });
  });

  it('refuses an unknown order and over-long filters (400)', async () => {
    const bad = await call('GET', '/tags/page?query_cond=hot');
    expect(bad.body).toMatchObject({
      code: 400,
      data: [{ error_field: 'query_cond', error_msg: 'Order must be one of: popular, name, newest.' }],
    });
    expect((await call('GET', `/tags/page?slug_name=${'x'.repeat(36)}`)).body.data).toEqual([
      { error_field: 'slug_name', error_msg: 'URL slug up to 35 characters.' },
    ]);
  });

  it('marks the tags the viewer follows', async () => {
    await seed();
    const u = await makeUser(app);
    await call('POST', '/follow', u.token, { object_id: await tagIdOf('gamma') });
    const list = (await call('GET', '/tags/page?query_cond=name', u.token)).body.data.list;
    expect(list.map((t: { is_follower: boolean }) => t.is_follower)).toEqual([false, false, true]);
    expect(list[2].follow_count).toBe(1);
  });

  it('GET tags returns the available tags among the slugs in the order asked', async () => {
    await seed();
    const r = await call('GET', '/tags?tags=Gamma,unknown,alpha,,gamma');
    expect(r.body.data).toEqual([
      { tag_id: await tagIdOf('gamma'), slug_name: 'gamma', display_name: 'Gamma', recommend: false, reserved: false },
      { tag_id: await tagIdOf('alpha'), slug_name: 'alpha', display_name: 'Alpha', recommend: false, reserved: false },
    ]);
    expect((await call('GET', '/tags?tags=alpha&tags=beta')).body.data.map((t: { slug_name: string }) => t.slug_name)).toEqual([
      'alpha',
      'beta',
    ]);
    expect((await call('GET', '/tags')).body.data).toEqual([]);
  });

  it('requires login to read when the site is private', async () => {
    const login = await app.lantern.ctx.settings.get('login');
    await app.lantern.ctx.settings.put('login', { ...login, login_required: true });
    for (const p of ['/tags/page', '/tag?name=x', '/tags?tags=x', '/tags/following']) expect((await call('GET', p)).status).toBe(401);
    expect((await call('GET', '/tags/page', admin)).status).toBe(200);
  });
});

describe('GET /answer/api/v1/question/tags (tag picker)', () => {
  it('matches slug or display name prefixes, gives main tags for synonyms, recommended and reserved first', async () => {
    await makeTag('react', 'React');
    await makeTag('redux', 'Redux');
    await makeTag('reason', 'ReasonML');
    await makeTag('vue', 'Re-Vue');
    await call('PUT', '/tag/synonym', admin, { tag_id: await tagIdOf('react'), synonym_tag_list: [{ slug_name: 'reactjs' }] });
    const r = await call('GET', '/question/tags?tag=RE', admin);
    expect(r.status).toBe(200);
    expect(slugs(r.body.data)).toEqual(['react', 'reason', 'redux', 'vue']);
    expect(r.body.data[0]).toEqual({
      tag_id: await tagIdOf('react'),
      slug_name: 'react',
      display_name: 'React',
      recommend: false,
      reserved: false,
    });
    expect(slugs((await call('GET', '/question/tags?tag=reactj', admin)).body.data)).toEqual(['react']);
    const write = await app.lantern.ctx.settings.get('write');
    await app.lantern.ctx.settings.put('write', {
      ...write,
      required_tag: true,
      recommend_tags: [{ slug_name: 'redux', display_name: 'Redux' }],
      reserved_tags: [{ slug_name: 'vue', display_name: 'vue' }],
    });
    const ordered = (await call('GET', '/question/tags?tag=re', admin)).body.data;
    expect(slugs(ordered)).toEqual(['redux', 'vue', 'react', 'reason']);
    expect(ordered[0]).toMatchObject({ recommend: true, reserved: false });
    expect(ordered[1]).toMatchObject({ recommend: false, reserved: true });
    expect(slugs((await call('GET', '/question/tags', admin)).body.data)).toEqual(['redux']);
    expect((await call('GET', '/question/tags?tag=zzz', admin)).body.data).toEqual([]);
  });

  it('needs an active login', async () => {
    expect((await call('GET', '/question/tags?tag=a')).status).toBe(401);
    expect((await call('GET', '/question/tags?tag=a', (await makeUser(app, { mailStatus: 2 })).token)).status).toBe(403);
  });
});

describe('tag synonyms', () => {
  it("sets the synonyms (creating missing tags), lists them and makes question/page?tag= find the main tag's questions", async () => {
    const main = await makeTag('javascript', 'JavaScript');
    await makeTag('ecmascript', 'ECMAScript');
    const qid = await askQuestion(app, admin, {
      title: 'Closures in loops',
      content: 'Some body text for the question.',
      tags: ['javascript'],
    });
    const put = await call('PUT', '/tag/synonym', admin, {
      tag_id: main,
      synonym_tag_list: [{ slug_name: 'JS', display_name: 'js' }, { slug_name: 'ecmascript' }, { slug_name: 'js' }],
    });
    expect(put.body).toMatchObject({ code: 200, data: null });
    const js = await tagRow('js');
    expect(js).toMatchObject({ main_tag_id: main, main_tag_slug_name: 'javascript', display_name: 'js', status: 1 });
    expect(
      (await db().selectFrom('activity').select('activity_type').where('object_id', '=', js.id).execute()).map((a) => a.activity_type),
    ).toEqual([102]);
    expect(await db().selectFrom('revision').select(['object_type', 'status']).where('object_id', '=', js.id).execute()).toEqual([
      { object_type: 3, status: 0 },
    ]);
    const list = await call('GET', `/tag/synonyms?tag_id=${main}`, admin);
    expect(list.body.data).toEqual({
      synonyms: [
        { tag_id: await tagIdOf('ecmascript'), slug_name: 'ecmascript', display_name: 'ECMAScript', main_tag_slug_name: 'javascript' },
        { tag_id: js.id, slug_name: 'js', display_name: 'js', main_tag_slug_name: 'javascript' },
      ],
      member_actions: [{ action: 'edit', name: 'Edit', type: 'edit' }],
    });
    expect((await call('GET', `/tag/synonyms?tag_id=${js.id}`)).body.data).toMatchObject({
      member_actions: [],
      synonyms: [
        { slug_name: 'ecmascript', main_tag_slug_name: 'javascript' },
        { slug_name: 'js', main_tag_slug_name: 'javascript' },
      ],
    });
    for (const tag of ['js', 'ecmascript', 'javascript']) {
      const page = await call('GET', `/question/page?tag=${tag}`);
      expect(page.body.data.list.map((q: { id: string }) => q.id)).toEqual([qid]);
    }
    // a question asked with a synonym is filed under the main tag
    const viaSynonym = await askQuestion(app, admin, {
      title: 'Asked with the synonym',
      content: 'Some body text for the question.',
      tags: ['js'],
    });
    expect((await call('GET', `/question/info?id=${viaSynonym}`)).body.data.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual([
      'javascript',
    ]);
    // dropping a synonym makes it a main tag again
    await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'js' }] });
    expect(await tagRow('ecmascript')).toMatchObject({ main_tag_id: '0', main_tag_slug_name: '' });
    expect((await call('GET', '/question/page?tag=ecmascript')).body.data.count).toBe(0);
    await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [] });
    expect((await call('GET', `/tag/synonyms?tag_id=${main}`)).body.data.synonyms).toEqual([]);
  });

  it("brings a listed main tag's own synonyms along", async () => {
    const main = await makeTag('postgresql');
    const pg = await makeTag('postgres');
    await call('PUT', '/tag/synonym', admin, { tag_id: pg, synonym_tag_list: [{ slug_name: 'pg' }] });
    await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'postgres' }] });
    expect((await tagRow('pg')).main_tag_id).toBe(main);
    expect((await tagRow('postgres')).main_tag_id).toBe(main);
  });

  it('refuses the tag itself, a synonym as the main tag, unknown tags, bad slugs and missing fields', async () => {
    const main = await makeTag('python');
    const itself = await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'Python' }] });
    expect(itself.body).toMatchObject({
      code: 400,
      reason: 'error.tag.cannot_set_synonym_as_itself',
      msg: 'You cannot set the synonym of the current tag as itself.',
    });
    await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'py' }] });
    const onSynonym = await call('PUT', '/tag/synonym', admin, { tag_id: await tagIdOf('py'), synonym_tag_list: [{ slug_name: 'py3' }] });
    expect(onSynonym.body).toMatchObject({ code: 400, reason: 'error.tag.not_contain_synonym_tags' });
    expect((await call('PUT', '/tag/synonym', admin, { tag_id: '10030000000099999', synonym_tag_list: [] })).body).toMatchObject({
      code: 400,
      reason: 'error.tag.not_found',
    });
    const badChars = await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'py/thon' }] });
    expect(badChars.body.data).toEqual([
      { error_field: 'synonym_tag_list', error_msg: 'Synonyms contains unallowed character set. Use a-z, 0-9 and + # - .' },
    ]);
    const missing = await call('PUT', '/tag/synonym', admin, { tag_id: main });
    expect(missing.body.data).toEqual([{ error_field: 'synonym_tag_list', error_msg: 'Synonyms cannot be empty.' }]);
    const long = await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'x'.repeat(36) }] });
    expect(long.status).toBe(400);
    expect(long.body.data[0].error_field).toBe('synonym_tag_list.0.slug_name');
    expect((await call('PUT', '/tag/synonym', admin, { synonym_tag_list: [] })).body.data).toEqual([
      { error_field: 'tag_id', error_msg: 'Tag id cannot be empty.' },
    ]);
  });

  it('needs the tag.synonym reputation (403) and a login (401)', async () => {
    const main = await makeTag('rust');
    const body = { tag_id: main, synonym_tag_list: [{ slug_name: 'rs' }] };
    expect((await call('PUT', '/tag/synonym', '', body)).status).toBe(401);
    const r = await call('PUT', '/tag/synonym', (await makeUser(app, { rank: 9999 })).token, body);
    expect(r.body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 10000 reputation to do this.',
    });
    expect((await call('PUT', '/tag/synonym', (await makeUser(app, { rank: 10000 })).token, body)).status).toBe(200);
  });

  it('GET tag/synonyms refuses unknown and missing ids', async () => {
    expect((await call('GET', '/tag/synonyms?tag_id=10030000000099999')).body).toMatchObject({ code: 400, reason: 'error.tag.not_found' });
    expect((await call('GET', '/tag/synonyms')).body.data).toEqual([{ error_field: 'tag_id', error_msg: 'Tag id cannot be empty.' }]);
  });
});

describe('POST /answer/api/v1/tag/merge', () => {
  it('makes the source and its synonyms synonyms of the target and moves followers and questions', async () => {
    const source = await makeTag('golang');
    const target = await makeTag('go');
    await call('PUT', '/tag/synonym', admin, { tag_id: source, synonym_tag_list: [{ slug_name: 'go-lang' }] });
    const q1 = await askQuestion(app, admin, { title: 'Only the source', content: 'Some body text for the question.', tags: ['golang'] });
    const q2 = await askQuestion(app, admin, {
      title: 'Both tags here',
      content: 'Some body text for the question.',
      tags: ['golang', 'go'],
    });
    const fan = await makeUser(app);
    const both = await makeUser(app);
    await call('POST', '/follow', fan.token, { object_id: source });
    await call('POST', '/follow', both.token, { object_id: source });
    await call('POST', '/follow', both.token, { object_id: target });
    const r = await call('POST', '/tag/merge', admin, { source_tag_id: source, target_tag_id: target });
    expect(r.body).toMatchObject({ code: 200, data: null });
    expect(await tagRow('golang')).toMatchObject({ main_tag_id: target, main_tag_slug_name: 'go', question_count: 0, follow_count: 0 });
    expect(await tagRow('go-lang')).toMatchObject({ main_tag_id: target, main_tag_slug_name: 'go' });
    expect(await tagRow('go')).toMatchObject({ main_tag_id: '0', question_count: 2, follow_count: 2 });
    for (const q of [q1, q2])
      expect((await call('GET', `/question/info?id=${q}`)).body.data.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['go']);
    expect(slugs((await call('GET', '/tags/following', fan.token)).body.data)).toEqual(['go']);
    expect(slugs((await call('GET', '/tags/following', both.token)).body.data)).toEqual(['go']);
    expect((await call('GET', '/tag?name=golang')).body.data).toMatchObject({ slug_name: 'go', main_tag_slug_name: 'go' });
  });

  it('refuses merging a tag into itself (directly or through a synonym), unknown tags and missing ids', async () => {
    const a = await makeTag('a1');
    await call('PUT', '/tag/synonym', admin, { tag_id: a, synonym_tag_list: [{ slug_name: 'a2' }] });
    expect((await call('POST', '/tag/merge', admin, { source_tag_id: a, target_tag_id: a })).body.reason).toBe(
      'error.tag.cannot_set_synonym_as_itself',
    );
    expect((await call('POST', '/tag/merge', admin, { source_tag_id: a, target_tag_id: await tagIdOf('a2') })).body.reason).toBe(
      'error.tag.cannot_set_synonym_as_itself',
    );
    expect((await call('POST', '/tag/merge', admin, { source_tag_id: a, target_tag_id: '10030000000099999' })).body).toMatchObject({
      code: 400,
      reason: 'error.tag.not_found',
    });
    const missing = await call('POST', '/tag/merge', admin, { source_tag_id: a });
    expect(missing.body.data).toEqual([{ error_field: 'target_tag_id', error_msg: 'Target tag id cannot be empty.' }]);
  });

  it('is for staff only: 403 even with high reputation, 401 anonymous; moderators may', async () => {
    const a = await makeTag('x1');
    const b = await makeTag('x2');
    const body = { source_tag_id: a, target_tag_id: b };
    expect((await call('POST', '/tag/merge', '', body)).status).toBe(401);
    expect((await call('POST', '/tag/merge', (await makeUser(app, { rank: 1000000 })).token, body)).body).toMatchObject({
      code: 403,
      reason: 'base.forbidden_error',
    });
    expect((await call('POST', '/tag/merge', (await makeUser(app, { roleId: 3 })).token, body)).status).toBe(200);
  });
});

describe('PUT /answer/api/v1/tag', () => {
  it('applies a staff edit at once with a revision and a tag.edited timeline entry', async () => {
    const id = await makeTag('sqlite', 'SQLite', 'Old text');
    const r = await call('PUT', '/tag', admin, {
      tag_id: id,
      display_name: 'SQLite 3',
      original_text: 'A *small* database.',
      edit_summary: 'better words',
    });
    expect(r.body).toMatchObject({ code: 200, data: { wait_for_review: false } });
    const t = await tagRow('sqlite');
    expect(t).toMatchObject({
      display_name: 'SQLite 3',
      original_text: 'A *small* database.',
      parsed_text: '<p>A <em>small</em> database.</p>',
    });
    const rev = await db().selectFrom('revision').selectAll().where('object_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(rev).toMatchObject({ status: 0, log: 'better words', object_type: 3, title: 'sqlite' });
    expect(JSON.parse(rev.content)).toEqual({
      id,
      slug_name: 'sqlite',
      display_name: 'SQLite 3',
      original_text: 'A *small* database.',
      parsed_text: '<p>A <em>small</em> database.</p>',
    });
    expect(t.revision_id).toBe(rev.id);
    const edited = await db()
      .selectFrom('activity')
      .select(['revision_id'])
      .where('object_id', '=', id)
      .where('activity_type', '=', 103)
      .execute();
    expect(edited).toEqual([{ revision_id: rev.id }]);
  });

  it("lets the tag's creator edit at once and keeps omitted fields", async () => {
    const owner = await makeUser(app, { rank: 800 });
    await addTag(owner.token, { slug_name: 'mine', display_name: 'Mine', original_text: 'keep me' });
    await db().updateTable('user').set({ rank: 1 }).where('id', '=', owner.id).execute();
    const id = await tagIdOf('mine');
    const r = await call('PUT', '/tag', owner.token, { tag_id: id, display_name: 'My tag' });
    expect(r.body.data).toEqual({ wait_for_review: false });
    expect(await tagRow('mine')).toMatchObject({ display_name: 'My tag', original_text: 'keep me' });
  });

  it('turns an edit by a tag.edit holder into a pending suggestion that blocks further edits', async () => {
    const id = await makeTag('sqlite', 'SQLite', 'Old text');
    const editor = await makeUser(app, { rank: 50 });
    const r = await call('PUT', '/tag', editor.token, {
      tag_id: id,
      slug_name: 'sqlite',
      display_name: 'SQLite',
      original_text: 'Suggested text',
      edit_summary: 'typo',
    });
    expect(r.body).toMatchObject({ code: 200, data: { wait_for_review: true } });
    const t = await tagRow('sqlite');
    expect(t.original_text).toBe('Old text');
    const rev = await db().selectFrom('revision').selectAll().where('object_id', '=', id).where('status', '=', 1).executeTakeFirstOrThrow();
    expect(rev).toMatchObject({ user_id: editor.id, log: 'typo', object_type: 3 });
    expect(JSON.parse(rev.content)).toEqual({
      id,
      slug_name: 'sqlite',
      display_name: 'SQLite',
      original_text: 'Suggested text',
      parsed_text: '<p>Suggested text</p>',
    });
    expect(t.revision_id).toBe(rev.id);
    expect(await db().selectFrom('activity').select('id').where('object_id', '=', id).where('activity_type', '=', 103).execute()).toEqual(
      [],
    );
    const blocked = await call('PUT', '/tag', admin, { tag_id: id, original_text: 'Admin text' });
    expect(blocked.body).toMatchObject({ code: 400, reason: 'error.revision.review_underway', data: { err_type: 'toast' } });
  });

  it('refuses callers without tag.edit (403) and anonymous callers (401)', async () => {
    const id = await makeTag('sqlite');
    const r = await call('PUT', '/tag', (await makeUser(app, { rank: 49 })).token, { tag_id: id, original_text: 'x' });
    expect(r.body).toMatchObject({
      code: 403,
      reason: 'error.rank.no_enough_rank_to_operate',
      msg: 'You need at least 50 reputation to do this.',
    });
    expect((await call('PUT', '/tag', '', { tag_id: id, original_text: 'x' })).status).toBe(401);
  });

  it("lets only staff change the slug, checks its characters and clashes, and renames the synonyms' main slug", async () => {
    const id = await makeTag('js-old');
    await makeTag('taken');
    await call('PUT', '/tag/synonym', admin, { tag_id: id, synonym_tag_list: [{ slug_name: 'ecma' }] });
    const editor = await makeUser(app, { rank: 20000 });
    expect((await call('PUT', '/tag', editor.token, { tag_id: id, slug_name: 'js-new' })).body).toMatchObject({
      code: 403,
      reason: 'error.tag.cannot_update',
    });
    expect((await call('PUT', '/tag', admin, { tag_id: id, slug_name: 'Taken' })).body).toMatchObject({
      code: 400,
      reason: 'error.tag.already_exist',
    });
    expect((await call('PUT', '/tag', admin, { tag_id: id, slug_name: 'a/b' })).body.data).toEqual([
      { error_field: 'slug_name', error_msg: 'URL slug contains unallowed character set. Use a-z, 0-9 and + # - .' },
    ]);
    expect((await call('PUT', '/tag', admin, { tag_id: id, slug_name: 'JS New' })).body.data).toEqual({ wait_for_review: false });
    expect((await db().selectFrom('tag').select('slug_name').where('id', '=', id).executeTakeFirstOrThrow()).slug_name).toBe('js-new');
    expect((await tagRow('ecma')).main_tag_slug_name).toBe('js-new');
    expect(
      (await call('PUT', '/tag', editor.token, { tag_id: id, slug_name: 'js-new', original_text: 'same slug is fine' })).body.data,
    ).toEqual({ wait_for_review: false });
  });

  it('writes nothing when nothing changed', async () => {
    const id = await makeTag('same', 'Same', 'text');
    expect(
      (await call('PUT', '/tag', admin, { tag_id: id, slug_name: 'same', display_name: 'Same', original_text: 'text' })).body.data,
    ).toEqual({ wait_for_review: false });
    expect((await db().selectFrom('revision').select('id').where('object_id', '=', id).execute()).length).toBe(1);
  });

  it.each([
    [{}, 'tag_id', 'Tag id cannot be empty.'],
    [{ tag_id: 'T', display_name: '' }, 'display_name', 'Display name cannot be empty.'],
    [{ tag_id: 'T', display_name: 'x'.repeat(36) }, 'display_name', 'Display name up to 35 characters.'],
    [{ tag_id: 'T', slug_name: 'x'.repeat(36) }, 'slug_name', 'URL slug up to 35 characters.'],
    [{ tag_id: 'T', original_text: ['x'] }, 'original_text', 'Description is not valid.'],
  ])('refuses invalid input, case %#', async (body, field, message) => {
    const id = await makeTag('t');
    const r = await call('PUT', '/tag', admin, JSON.parse(JSON.stringify(body).replace('"T"', `"${id}"`)));
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('refuses unknown and deleted tags with error.tag.not_found', async () => {
    expect((await call('PUT', '/tag', admin, { tag_id: '10030000000099999', original_text: 'x' })).body).toMatchObject({
      code: 400,
      reason: 'error.tag.not_found',
    });
    const id = await makeTag('gone');
    await call('DELETE', '/tag', admin, { tag_id: id });
    expect((await call('PUT', '/tag', admin, { tag_id: id, original_text: 'x' })).body.reason).toBe('error.tag.not_found');
  });
});

describe('DELETE /answer/api/v1/tag and POST tag/recover', () => {
  it('refuses to delete a tag in use or with synonyms, then deletes and recovers it with timeline entries', async () => {
    const id = await makeTag('busy');
    const qid = await askQuestion(app, admin, { title: 'Uses the busy tag', content: 'Some body text for the question.', tags: ['busy'] });
    const inUse = await call('DELETE', '/tag', admin, { tag_id: id });
    expect(inUse.body).toMatchObject({
      code: 400,
      reason: 'error.tag.is_used_cannot_delete',
      msg: 'You cannot delete a tag that is in use.',
    });
    await db().updateTable('tag_rel').set({ status: 10 }).where('object_id', '=', qid).execute();
    await call('PUT', '/tag/synonym', admin, { tag_id: id, synonym_tag_list: [{ slug_name: 'busy2' }] });
    expect((await call('DELETE', '/tag', admin, { tag_id: id })).body.reason).toBe('error.tag.is_used_cannot_delete');
    await call('PUT', '/tag/synonym', admin, { tag_id: id, synonym_tag_list: [] });
    expect((await call('DELETE', '/tag', admin, { tag_id: id })).body).toMatchObject({ code: 200, data: null });
    expect((await tagRow('busy')).status).toBe(10);
    expect((await call('GET', '/tags/page')).body.data.list.map((t: { slug_name: string }) => t.slug_name)).not.toContain('busy');
    expect((await call('DELETE', '/tag', admin, { tag_id: id })).status).toBe(200);
    expect((await call('POST', '/tag/recover', admin, { tag_id: id })).body).toMatchObject({ code: 200, data: null });
    expect((await tagRow('busy')).status).toBe(1);
    const types = (await db().selectFrom('activity').select('activity_type').where('object_id', '=', id).orderBy('id').execute()).map(
      (a) => a.activity_type,
    );
    expect(types).toEqual([102, 105, 106]);
    expect((await call('POST', '/tag/recover', admin, { tag_id: id })).status).toBe(200);
  });

  it('is for staff: 403 for any reputation, 401 anonymous; moderators may', async () => {
    const id = await makeTag('free');
    const rich = (await makeUser(app, { rank: 1000000 })).token;
    expect((await call('DELETE', '/tag', rich, { tag_id: id })).body).toMatchObject({
      code: 403,
      reason: 'error.rank.fail_to_meet_the_condition',
    });
    expect((await call('DELETE', '/tag', '', { tag_id: id })).status).toBe(401);
    const mod = (await makeUser(app, { roleId: 3 })).token;
    expect((await call('DELETE', '/tag', mod, { tag_id: id })).status).toBe(200);
    expect((await call('POST', '/tag/recover', rich, { tag_id: id })).status).toBe(403);
    expect((await call('POST', '/tag/recover', '', { tag_id: id })).status).toBe(401);
    expect((await call('POST', '/tag/recover', mod, { tag_id: id })).status).toBe(200);
  });

  it('refuses unknown tags and missing ids', async () => {
    expect((await call('DELETE', '/tag', admin, { tag_id: '10030000000099999' })).body).toMatchObject({
      code: 400,
      reason: 'error.tag.not_found',
    });
    expect((await call('POST', '/tag/recover', admin, { tag_id: 'nope' })).body).toMatchObject({
      code: 400,
      reason: 'error.tag.not_found',
    });
    expect((await call('DELETE', '/tag', admin, {})).body.data).toEqual([{ error_field: 'tag_id', error_msg: 'Tag id cannot be empty.' }]);
    expect((await call('POST', '/tag/recover', admin, { tag_id: 5 })).body.data).toEqual([
      { error_field: 'tag_id', error_msg: 'Tag id is not valid.' },
    ]);
  });
});

describe('GET /answer/api/v1/tags/following', () => {
  it("lists the caller's followed tags with the main slug of synonyms; visitors get none", async () => {
    const main = await makeTag('kotlin', 'Kotlin');
    await call('PUT', '/tag/synonym', admin, { tag_id: main, synonym_tag_list: [{ slug_name: 'kt' }] });
    const u = await makeUser(app);
    expect((await call('PUT', '/follow/tags', u.token, { slug_name_list: ['kt', 'kotlin'] })).status).toBe(200);
    expect((await call('GET', '/tags/following', u.token)).body.data).toEqual([
      { tag_id: main, slug_name: 'kotlin', display_name: 'Kotlin', main_tag_slug_name: '', recommend: false, reserved: false },
      { tag_id: await tagIdOf('kt'), slug_name: 'kt', display_name: 'kt', main_tag_slug_name: 'kotlin', recommend: false, reserved: false },
    ]);
    expect((await call('GET', '/tags/following')).body).toMatchObject({ code: 200, data: [] });
  });
});

describe('tags created by questions', () => {
  it('get a revision and a tag.created timeline entry like POST tag', async () => {
    await askQuestion(app, admin, { title: 'A question with a new tag', content: 'Some body text for the question.', tags: ['fresh'] });
    const t = await tagRow('fresh');
    expect(await db().selectFrom('revision').select(['object_type', 'status', 'title']).where('object_id', '=', t.id).execute()).toEqual([
      { object_type: 3, status: 0, title: 'fresh' },
    ]);
    expect(
      (await db().selectFrom('activity').select('activity_type').where('object_id', '=', t.id).execute()).map((a) => a.activity_type),
    ).toEqual([102]);
  });
});
