import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, newDatabaseName, testDatabaseUrl } from '../../tests/support/pg-test-db.js';
import { openPostgres } from './dialect/postgres.js';
import { migrationProvider } from './migrations/index.js';

// Migration 2026_11_29_1100: upload URLs stored absolute with the site URL of the moment become
// site-relative; foreign pictures stay as they are. On SQLite, and on PostgreSQL too when
// LANTERN_TEST_DATABASE_URL names a server (the migration serves both engines).

const BEFORE = '2026_11_29_1000_index_file_record';
const AFTER = '2026_11_29_1100_relativise_upload_urls';

const LOOP = 'http://127.0.0.1:9080';
const SITE = 'http://192.168.1.20:9080';
const A = 'post/111111111111111111111111.png';
const B = 'post/222222222222222222222222.jpg';
const RECORDED = 'post/aaaaaaaaaaaaaaaaaaaaaaaa.png';
const UNRECORDED = 'post/333333333333333333333333.png';
const LOGO = 'branding/444444444444444444444444.png';
const AVATAR = 'avatar/555555555555555555555555.webp';
const FOREIGN = 'https://i.stack.imgur.com/AbC12.png';
const NOT_OUR_SHAPE = 'http://10.0.0.9:9080/uploads/post/holiday-photo.png';
const OTHER_HOST_OUR_SHAPE = `http://10.0.0.9:9080/uploads/${UNRECORDED}`;

const ENGINES = testDatabaseUrl() ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
let db: Kysely<any>;
let pgName: string | null = null;

async function open(engine: 'sqlite' | 'postgres'): Promise<void> {
  if (engine === 'sqlite') {
    db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  } else {
    pgName = newDatabaseName();
    const url = await createDatabase(pgName);
    // the server's own handle: its plugin writes the portable schema in PostgreSQL's terms
    db = openPostgres(url, { poolSize: 2 }).db as unknown as Kysely<any>;
  }
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
  if (error) throw error;
}
afterEach(async () => {
  await db.destroy();
  if (pgName) await dropDatabase(pgName);
  pgName = null;
});

async function migrate(): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(AFTER);
  if (error) throw error;
}

async function putSettings(type: string, content: unknown): Promise<void> {
  await db.deleteFrom('site_info').where('type', '=', type).execute();
  await db
    .insertInto('site_info')
    .values({ type, content: JSON.stringify(content), status: 1, updated_at: 0 })
    .execute();
}
const settings = async (type: string) =>
  JSON.parse((await db.selectFrom('site_info').select('content').where('type', '=', type).executeTakeFirstOrThrow()).content);

const stamps = { created_at: 0, updated_at: 0 };

const user = { e_mail: 'x@example.com', bio: '', ...stamps };

/** The author every seeded row names (user 1), so that the foreign keys hold on both engines. */
async function author(): Promise<void> {
  await db
    .insertInto('user')
    .values({ ...user, id: 1, username: 'author' })
    .execute();
}

