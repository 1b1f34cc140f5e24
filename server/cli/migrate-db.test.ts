import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../tests/support/accounts.js';
import { acceptAnswer, askQuestion, postAnswer, postComment, vote } from '../../tests/support/factories.js';
import { createDatabase, dropDatabase, newDatabaseName, queryDatabase, testDatabaseUrl } from '../../tests/support/pg-test-db.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { createApp, type LanternApp } from '../app.js';
import { makeConfig } from '../config.js';
import { databaseFile } from '../db/connect.js';
import { comparable, jsonDifferences, maskedUrl } from './migrate-db.js';
import { buildProgram, runCli } from './program.js';
import type { CliIo } from './progress.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'lantern-migrate-db-test-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs `lantern <args>` in process; returns the exit code and what it printed. */
async function lantern(args: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), tty: false };
  const code = await runCli(buildProgram(io), args, io);
  return { code, out, err };
}

// refusals that need no PostgreSQL server run on every run
describe('lantern migrate-db (refusals)', () => {
  it('has help, and exits 2 without --to or with a connection string that is not PostgreSQL', async () => {
    const help = await lantern(['migrate-db', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: lantern migrate-db');
    expect(help.out).toContain('--to <url>');
    expect(help.out).toContain('--data-dir');
    expect((await lantern(['--help'])).out).toContain('migrate-db');
    const missing = await lantern(['migrate-db', '--data-dir', tempDir()]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("required option '--to <url>' not specified");
    const mysql = await lantern(['migrate-db', '--data-dir', tempDir(), '--to', 'mysql://u:p@127.0.0.1/db']);
    expect(mysql.code).toBe(2);
    expect(mysql.err).toContain('must be a postgres:// connection string');
  });

  it('refuses a data dir without lantern.db, and a server that does not answer, in one line each', async () => {
    const empty = tempDir();
    const none = await lantern(['migrate-db', '--data-dir', empty, '--to', 'postgres://lantern:secret@127.0.0.1:1/lantern']);
    expect(none.code).toBe(1);
    expect(none.err).toBe(`There is no Lantern database in ${empty} (no ${databaseFile(empty)}).\n`);

    writeFileSync(databaseFile(empty), '');
    const down = await lantern(['migrate-db', '--data-dir', empty, '--to', 'postgres://lantern:secret@127.0.0.1:1/lantern']);
    expect(down.code).toBe(1);
    expect(down.err).toBe('Cannot open postgres://lantern:***@127.0.0.1:1/lantern: no PostgreSQL server answers at that host and port.\n');
  });
});

describe('the API comparison', () => {
  it('names each difference by its JSON path, with both values', () => {
    const sqlite = { code: 200, data: { list: [{ id: '1', views: 3 }, { id: '2' }], count: 2 } };
    const postgres = { code: 200, data: { list: [{ id: '1', views: 4 }], count: 2, extra: true } };
    expect(jsonDifferences(sqlite, postgres)).toEqual([
      'data.list: 2 items ≠ 1 items',
      'data.list[0].views: 3 ≠ 4',
      'data.extra: absent ≠ true',
    ]);
    expect(jsonDifferences(sqlite, structuredClone(sqlite))).toEqual([]);
    expect(maskedUrl('postgres://u:secret@db.example:5432/site')).toBe('postgres://u:***@db.example:5432/site');
  });

  it("compares the weekly ranking's users as sets (ties have no order), the vote list still by its counts", () => {
    const user = (username: string, vote_count = 0) => ({ username, vote_count });
    const a = {
      data: {
        users_with_the_most_reputation: [user('b'), user('a')],
        users_with_the_most_vote: [user('y', 2), user('x', 2), user('z', 5)],
      },
    };
    const b = {
      data: {
        users_with_the_most_reputation: [user('a'), user('b')],
        users_with_the_most_vote: [user('z', 5), user('x', 2), user('y', 2)],
      },
    };
    expect(jsonDifferences(comparable('/user/ranking', a), comparable('/user/ranking', b))).toEqual([]);
    const c = { data: { ...b.data, users_with_the_most_reputation: [user('a'), user('c')] } };
    expect(jsonDifferences(comparable('/user/ranking', a), comparable('/user/ranking', c))).toEqual([
      'data.users_with_the_most_reputation[1].username: "b" ≠ "c"',
    ]);
    // any other answer keeps its order
    expect(jsonDifferences(comparable('/tags/page', a), comparable('/tags/page', b))).toHaveLength(6);
  });
});

const V1 = '/answer/api/v1';

async function getJson(app: { url: string }, path: string, token?: string) {
  const res = await fetch(app.url + V1 + path, { headers: token ? { authorization: token } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

/** Every row of a table, ordered by id, with numbers as text (PostgreSQL's bigint arrives as text). */
function asText(rows: Record<string, unknown>[]) {
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)])));
}

describe.runIf(testDatabaseUrl())('lantern migrate-db (PostgreSQL)', () => {
  let siteDir = '';
  let questionIds: string[] = [];
  let searched = '';
  const databases: string[] = [];

  async function emptyDatabase(): Promise<string> {
    const name = newDatabaseName();
    databases.push(name);
    return createDatabase(name);
  }

  beforeAll(async () => {
    // a SQLite site (databaseUrl null keeps it on SQLite on a PostgreSQL run) with users, posts,
    // comments, votes, tags, an accepted answer and a bookmark
    const app: TestApp = await startTestApp({ config: { databaseUrl: null } });
    try {
      await captchaOff(app);
      const admin = await adminToken(app);
      const alice = await makeUser(app, { name: 'Alice Moves', rank: 2000 });
      const bob = await makeUser(app, { name: 'Bob Stays', rank: 2000 });
      searched = 'zanzibarish';
      questionIds = [
        await askQuestion(app, admin, { title: 'Which lantern oil burns the longest?', tags: ['sqlite', 'oil'] }),
        await askQuestion(app, alice.token, { title: 'A zanzibarish wick that never goes out', tags: ['sqlite'] }),
        await askQuestion(app, bob.token, { title: 'How do I move a site to another database engine?', tags: ['oil'] }),
      ];
      for (let i = 0; i < 5; i++) questionIds.push(await askQuestion(app, alice.token, { tags: ['sqlite'] }));
      const a1 = await postAnswer(app, bob.token, questionIds[0], { content: 'Paraffin burns longest in my experience.' });
      await postAnswer(app, alice.token, questionIds[0], { content: 'Olive oil lasts well and smells nicer.' });
      const a3 = await postAnswer(app, admin, questionIds[1], { content: 'Trim the wick and it keeps going.' });
      await acceptAnswer(app, admin, questionIds[0], a1);
      const c1 = await postComment(app, alice.token, questionIds[0], 'Which brand of paraffin do you mean?');
      await postComment(app, bob.token, a1, 'Any brand from a hardware shop works.');
      await postComment(app, admin, a3, 'Worked for me as well, thank you.');
      await postComment(app, bob.token, questionIds[0], 'The one sold for storm lanterns.', { reply_comment_id: c1 });
      await vote(app, alice.token, questionIds[0], 'up');
      await vote(app, bob.token, questionIds[1], 'up');
      await vote(app, alice.token, a1, 'up');
      await vote(app, bob.token, a3, 'down');
      const bookmark = await app.call('POST', `${V1}/collection/switch`, {
        token: bob.token,
        body: { object_id: questionIds[1], group_id: '0', bookmark: true },
      });
      expect(bookmark.status, JSON.stringify(bookmark.body)).toBe(200);
      await app.lantern.close();
      siteDir = tempDir();
      cpSync(app.dataDir, siteDir, { recursive: true });
    } finally {
      await app.stop();
    }
  });

  afterAll(async () => {
    for (const name of databases.splice(0)) await dropDatabase(name);
  });

  it('copies every table with its ids, verifies counts and API answers, and leaves a site that works on PostgreSQL', async () => {
    const url = await emptyDatabase();
    const run = await lantern(['migrate-db', '--data-dir', siteDir, '--to', url]);
    expect(run.code, run.err + run.out).toBe(0);
    expect(run.err).toContain('Copying question…');
    expect(run.err).toContain('Comparing API answers of both sites…');
    expect(run.out).toMatch(/^Copied .+lantern\.db into postgres:\/\/[^:/@]+:\*\*\*@.+: \d+ rows in \d+ tables, ids kept\./);
    expect(run.out).toMatch(/The answers to \d+ API requests are the same on both sites\./);
    // no snapshot is left in the data dir
    expect(readdirSync(siteDir).filter((n) => n.startsWith('.migrate-db-'))).toEqual([]);

    // the printed counts are right, and every table was counted (the FTS5 index, its word counts and
    // stored lists, the list totals SQLite's triggers keep, and the ledger are not data: PostgreSQL
    // ranks with its own index and counts its lists)
    const sqlite = new Database(databaseFile(siteDir), { readonly: true });
    try {
      const tables = (sqlite.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[]).filter(
        (n) => !n.startsWith('sqlite_') && !n.startsWith('kysely_') && !n.startsWith('search_') && n !== 'question_total',
      );
      expect(run.out).not.toMatch(/search_term_list|question_total/);
      expect(tables.length).toBeGreaterThan(25);
      for (const t of tables) {
        const n = Number(sqlite.prepare(`select count(*) from "${t}"`).pluck().get());
        const [{ c }] = await queryDatabase<{ c: string }>(url, `select count(*) as c from "${t}"`);
        expect(Number(c), t).toBe(n);
        expect(run.out).toMatch(new RegExp(`\\n  ${t}\\s+${n}\\s+${n}\\n`));
      }
      for (const t of ['user', 'question', 'answer', 'comment', 'activity', 'tag_rel', 'config', 'badge']) {
        expect(Number(sqlite.prepare(`select count(*) from "${t}"`).pluck().get()), t).toBeGreaterThan(0);
      }
      // rows arrive as they were, ids and all (view counts too: the comparison's question views were put back)
      for (const t of ['question', 'answer', 'user', 'config']) {
        const before = asText(sqlite.prepare(`select * from "${t}" order by id`).all() as Record<string, unknown>[]);
        expect(asText(await queryDatabase(url, `select * from "${t}" order by id`)), t).toEqual(before);
      }
    } finally {
      sqlite.close();
    }
    // the search index holds every visible question and answer
    const [{ n: indexed }] = await queryDatabase<{ n: string }>(url, 'select count(*) as n from search_index');
    expect(Number(indexed)).toBe(questionIds.length + 3);

    const apps: LanternApp[] = [];
    try {
      const onSqlite = await createApp(makeConfig({ dataDir: siteDir, logLevel: 'silent', databaseUrl: null }));
      apps.push(onSqlite);
      const onPostgres = await createApp(makeConfig({ dataDir: tempDir(), logLevel: 'silent', databaseUrl: url }));
      apps.push(onPostgres);
      const [a, b] = [await onSqlite.listen(0, '127.0.0.1'), await onPostgres.listen(0, '127.0.0.1')];
      for (const id of questionIds.slice(0, 2)) {
        const left = await getJson(a, `/question/info?id=${id}`);
        const right = await getJson(b, `/question/info?id=${id}`);
        expect(left.status).toBe(200);
        expect(right.body).toEqual(left.body);
      }
      // the search index was filled by the triggers as the rows arrived
      const found = await getJson(b, `/search?q=${searched}&order=newest&page=1&size=10`);
      expect(found.status).toBe(200);
      expect(found.body.data.list.map((r: any) => r.object.id)).toEqual([questionIds[1]]);
      // the sequences moved past the copied ids: a new question gets an id of its own
      const token = (await onPostgres.ctx.sessions.issue(1)).accessToken;
      const asked = await fetch(`${b.url}${V1}/question`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'The first question asked after the move',
          content: 'Asked on PostgreSQL.',
          tags: [{ slug_name: 'oil' }],
        }),
      });
      const fresh = ((await asked.json()) as any).data?.id as string;
      expect(asked.status).toBe(200);
      expect(questionIds).not.toContain(fresh);
      expect(BigInt(fresh)).toBeGreaterThan(questionIds.map(BigInt).reduce((m, x) => (x > m ? x : m)));
      expect((await getJson(b, `/question/info?id=${fresh}`)).body.data.title).toBe('The first question asked after the move');
    } finally {
      for (const app of apps) await app.close();
    }

    // a second run finds the site there and refuses, leaving it as it is
    const again = await lantern(['migrate-db', '--data-dir', siteDir, '--to', url]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      /^postgres:\/\/[^:/@]+:\*\*\*@.+ already holds Lantern data \(user: 3 rows, question: 9 rows, answer: 3 rows, .*\); migrate-db copies into an empty database only\.\n$/,
    );
  });

  it("refuses a database holding another application's tables, without touching it", async () => {
    const url = await emptyDatabase();
    await queryDatabase(url, 'create table invoices (id serial primary key, total int)');
    const run = await lantern(['migrate-db', '--data-dir', siteDir, '--to', url]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("is not empty: it holds 1 table(s) that are not Lantern's (invoices)");
    const tables = await queryDatabase<{ t: string }>(
      url,
      "select table_name as t from information_schema.tables where table_schema = 'public'",
    );
    expect(tables.map((r) => r.t)).toEqual(['invoices']);
  });

  it('refuses a value PostgreSQL cannot store (a NUL character), naming its row, and copies nothing', async () => {
    const dir = tempDir();
    cpSync(siteDir, dir, { recursive: true });
    const db = new Database(databaseFile(dir));
    db.prepare("insert into meta (object_id, key, value, created_at, updated_at) values ('1', 'nul', ?, 0, 0)").run('before\u0000after');
    const id = Number(db.prepare("select id from meta where key = 'nul'").pluck().get());
    db.close();
    const url = await emptyDatabase();
    const run = await lantern(['migrate-db', '--data-dir', dir, '--to', url]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`meta row id=${id} holds a NUL character in value, which PostgreSQL cannot store; nothing was copied`);
    // the copy ran in one transaction: the target is migrated and empty, ready for another run
    const [{ n }] = await queryDatabase<{ n: string }>(url, 'select count(*) as n from question');
    expect(Number(n)).toBe(0);
    const [{ u }] = await queryDatabase<{ u: string }>(url, 'select count(*) as u from "user"');
    expect(Number(u)).toBe(0);
  });
});
