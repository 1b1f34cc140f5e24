// Two server processes on one port and one database (--processes 2), as a team outgrowing one
// process runs them: what one process changes, the other serves at once, though each reuses list
// pages and search results for a minute here (the TTLs are raised so that only the drop passed
// between the processes can explain a fresh answer).
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../tests/support/test-app.js';
import { freePort } from '../tests/support/e2e-server.js';

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));
const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

let setup: TestApp;
let primary: ChildProcess;
let base = '';
let exited: Promise<number | null>;
let admin = '';
let writer: { id: number; token: string };

interface Answer {
  status: number;
  process: string | null;
  body: any;
}

/** One request on a connection of its own: the primary hands each new connection to the next process. */
async function call(method: string, path: string, o: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { connection: 'close' };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = o.token;
  const res = await fetch(base + path, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, process: res.headers.get('x-lantern-process'), body };
}

/** Asks a question as the writer (tagged wicks), through whichever process takes the connection. */
const ask = (title: string, content: string) =>
  call('POST', `${V1}/question`, { token: writer.token, body: { title, content, tags: [{ slug_name: 'wicks' }] } });

/** The same request until each process has answered it (at most 40 tries); the answers by process. */
async function fromEach(method: string, path: string, o: { token?: string; body?: unknown } = {}): Promise<Map<string, Answer>> {
  const seen = new Map<string, Answer>();
  for (let i = 0; i < 40 && seen.size < 2; i++) {
    const a = await call(method, path, o);
    if (a.process !== null && !seen.has(a.process)) seen.set(a.process, a);
  }
  expect([...seen.keys()].sort()).toEqual(['0', '1']);
  return seen;
}

/**
 * Asks each process until both answer as `fresh` says. A change reaches the caches after the
 * writer's response (its events run once the response is out, then the drop travels to the other
 * process): the spec allows a second; the wait is longer only so that a loaded machine does not
 * fail the test, and the time it took is checked against the TTL, which a stale cache would need.
 */
async function converge(path: string, fresh: (a: Answer) => boolean): Promise<void> {
  const t0 = Date.now();
  const done = new Set<string>();
  await until(async () => {
    const a = await call('GET', path);
    if (a.process !== null && fresh(a)) done.add(a.process);
    return done.size === 2;
  }, 10_000);
  // without the drop passed between them, one process would answer from its cache for 60 s
  expect(Date.now() - t0).toBeLessThan(10_000);
}