async function seed(): Promise<void> {
  await author();
  await putSettings('general', { name: 'Lamps', site_url: SITE });
  await db
    .insertInto('file_record')
    .values({
      user_id: 1,
      file_url: `http://10.1.2.3:9080/uploads/${RECORDED}`,
      file_path: RECORDED,
      file_name: 'r.png',
      mime_type: 'image/png',
      size: 1,
      source: 'post',
      ...stamps,
    })
    .execute();
  await db
    .insertInto('question')
    .values({
      id: '10010000000000001',
      user_id: 1,
      title: 'Wick',
      original_text: `![a](${LOOP}/uploads/${A}) as text ${LOOP}/uploads/${A} (${LOOP}/uploads/${A}) [p](https://proxy.example/?u=${LOOP}/uploads/${A})`,
      parsed_text: `<p><img src="${LOOP}/uploads/${A}" alt="a" /> as text <a href="${LOOP}/uploads/${A}">${LOOP}/uploads/${A}</a></p>`,
      post_update_time: 0,
      ...stamps,
    })
    .execute();
  await db
    .insertInto('answer')
    .values({
      id: '10020000000000001',
      question_id: '10010000000000001',
      user_id: 1,
      original_text: [
        `![b](${SITE}/uploads/${B}?s=96)`,
        `![f](${FOREIGN})`,
        `![n](${NOT_OUR_SHAPE})`,
        `![o](${OTHER_HOST_OUR_SHAPE})`,
        `![r](http://10.1.2.3:9080/uploads/${RECORDED})`,
        `[ref]: ${LOOP}/uploads/${A}`,
      ].join('\n'),
      parsed_text: `<img src="${SITE}/uploads/${B}"><img src="${FOREIGN}"><img src="${OTHER_HOST_OUR_SHAPE}">`,
      ...stamps,
    })
    .execute();
  await db
    .insertInto('comment')
    .values({
      id: '10030000000000001',
      user_id: 1,
      object_id: '10010000000000001',
      question_id: '10010000000000001',
      original_text: `[see](${LOOP}/uploads/${A})`,
      parsed_text: `<a href="${LOOP}/uploads/${A}">see</a>`,
      ...stamps,
    })
    .execute();
  await db
    .insertInto('tag')
    .values({
      id: '10040000000000001',
      slug_name: 'wicks',
      display_name: 'wicks',
      original_text: `![t](http://localhost:9080/uploads/${A})`,
      parsed_text: '',
      ...stamps,
    })
    .execute();
  await db
    .insertInto('revision')
    .values({
      user_id: 1,
      object_type: 1,
      object_id: '10010000000000001',
      content: JSON.stringify({
        content: `![a](${LOOP}/uploads/${A})`,
        html: `<img src="${LOOP}/uploads/${A}" alt="a" />`,
        other: `![f](${FOREIGN})`,
      }),
      ...stamps,
    })
    .execute();
  await db
    .insertInto('user')
    .values([
      {
        ...user,
        id: 2,
        username: 'json',
        avatar: JSON.stringify({ type: 'custom', gravatar: '', custom: `${LOOP}/uploads/${AVATAR}` }),
        bio: `![me](${SITE}/uploads/${A})`,
      },
      { ...user, id: 3, username: 'legacy', avatar: `${SITE}/uploads/${AVATAR}` },
      { ...user, id: 4, username: 'elsewhere', avatar: JSON.stringify({ type: 'custom', gravatar: '', custom: FOREIGN }) },
    ])
    .execute();
  await putSettings('branding', {
    logo: `${LOOP}/uploads/${LOGO}`,
    mobile_logo: FOREIGN,
    square_icon: `${SITE}/uploads/${LOGO}`,
    favicon: '',
  });
  await putSettings('legal', {
    terms_of_service_original_text: `![t](${LOOP}/uploads/${A})`,
    terms_of_service_parsed_text: `<img src="${LOOP}/uploads/${A}">`,
  });
  await putSettings('css-html', {
    custom_css: `body { background: url("${LOOP}/uploads/${LOGO}") }`,
    custom_head: `<img src="${FOREIGN}">`,
  });
}

