// Two server processes on two ports sharing one PostgreSQL database, as a team runs them behind a
// reverse proxy (on one machine or two): no primary is between them, so what one changes reaches the
// other through the database (LISTEN/NOTIFY), and the once-per-site jobs run in the one process that
// holds the leader lock. Each process reuses list pages and search results for a minute here, so
// only the notice passed between them can explain a fresh answer. Runs on a PostgreSQL test run only.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../tests/support/accounts.js';
import { freePort } from '../tests/support/e2e-server.js';
import { testDatabaseUrl } from '../tests/support/pg-test-db.js';
import { LEADER_LOCK } from './infra/pg-peers.js';
import { startTestApp, type TestApp } from '../tests/support/test-app.js';

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));
const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
// the spec's bound for a change made on one process to show on the other
const WITHIN_MS = 1000;

let setup: TestApp;
const servers: { child: ChildProcess; base: string; exited: Promise<number | null> }[] = [];
let admin = '';
let writer: { id: number; token: string };

async function call(server: number, method: string, path: string, o: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = o.token;
  const res = await fetch(servers[server].base + path, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** Polls `check` (a condition, never a fixed sleep) until it holds; resolves with the time it took. */
async function timeUntil(check: () => Promise<boolean>, ms = 10_000): Promise<number> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - t0;
}

/** Starts one server process on its own port; resolves once it serves. */
async function serve(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const child = fork(entry, ['--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      LANTERN_DATABASE_URL: databaseUrl,
      LANTERN_LOG_LEVEL: 'warn',
      LANTERN_LIST_PAGE_TTL_MS: '60000',
      LANTERN_SEARCH_TTL_MS: '60000',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: any) =>
      m?.type === 'lantern:ready' ? resolve() : m?.type === 'lantern:start-failed' && reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  servers.push({ child, base: `http://127.0.0.1:${port}`, exited });
}

describe.runIf(testDatabaseUrl())('two server processes on two ports sharing one PostgreSQL database', () => {
  beforeAll(async () => {
    setup = await startTestApp();
    await captchaOff(setup);
    admin = await adminToken(setup);
    writer = await makeUser(setup, { email: 'writer@example.com', password: 'writer-pass-1', rank: 5000 });
    const url = setup.lantern.ctx.config.databaseUrl!;
    // both on one data dir: the uploads folder they share
    await Promise.all([serve(url, setup.dataDir), serve(url, setup.dataDir)]);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) {
      if (s.child.exitCode === null) s.child.kill('SIGTERM');
      await s.exited;
    }
    await setup?.stop();
  }, 60_000);

  it('share logins: a login made on one is valid on the other, and a logout on the other ends it', async () => {
    const login = await call(0, 'POST', `${V1}/user/login/email`, { body: { e_mail: 'writer@example.com', pass: 'writer-pass-1' } });
    expect(login.status).toBe(200);
    const token = login.body.data.access_token as string;
    expect((await call(1, 'GET', `${V1}/user/info`, { token })).body.data.e_mail).toBe('writer@example.com');
    expect((await call(1, 'GET', `${V1}/user/logout`, { token })).status).toBe(200);
    expect((await call(0, 'GET', `${V1}/notification/status`, { token })).status).toBe(401);
  });

  it('list, find and take votes on a question asked on the other within a second, though each reuses pages and searches', async () => {
    const list = `${V1}/question/page?order=newest&page=1&page_size=20`;
    const search = `${V1}/search?q=${encodeURIComponent('kerosenewick')}&order=relevance&page=1&size=20`;
    // process 1 now holds the list page and the empty search
    expect((await call(1, 'GET', list)).status).toBe(200);
    expect((await call(1, 'GET', search)).body.data.count).toBe(0);
    const title = 'Which kerosenewick lasts the longest through winter?';
    const asked = await call(0, 'POST', `${V1}/question`, {
      token: writer.token,
      body: { title, content: 'I burn through a kerosenewick in a week; which kind lasts longest?', tags: [{ slug_name: 'wicks' }] },
    });
    expect(asked.status).toBe(200);
    const id = asked.body.data.id as string;
    const listed = await timeUntil(async () => (await call(1, 'GET', list)).body.data.list[0]?.title === title);
    const found = await timeUntil(async () => (await call(1, 'GET', search)).body.data.count === 1);
    expect(listed).toBeLessThan(WITHIN_MS);
    expect(found).toBeLessThan(WITHIN_MS);
    const voted = await call(1, 'POST', `${V1}/vote/up`, { token: admin, body: { object_id: id, is_cancel: false } });
    expect(voted.status).toBe(200);
    expect(voted.body.data.votes).toBe(1);
  });

  it('drop the reused list page on the other when a vote is cast on one', async () => {
    const asked = await call(1, 'POST', `${V1}/question`, {
      token: writer.token,
      body: {
        title: 'How should a storm lantern be stored over summer?',
        content: 'Empty the tank, dry it, or keep it filled?',
        tags: [{ slug_name: 'wicks' }],
      },
    });
    const id = asked.body.data.id as string;
    const list = `${V1}/question/page?order=newest&page=1&page_size=5`;
    await timeUntil(async () => (await call(1, 'GET', list)).body.data.list[0]?.id === id);
    expect((await call(1, 'GET', list)).body.data.list[0]).toMatchObject({ id, vote_count: 0 });
    expect((await call(0, 'POST', `${V1}/vote/up`, { token: admin, body: { object_id: id, is_cancel: false } })).status).toBe(200);
    const dropped = await timeUntil(async () => (await call(1, 'GET', list)).body.data.list[0]?.vote_count === 1);
    expect(dropped).toBeLessThan(WITHIN_MS);
  });

  it('show a setting the admin changed on one on the other within a second', async () => {
    expect((await call(1, 'GET', `${V1}/siteinfo`)).body.data.general.name).toBe('Test Site');
    const general = {
      name: 'Lantern Two',
      short_description: 'short',
      description: 'desc',
      site_url: 'http://127.0.0.1',
      contact_email: 'admin@example.com',
      check_update: false,
    };
    expect((await call(0, 'PUT', `${ADMIN}/siteinfo/general`, { token: admin, body: general })).status).toBe(200);
    const seen = await timeUntil(async () => (await call(1, 'GET', `${V1}/siteinfo`)).body.data.general.name === 'Lantern Two');
    expect(seen).toBeLessThan(WITHIN_MS);
  });

  it('refuse in-app backups (pg_dump makes them)', async () => {
    const started = await call(0, 'POST', `${ADMIN}/backups`, { token: admin });
    expect(started.status).toBe(400);
    expect(started.body.reason).toBe('error.backup.postgres');
  });

  it('have exactly one leader for the once-per-site jobs, and another takes over when it stops', async () => {
    const client = new pg.Client({ connectionString: setup.lantern.ctx.config.databaseUrl! });
    await client.connect();
    // the node processes holding the leader lock, by the application name of their listening connection
    const leaders = async () =>
      (
        await client.query<{ name: string }>(
          `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where l.locktype = 'advisory' and l.objid = $1 and l.granted and l.database = (select oid from pg_database where datname = current_database())`,
          [LEADER_LOCK],
        )
      ).rows.map((r) => Number(/^lantern (\d+) peers$/.exec(r.name)?.[1]));
    try {
      const [leader, ...others] = await leaders();
      expect(others).toEqual([]);
      const index = servers.findIndex((s) => s.child.pid === leader);
      expect(index).toBeGreaterThanOrEqual(0);
      servers[index].child.kill('SIGTERM');
      expect(await servers[index].exited).toBe(0);
      const follower = servers[1 - index].child.pid;
      // the follower tries for the lock every two seconds
      await timeUntil(async () => (await leaders()).join() === String(follower), 15_000);
    } finally {
      await client.end();
    }
  });
});