/** Polls until `check` holds (a condition, never a fixed sleep), at most `ms`. */
async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server processes the primary forked (not tsx's esbuild helper). */
const childPids = (pid: number) =>
  spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((n) => n > 0);

beforeAll(async () => {
  // an installed site with its users, made in this process; then the two server processes open it
  setup = await startTestApp();
  await captchaOff(setup);
  admin = await adminToken(setup);
  writer = await makeUser(setup, { email: 'writer@example.com', password: 'writer-pass-1', rank: 5000 });
  const port = await freePort();
  primary = fork(entry, ['--processes', '2', '--port', String(port), '--host', '127.0.0.1', '--data-dir', setup.dataDir], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      // on a PostgreSQL test run, the setup app's database
      LANTERN_DATABASE_URL: setup.lantern.ctx.config.databaseUrl ?? '',
      LANTERN_LOG_LEVEL: 'warn',
      LANTERN_LIST_PAGE_TTL_MS: '60000',
      LANTERN_SEARCH_TTL_MS: '60000',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  exited = new Promise((resolve) => primary.once('exit', resolve));
  // the primary says ready once process 0 serves; then wait for the second as well
  await new Promise<void>((resolve, reject) => {
    primary.on('message', (m: any) =>
      m?.type === 'lantern:ready' ? resolve() : m?.type === 'lantern:start-failed' && reject(new Error(m.error)),
    );
    primary.once('exit', (code) => reject(new Error(`primary exited ${code}`)));
  });
  base = `http://127.0.0.1:${port}`;
  await until(async () => (await fromEach('GET', '/healthz').catch(() => null)) !== null, 60_000);
}, 120_000);

afterAll(async () => {
  if (primary && primary.exitCode === null) {
    primary.kill('SIGTERM');
    await exited;
  }
  await setup?.stop();
}, 60_000);

describe('two server processes on one database', () => {
  it('share logins: a session made through one is valid on the other, and a logout ends it on both', async () => {
    const login = await call('POST', `${V1}/user/login/email`, { body: { e_mail: 'writer@example.com', pass: 'writer-pass-1' } });
    expect(login.status).toBe(200);
    const token = login.body.data.access_token as string;
    for (const a of (await fromEach('GET', `${V1}/user/info`, { token })).values()) expect(a.body.data.e_mail).toBe('writer@example.com');
    expect((await call('GET', `${V1}/user/logout`, { token })).status).toBe(200);
    // the reference answers user/info without a session with an empty success
    for (const a of (await fromEach('GET', `${V1}/user/info`, { token })).values()) expect(a.body.data).toBeNull();
    for (const a of (await fromEach('GET', `${V1}/notification/status`, { token })).values()) expect(a.status).toBe(401);
  });

  it('list a question asked on one on the other at once, though each reuses its list page for a minute', async () => {
    const list = `${V1}/question/page?order=newest&page=1&page_size=20`;
    await fromEach('GET', list); // both processes now hold the page
    const title = 'Which lantern wick lasts the longest through winter?';
    const asked = await ask(title, 'I burn through wicks in a week; which kind lasts longest?');
    expect(asked.status).toBe(200);
    await converge(list, (a) => a.body.data.list[0]?.title === title);
  });

  it('find a question asked on one by a search on the other at once, though each reuses search results', async () => {
    const search = `${V1}/search?q=${encodeURIComponent('paraffinwax')}&order=relevance&page=1&size=20`;
    for (const a of (await fromEach('GET', search)).values()) expect(a.body.data.count).toBe(0);
    const asked = await ask('Does paraffinwax smoke more than beeswax?', 'Comparing paraffinwax and beeswax candles indoors.');
    expect(asked.status).toBe(200);
    await converge(search, (a) => a.body.data.count === 1);
  });

  it('drop the reused list page on both when a vote is cast on one', async () => {
    const asked = await ask('How should a storm lantern be stored over summer?', 'Empty the tank, dry it, or keep it filled?');
    const id = asked.body.data.id as string;
    const list = `${V1}/question/page?order=newest&page=1&page_size=5`;
    for (const a of (await fromEach('GET', list)).values()) expect(a.body.data.list[0]).toMatchObject({ id, vote_count: 0 });
    const voted = await call('POST', `${V1}/vote/up`, { token: admin, body: { object_id: id, is_cancel: false } });
    expect(voted.status).toBe(200);
    await converge(list, (a) => a.body.data.list[0].id === id && a.body.data.list[0].vote_count === 1);
  });

  it('show a setting the admin changed on one on the other at once', async () => {
    const general = {
      name: 'Lantern Two',
      short_description: 'short',
      description: 'desc',
      site_url: 'http://127.0.0.1',
      contact_email: 'admin@example.com',
      check_update: false,
    };
    expect((await call('PUT', `${ADMIN}/siteinfo/general`, { token: admin, body: general })).status).toBe(200);
    await converge(`${V1}/siteinfo`, (a) => a.body.data.general.name === 'Lantern Two');
  });

  it('show a backup one process runs on the other, and refuse a restore and an import (they need one process)', async () => {
    if (setup.lantern.ctx.config.databaseUrl) {
      // PostgreSQL sites are backed up with pg_dump: refused by every process
      for (const a of (await fromEach('POST', `${ADMIN}/backups`, { token: admin })).values())
        expect(a.body.reason).toBe('error.backup.postgres');
      for (const a of (await fromEach('POST', `${ADMIN}/import/stackexchange`, { token: admin })).values())
        expect(a.body.reason).toBe('error.import.single_process');
      return;
    }
    const started = await call('POST', `${ADMIN}/backups`, { token: admin });
    expect(started.status).toBe(200);
    const id = started.body.data.job.id as number;
    const other = started.process === '0' ? '1' : '0';
    await until(async () => {
      const a = await call('GET', `${ADMIN}/backups/job`, { token: admin });
      return a.process === other && a.body.data?.id === id && a.body.data.state === 'done';
    });
    const name = (await call('GET', `${ADMIN}/backups/job`, { token: admin })).body.data.name as string;
    for (const a of (await fromEach('POST', `${ADMIN}/backups/${name}/restore`, { token: admin })).values()) {
      expect(a.status).toBe(400);
      expect(a.body.reason).toBe('error.backup.single_process');
    }
    for (const a of (await fromEach('POST', `${ADMIN}/import/stackexchange`, { token: admin })).values()) {
      expect(a.status).toBe(400);
      expect(a.body.reason).toBe('error.import.single_process');
    }
  });

  it('take writes made at once through both processes, every one of them, in their shared turn', async () => {
    const asked = await ask('How many wicks can one lantern hold at once?', 'Counting wicks in a busy lantern.');
    const id = asked.body.data.id as string;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', `${V1}/comment`, {
          token: writer.token,
          body: { object_id: id, original_text: `Comment number ${i} about the wicks.` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(results.map((r) => r.process))).toEqual(new Set(['0', '1']));
    const page = await call('GET', `${V1}/comment/page?object_id=${id}&page=1&page_size=50`);
    expect(page.body.data.count).toBe(30);
  });

  it('replace a process that dies, and keep serving meanwhile', async () => {
    const before = childPids(primary.pid!);
    expect(before).toHaveLength(2);
    process.kill(before[1], 'SIGKILL');
    await until(async () => {
      const now = childPids(primary.pid!);
      return now.length === 2 && !now.includes(before[1]);
    }, 60_000);
    await until(async () => (await fromEach('GET', '/healthz').catch(() => null)) !== null, 60_000);
    expect((await call('GET', `${V1}/question/page?order=newest&page=1&page_size=5`)).status).toBe(200);
  }, 90_000);

  it('stop all its processes on SIGTERM, and exit cleanly', async () => {
    const children = childPids(primary.pid!);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