describe.each(ENGINES)('migration 2026_11_29_1100_relativise_upload_urls on %s', (engine) => {
  beforeEach(async () => open(engine));

  it('makes loopback and site-URL upload references in posts, comments and tags relative; bare text, parentheses and another URL’s query stay', async () => {
    await seed();
    await migrate();
    const q = await db.selectFrom('question').select(['original_text', 'parsed_text']).executeTakeFirstOrThrow();
    expect(q.original_text).toBe(
      `![a](/uploads/${A}) as text ${LOOP}/uploads/${A} (${LOOP}/uploads/${A}) [p](https://proxy.example/?u=${LOOP}/uploads/${A})`,
    );
    expect(q.parsed_text).toBe(`<p><img src="/uploads/${A}" alt="a" /> as text <a href="/uploads/${A}">${LOOP}/uploads/${A}</a></p>`);
    const c = await db.selectFrom('comment').select(['original_text', 'parsed_text']).executeTakeFirstOrThrow();
    expect(c).toEqual({ original_text: `[see](/uploads/${A})`, parsed_text: `<a href="/uploads/${A}">see</a>` });
    expect((await db.selectFrom('tag').select('original_text').executeTakeFirstOrThrow()).original_text).toBe(`![t](/uploads/${A})`);
  });

  it('leaves foreign pictures alone, and another host’s uploads unless this site recorded the file', async () => {
    await seed();
    await migrate();
    const a = await db.selectFrom('answer').select(['original_text', 'parsed_text']).executeTakeFirstOrThrow();
    expect(a.original_text.split('\n')).toEqual([
      `![b](/uploads/${B}?s=96)`,
      `![f](${FOREIGN})`,
      `![n](${NOT_OUR_SHAPE})`,
      `![o](${OTHER_HOST_OUR_SHAPE})`,
      `![r](/uploads/${RECORDED})`,
      `[ref]: /uploads/${A}`,
    ]);
    expect(a.parsed_text).toBe(`<img src="/uploads/${B}"><img src="${FOREIGN}"><img src="${OTHER_HOST_OUR_SHAPE}">`);
    expect((await db.selectFrom('file_record').select('file_url').executeTakeFirstOrThrow()).file_url).toBe(`/uploads/${RECORDED}`);
  });

  it('rewrites revisions, avatars, bios and the branding, legal and custom HTML settings', async () => {
    await seed();
    await migrate();
    const rev = JSON.parse((await db.selectFrom('revision').select('content').executeTakeFirstOrThrow()).content);
    expect(rev).toEqual({ content: `![a](/uploads/${A})`, html: `<img src="/uploads/${A}" alt="a" />`, other: `![f](${FOREIGN})` });
    const users = await db.selectFrom('user').select(['id', 'avatar', 'bio']).where('id', '>', 1).orderBy('id').execute();
    expect(users.map((u) => [u.id, u.avatar, u.bio])).toEqual([
      [2, JSON.stringify({ type: 'custom', gravatar: '', custom: `/uploads/${AVATAR}` }), `![me](/uploads/${A})`],
      [3, `/uploads/${AVATAR}`, ''],
      [4, JSON.stringify({ type: 'custom', gravatar: '', custom: FOREIGN }), ''],
    ]);
    expect(await settings('branding')).toEqual({
      logo: `/uploads/${LOGO}`,
      mobile_logo: FOREIGN,
      square_icon: `/uploads/${LOGO}`,
      favicon: '',
    });
    expect(await settings('legal')).toEqual({
      terms_of_service_original_text: `![t](/uploads/${A})`,
      terms_of_service_parsed_text: `<img src="/uploads/${A}">`,
    });
    expect(await settings('css-html')).toEqual({
      custom_css: `body { background: url("/uploads/${LOGO}") }`,
      custom_head: `<img src="${FOREIGN}">`,
    });
  });

  it('keeps the path of a site URL with one, and a site of another host is foreign without a record', async () => {
    await author();
    await putSettings('general', { site_url: 'https://qa.example.com/lamps' });
    await db
      .insertInto('question')
      .values({
        id: '10010000000000009',
        user_id: 1,
        title: 'Path',
        original_text: `![a](https://qa.example.com/lamps/uploads/${A}) ![b](https://elsewhere.example.com/lamps/uploads/${B})`,
        parsed_text: '',
        post_update_time: 0,
        ...stamps,
      })
      .execute();
    await migrate();
    expect((await db.selectFrom('question').select('original_text').executeTakeFirstOrThrow()).original_text).toBe(
      `![a](/lamps/uploads/${A}) ![b](https://elsewhere.example.com/lamps/uploads/${B})`,
    );
  });
});
