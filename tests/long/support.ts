// Shared pieces of the long tests (crash safety and soak): a seeded random source, a site with
// logged-in members made through the project's own data layer, the built server in a child
// process that can be killed with SIGKILL, API calls, and the database checks run after a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createApp } from '../../server/app.js';
import { makeConfig } from '../../server/config.js';
import { writeConfigValue } from '../../server/modules/config/config.repository.js';
import { freePort } from '../support/e2e-server.js';

export const root = new URL('../..', import.meta.url).pathname;
export const V1 = '/answer/api/v1';
const runtime = JSON.parse(readFileSync(join(root, 'resources/server-runtime.json'), 'utf8')) as {
  nodeFlags: string[];
  env: Record<string, string>;
};

/** A seeded pseudo-random source (mulberry32): the same seed gives the same kill times and choices. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)] };
}

/** The seed of a run: LANTERN_LONG_SEED when set (to replay a run), else the clock. */
export function runSeed(): number {
  const fromEnv = Number(process.env.LANTERN_LONG_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Date.now() % 2_147_483_647;
}

/** Prints a figure line for the closing note and keeps it in test-results/long-figures.jsonl. */
export function figure(name: string, values: Record<string, unknown>): void {
  // the machine's load says how far the timings are this server's own
  const line = JSON.stringify({ test: name, ...values, cores: cpus().length, loadAverage: loadavg().map((l) => Math.round(l * 10) / 10) });
  process.stdout.write(`[figures] ${line}\n`);
  mkdirSync(join(root, 'test-results'), { recursive: true });
  appendFileSync(join(root, 'test-results/long-figures.jsonl'), `${line}\n`);
}

/** Members of a made site: ids and session tokens (each a logged-in client). */
export interface Site {
  dataDir: string;
  adminToken: string;
  members: { id: number; token: string }[];
}

/**
 * Installs a site in `dataDir` through the project's own app (no server yet), with `count` trusted
 * members logged in (rank high enough to vote) and the captcha off (every client shares one address).
 */
export async function makeSite(dataDir: string, count: number): Promise<Site> {
  mkdirSync(dataDir, { recursive: true });
  const lantern = await createApp(
    makeConfig({
      dataDir,
      logLevel: 'silent',
      autoInstall: {
        siteName: 'Long tests',
        siteUrl: 'http://127.0.0.1',
        contactEmail: 'team@example.com',
        adminName: 'admin',
        adminPassword: 'admin-password',
        adminEmail: 'admin@example.com',
        language: 'en_US',
        loginRequired: false,
        externalContentDisplay: 'always_display',
      },
    }),
  );
  try {
    const db = lantern.ctx.db;
    const now = Math.floor(Date.now() / 1000);
    const pass = (await db.selectFrom('user').select('pass').where('id', '=', 1).executeTakeFirstOrThrow()).pass;
    const members: Site['members'] = [];
    for (let i = 0; i < count; i++) {
      const row = await db
        .insertInto('user')
        .values({
          username: `member${i}`,
          e_mail: `member${i}@example.com`,
          display_name: `Member ${i}`,
          pass,
          mail_status: 1,
          status: 1,
          rank: 100_000,
          created_at: now,
          updated_at: now,
          last_login_date: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      members.push({ id: row.id, token: (await lantern.ctx.sessions.issue(row.id)).accessToken });
    }
    await writeConfigValue(db, 'plugin.status', JSON.stringify({ lantern_captcha: false }));
    return { dataDir, adminToken: (await lantern.ctx.sessions.issue(1)).accessToken, members };
  } finally {
    await lantern.close();
  }
}

const running = new Set<ServerProcess>();

/** Kills every server a test started and did not stop (a test that failed or timed out midway). */
export async function killLeftoverServers(): Promise<void> {
  for (const s of [...running]) await s.kill9();
}

/** The built server (out/main/server.js) in a child process on 127.0.0.1. */
export class ServerProcess {
  child: ChildProcess | null = null;
  url = '';
  private stderr = '';

  constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  /** The server's own error output so far (for failure messages). */
  get errors(): string {
    return this.stderr;
  }

  /** Starts the server and waits for /healthz; `ipc` opens the channel the desktop shell uses (backups). */
  async start(opts: { ipc?: boolean } = {}): Promise<number> {
    const started = performance.now();
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [...runtime.nodeFlags, join(root, 'out/main/server.js'), '--port', String(port), '--host', '127.0.0.1', '--data-dir', this.dataDir],
      {
        env: { ...runtime.env, ...process.env, LANTERN_LOG_LEVEL: 'warn', ...this.env },
        stdio: opts.ipc ? ['ignore', 'ignore', 'pipe', 'ipc'] : ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr?.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-20_000);
    });
    this.child = child;
    running.add(this);
    this.url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${this.stderr}`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return performance.now() - started;
  }

  /** Kills the process with SIGKILL (no shutdown code runs) and waits until it is gone. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
    running.delete(this);
  }

  /** A clean stop (SIGTERM). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
    this.child = null;
    running.delete(this);
  }
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : 0;
  } catch {
    return 0;
  }
}

export interface Reply {
  status: number;
  body: any;
}

/** One API call; throws only when no answer came (connection refused or reset: the server died). */
export async function call(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = opts.token;
  let body: string | FormData | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url + path, { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** A 1x1 PNG (what the upload endpoint accepts as an image). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);

/** Everything checked in the database after a crash: integrity, no half-written rows, counts that agree with rows. */
export interface DbReport {
  integrity: string;
  problems: string[];
  counts: { questions: number; answers: number; comments: number; votes: number; files: number };
}

const QUESTION_VOTES = '(28, 27)';
const ANSWER_VOTES = '(30, 12)';

/**
 * Opens the database read-only (beside a running server, or on its own) and checks it:
 * PRAGMA integrity_check and foreign_key_check, no answer without its question, no comment
 * without its post, every stored count equal to its rows, the search index holding exactly the
 * visible posts, and every file record's file on disk with its recorded size. `importedScores`:
 * imported posts carry their original score as vote_count without vote rows, so votes are not
 * compared with rows.
 */
export function checkDatabase(dataDir: string, opts: { importedScores?: boolean } = {}): DbReport {
  const db = new Database(join(dataDir, 'lantern.db'), { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    const problems: string[] = [];
    const none = (label: string, query: string) => {
      const rows = db.prepare(query).all() as Record<string, unknown>[];
      if (rows.length) problems.push(`${label}: ${rows.length} (e.g. ${JSON.stringify(rows.slice(0, 3))})`);
    };
    const fk = db.pragma('foreign_key_check') as unknown[];
    if (fk.length) problems.push(`foreign_key_check: ${JSON.stringify(fk.slice(0, 3))}`);
    none('answers without their question', 'select a.id from answer a left join question q on q.id = a.question_id where q.id is null');
    none(
      'comments without their post',
      `select c.id from comment c where c.object_id not in (select id from question) and c.object_id not in (select id from answer)`,
    );
    none('tags of missing questions', 'select r.id from tag_rel r left join question q on q.id = r.object_id where q.id is null');
    none(
      'question answer_count differs from its answers',
      'select q.id, q.answer_count, (select count(*) from answer a where a.question_id = q.id and a.status = 1) as n from question q where q.answer_count <> (select count(*) from answer a where a.question_id = q.id and a.status = 1)',
    );
    none(
      'answer comment_count differs from its comments',
      'select a.id, a.comment_count, (select count(*) from comment c where c.object_id = a.id and c.status = 1) as n from answer a where a.comment_count <> (select count(*) from comment c where c.object_id = a.id and c.status = 1)',
    );
    const votes = (types: string) =>
      `(select coalesce(sum(case when v.activity_type in (28, 30) then 1 else -1 end), 0) from activity v where v.object_id = p.id and v.cancelled = 0 and v.activity_type in ${types})`;
    if (!opts.importedScores) {
      none(
        'question vote_count differs from its votes',
        `select p.id, p.vote_count, ${votes(QUESTION_VOTES)} as n from question p where p.vote_count <> ${votes(QUESTION_VOTES)}`,
      );
      none(
        'answer vote_count differs from its votes',
        `select p.id, p.vote_count, ${votes(ANSWER_VOTES)} as n from answer p where p.vote_count <> ${votes(ANSWER_VOTES)}`,
      );
    }
    none(
      'tag question_count differs from its questions',
      'select t.slug_name, t.question_count from tag t where t.question_count <> (select count(*) from tag_rel r join question q on q.id = r.object_id where r.tag_id = t.id and r.status = 1 and q.status in (1, 2))',
    );
    none(
      'user question_count differs from their questions',
      'select u.id, u.question_count from user u where u.question_count <> (select count(*) from question q where q.user_id = u.id and q.status in (1, 2))',
    );
    none(
      'user answer_count differs from their answers',
      'select u.id, u.answer_count from user u where u.answer_count <> (select count(*) from answer a where a.user_id = u.id and a.status = 1)',
    );
    none(
      'visible posts missing from the search index',
      `select id from (select id from question where status in (1, 2) union all select id from answer where status = 1) where cast(id as integer) not in (select rowid from search_index)`,
    );
    none(
      'search index rows of no visible post',
      `select rowid from search_index where rowid not in (select cast(id as integer) from question where status in (1, 2) union all select cast(id as integer) from answer where status = 1)`,
    );
    const files = db.prepare('select file_path, size from file_record where status = 1').all() as { file_path: string; size: number }[];
    for (const f of files) {
      const path = join(dataDir, 'uploads', f.file_path);
      const size = existsSync(path) ? statSync(path).size : -1;
      if (size !== f.size) problems.push(`file ${f.file_path}: recorded ${f.size} bytes, on disk ${size}`);
    }
    const n = (q: string) => (db.prepare(q).get() as { n: number }).n;
    return {
      integrity,
      problems,
      counts: {
        questions: n('select count(*) as n from question'),
        answers: n('select count(*) as n from answer'),
        comments: n('select count(*) as n from comment'),
        votes: n(`select count(*) as n from activity where cancelled = 0 and activity_type in (27, 28, 30, 12)`),
        files: files.length,
      },
    };
  } finally {
    db.close();
  }
}

/** One text column of a query's rows, read from a data dir's database (read-only). */
export function queryLines(dataDir: string, query: string): string[] {
  const db = new Database(join(dataDir, 'lantern.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(query).all() as Record<string, unknown>[]).map((r) => String(Object.values(r)[0]));
  } finally {
    db.close();
  }
}

/** Files under a folder (recursively), relative names. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...filesUnder(join(dir, e.name)).map((f) => `${e.name}/${f}`));
    else out.push(e.name);
  }
  return out;
}
