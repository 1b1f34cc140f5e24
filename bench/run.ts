// npm run bench -- [--questions 100000] [--duration 10] [--connections 32] [--only name,name]
// Builds (or reuses) a generated site, starts the real server on 127.0.0.1 and the ceiling beside
// it on the same database file, drives both with autocannon (bounded in time and count), and
// prints one table plus bench/results/latest.json. See bench/README.md.
import { routeInitialJs } from './route-js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateSite, prepareSearchLists, prng, resetSite, sizeFor, type GeneratedSite } from './generate.js';
import { searchQuality } from './quality.js';
import { countRefusal } from './refusals.js';
import { CHROMIUM_ARGS } from '../tests/support/find-browser.mjs';
import { loadTexts } from './texts.js';
import { distinctSearches, workloads, type Workload } from './workloads.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// the server runs with the Node flags it ships with
const runtime = JSON.parse(readFileSync(join(root, 'resources/server-runtime.json'), 'utf8')) as {
  nodeFlags: string[];
  env: Record<string, string>;
};
const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    'skip-browser': { type: 'boolean', default: false },
    // measure the question lists and searches without reusing answers (each request computes its own)
    'no-page-cache': { type: 'boolean', default: false },
    // server processes sharing the port and database (the server's --processes); the ceiling stays one process
    processes: { type: 'string', default: '1' },
    // where the report goes (under bench/results); a run with several processes keeps the default's figures
    out: { type: 'string', default: 'latest.json' },
    // the same site in PostgreSQL (copied there with `lantern migrate-db`): the server and the ceiling use it
    'database-url': { type: 'string' },
  },
});
const processes = Math.max(1, Math.min(16, Number(values.processes) || 1));
const databaseUrl = values['database-url'] ?? null;
if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('--database-url must be a postgres:// URL');
if (!/^[\w.-]+\.json$/.test(values.out)) throw new Error('--out must be a file name ending in .json');
const questions = Math.max(100, Math.min(1_000_000, Number(values.questions) || 100_000));
const duration = Math.max(1, Math.min(120, Number(values.duration) || 10));
const connections = Math.max(1, Math.min(256, Number(values.connections) || 32));
const only = values.only ? new Set(values.only.split(',')) : null;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...runtime.nodeFlags,
      ...(process.env.BENCH_SERVER_FLAGS ? process.env.BENCH_SERVER_FLAGS.split(' ') : []),
      join(root, 'out/main/server.js'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--processes',
      String(processes),
    ],
    {
      env: {
        ...runtime.env,
        ...process.env,
        LANTERN_LOG_LEVEL: 'warn',
        LANTERN_DATABASE_URL: databaseUrl ?? '',
        ...(values['no-page-cache']
          ? { LANTERN_LIST_PAGE_TTL_MS: '0', LANTERN_SEARCH_TTL_MS: '0', LANTERN_PAGE_TTL_MS: '0', LANTERN_SESSION_CACHE_MS: '0' }
          : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** The size of the PostgreSQL database the run used. */
async function postgresBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>('select pg_database_size(current_database()) as n');
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Resident memory of a process and the processes it started (several server processes) in MB (Linux /proc). */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return (m ? Number(m[1]) / 1024 : 0) + children.reduce((sum, c) => sum + rssMb(c), 0);
  } catch {
    return 0;
  }
}

/** CPU time (user and system, in clock ticks) of a process and the processes it started (Linux /proc). */
function cpuTicks(pid: number): number {
  try {
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return Number(fields[11]) + Number(fields[12]) + children.reduce((sum, c) => sum + cpuTicks(c), 0);
  } catch {
    return 0;
  }
}

/**
 * Waits (two and a half seconds at least, a minute at most) until the server has been idle for a second: under 5%
 * of a core, so its start-up jobs are done (a second after start, it begins refreshing every
 * question's hot score on a read worker).
 */
async function settled(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  // a job starts a second after the server: look only once it has had the time to
  await new Promise((r) => setTimeout(r, 1500));
  let before = cpuTicks(pid);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTicks(pid);
    if (now - before <= 5) return;
    before = now;
  }
}

/** Waits (at most two minutes) until the server answers a cheap request within 200 ms. */
async function drain(base: string, path = '/healthz'): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    try {
      await fetch(base + path, { signal: AbortSignal.timeout(10_000) });
      if (performance.now() - t0 < 200) return;
    } catch {
      /* still busy */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers other than 2xx by status and reason, e.g. "400 error.answer.already_answered": 3. */
  refused: Record<string, number>;
}

/** The items in an order fixed by a seeded generator (the same every run). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  const { int } = prng(7);
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// the next of a workload's `paths` (kept across the warm-up and the measured run, so neither repeats the other)
let pathIx = 0;
let writeSeq = 0;
// questions the write mix answers in turn: the site lets a user answer a question once, so answering
// one question over and over would be refused (filled before the workloads run)
const answerTargets: string[] = [];
let answerSeq = 0;
/** A fresh body per write request (the duplicate-submission guard refuses repeats). */
function writeBody(path: string, site: GeneratedSite): string {
  const n = ++writeSeq;
  if (path.endsWith('/question'))
    return JSON.stringify({
      title: `Bench question number ${n} about history`,
      content: `Body of bench question ${n}: where do the old maps come from?`,
      tags: [{ slug_name: site.sample.tag }],
    });
  if (path.endsWith('/answer')) {
    const target = answerTargets.length ? answerTargets[answerSeq++ % answerTargets.length] : site.sample.questionId;
    return JSON.stringify({ question_id: target, content: `Bench answer ${n}: they come from the archive.` });
  }
  if (path.endsWith('/comment')) return JSON.stringify({ object_id: site.sample.questionId, original_text: `Bench comment ${n}, thanks.` });
  return JSON.stringify({ object_id: site.sample.busyQuestionId, is_cancel: n % 2 === 0 });
}

/**
 * A paced workload (`rate`): request i is due at start + i / rate, whatever became of the ones before
 * it, and goes out on one of `connections` kept-alive connections (waiting for one when all are busy).
 * Its latency runs from when it was due, so a server that falls behind is charged for the wait
 * (autocannon's own rate sends each connection's share in a burst at the top of every second).
 */
async function drivePaced(base: string, w: Workload, site: GeneratedSite, seconds: number): Promise<Figures> {
  const rate = w.rate!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  let tokenIx = 0;
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const r = w.requests[i % w.requests.length];
      const method = r.method ?? 'GET';
      const body = method !== 'GET' ? writeBody(r.path, site) : undefined;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (r.auth) headers.authorization = site.tokens[tokenIx++ % site.tokens.length];
      const path = r.paths?.length ? r.paths[pathIx++ % r.paths.length] : r.path;
      const req = http.request(base + path, { method, agent, headers, timeout: 10_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          latencies.push(performance.now() - due);
          const status = res.statusCode ?? 0;
          if (status >= 300) {
            non2xx++;
            countRefusal(refused, status, Buffer.concat(chunks).toString());
          }
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  const total = Math.round(rate * seconds);
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i, due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { rps: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), errors, non2xx, refused };
}

async function drive(base: string, w: Workload, site: GeneratedSite, ceiling: boolean, seconds = duration): Promise<Figures> {
  if (w.rate && !ceiling) return drivePaced(base, w, site, seconds);
  let tokenIx = 0;
  const refused: Record<string, number> = {};
  const onResponse = (status: number, body: string) => {
    if (status >= 300) countRefusal(refused, status, body);
  };
  const requests: autocannon.Request[] = ceiling
    ? [{ method: 'GET' as const, path: `/c/${w.ceiling}` }]
    : w.requests.map((r) => ({
        method: r.method ?? 'GET',
        path: r.path,
        onResponse,
        setupRequest: (req: autocannon.Request) => {
          const headers: Record<string, string> = {
            ...((req.headers as Record<string, string>) ?? {}),
            'content-type': 'application/json',
          };
          if (r.auth) headers.authorization = site.tokens[tokenIx++ % site.tokens.length];
          const path = r.paths?.length ? r.paths[pathIx++ % r.paths.length] : r.path;
          return { ...req, path, headers, ...(r.method && r.method !== 'GET' ? { body: writeBody(r.path, site) } : {}) };
        },
      }));
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    maxOverallRequests: 2_000_000,
    requests,
    timeout: 10,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    refused,
  };
}

/** Median of five loads until `selector` (the page's real content, not its shell) is visible. */
async function timeToContent(url: string, selector: string): Promise<number | null> {
  if (values['skip-browser'] || !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) return null;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  try {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await browser.newPage();
      const t0 = performance.now();
      await page.goto(url);
      await page.locator(selector).first().waitFor({ timeout: 15_000 });
      times.push(performance.now() - t0);
      await page.close();
    }
    return Math.round(times.sort((a, b) => a - b)[2]);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'out/main/server.js')) || !existsSync(join(root, 'out/renderer/.vite/manifest.json'))) {
    spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const resultsDir = join(root, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const genStarted = performance.now();
  const site = await generateSite(join(resultsDir, 'tmp', `site-${questions}`), sizeFor(questions), join(root, '../shared'));
  const generatorSeconds = site.seconds;
  process.stdout.write(
    `site: ${JSON.stringify(site.size)} (generated in ${generatorSeconds}s; this run ${((performance.now() - genStarted) / 1000).toFixed(1)}s)\n`,
  );

  if (!databaseUrl) {
    // every run starts from the site as generated (the writes of earlier runs gone), migrated to today's schema
    resetSite(site);
    process.stdout.write(`search lists: ${JSON.stringify(await prepareSearchLists(site.dataDir))}\n`);
  }

  // cold start: process start to /healthz, median of three
  const port = await freePort();
  const starts: number[] = [];
  let server: ChildProcess | null = null;
  // a run that fails stops the server it started (else it would keep the port and a core)
  stopOnFailure = () => (server ? stop(server) : Promise.resolve());
  for (let i = 0; i < 3; i++) {
    if (server) await stop(server);
    const t0 = performance.now();
    server = startServer(site.dataDir, port);
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    starts.push(performance.now() - t0);
  }
  process.stdout.write(`cold starts: ${starts.map((s) => Math.round(s)).join(', ')} ms\n`);
  const coldStartMs = Math.round(starts.sort((a, b) => a - b)[1]);
  // the server's start-up jobs (the hot-score refresh, 4 s at 150k questions) run a second after
  // start: nothing is measured until they are done
  await settled(server!.pid!);
  await drain(`http://127.0.0.1:${port}`);
  const base = `http://127.0.0.1:${port}`;

  // The ceiling runs in its own process, started afresh for each workload and stopped after it: a
  // ceiling whose query takes seconds (the deep page, bm25 search) is still working through the
  // requests queued at the end of its run long after, and would take a core from the next workload.
  const startCeiling = async () => {
    const cport = await freePort();
    const proc = spawn(
      process.execPath,
      databaseUrl
        ? ['--import', 'tsx', join(root, 'bench/ceiling-pg.ts'), databaseUrl, String(cport)]
        : ['--import', 'tsx', join(root, 'bench/ceiling.ts'), join(site.dataDir, 'lantern.db'), String(cport)],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    await new Promise((resolve) => proc.once('message', resolve));
    return { proc, base: `http://127.0.0.1:${cport}` };
  };

  const busy = (await (await fetch(`${base}/answer/api/v1/question/page?order=newest&page=1&page_size=20`)).json()) as {
    data: { count: number };
  };
  const deepPage = Math.max(1, Math.floor(busy.data.count / 20 / 2));
  for (let page = 1; page <= 10; page++) {
    const list = (await (await fetch(`${base}/answer/api/v1/question/page?order=unanswered&page=${page}&page_size=50`)).json()) as {
      data: { list: { id: string }[] };
    };
    answerTargets.push(...list.data.list.map((q) => q.id));
  }
  const rows: Record<string, unknown>[] = [];
  let peakRss = rssMb(server!.pid!);
  // distinct searches: two-word runs of real titles, shuffled with a fixed seed (titles of one site come together)
  const searches = shuffled(distinctSearches(loadTexts(join(root, '../shared/data/stackexchange')).titles));
  for (const w of workloads({ ...site.sample, deepPage, searches })) {
    if (only && !only.has(w.name)) continue;
    // the previous workload may have left requests queued in the server: wait until it answers promptly
    await drain(base);
    let probeStatus = 0;
    try {
      probeStatus = (
        await fetch(base + w.requests[0].path, {
          headers: w.requests[0].auth ? { authorization: site.tokens[0] } : {},
          signal: AbortSignal.timeout(60_000),
        })
      ).status;
    } catch (err) {
      rows.push({ workload: w.name, note: `no answer within 60 s (${err instanceof Error ? err.message : String(err)})` });
      continue;
    }
    if (!w.writes && probeStatus === 404) {
      rows.push({ workload: w.name, note: 'endpoint not implemented yet' });
      continue;
    }
    // a short unmeasured pass first, so caches (SQLite's pages, prepared statements, JIT) are warm for both sides
    await drive(base, w, site, false, 1);
    await drain(base);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server!.pid!))), 100);
    const ours = await drive(base, w, site, false);
    clearInterval(sampler);
    let ceil: Figures | null = null;
    if (w.ceiling) {
      // our server's leftover requests (if any) must not compete with the ceiling either
      await drain(base);
      const ceiling = await startCeiling();
      await drive(ceiling.base, w, site, true, 1);
      await drain(ceiling.base, '/c/user?username=x');
      ceil = await drive(ceiling.base, w, site, true);
      await stop(ceiling.proc);
    }
    const row = {
      workload: w.name,
      rps: ours.rps,
      p50_ms: ours.p50,
      p99_ms: ours.p99,
      non2xx: ours.non2xx,
      errors: ours.errors,
      ...(ours.non2xx ? { refused: ours.refused } : {}),
      ceiling_rps: ceil?.rps ?? null,
      ceiling_p99_ms: ceil?.p99 ?? null,
      ratio: ceil ? Math.round((ours.rps / Math.max(1, ceil.rps)) * 100) / 100 : null,
    };
    rows.push(row);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
  // how close the first ten results come to exhaustive bm25, on the first 40 distinct searches (see quality.ts)
  if (!only || only.has('search_quality')) {
    await drain(base);
    const quality = await searchQuality(base, join(site.dataDir, 'lantern.db'), searches.slice(0, 40));
    const row = { workload: 'search_quality', ...quality };
    rows.push(row);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
  // the list's first item, and the question page's title (shown once the question has loaded)
  const ttc = await timeToContent(`${base}/questions`, '.q-list .q-item');
  const ttcQuestion = await timeToContent(`${base}/questions/${site.sample.busyQuestionId}`, '#question-title');
  await stop(server!);
  const dbBytes = databaseUrl
    ? await postgresBytes(databaseUrl)
    : ['lantern.db', 'lantern.db-wal'].reduce(
        (s, f) => s + (existsSync(join(site.dataDir, f)) ? statSync(join(site.dataDir, f)).size : 0),
        0,
      );
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    settings: { questions, duration_s: duration, connections, processes, engine: databaseUrl ? 'postgres' : 'sqlite' },
    size: site.size,
    generator_s: generatorSeconds,
    cold_start_ms: coldStartMs,
    peak_rss_mb: Math.round(peakRss),
    db_mb: Math.round(dbBytes / 1048576),
    initial_js_gzip_kb: Object.fromEntries(
      Object.entries(routeInitialJs(join(root, 'out/renderer'))).map(([k, v]) => [k, Math.round(v / 102.4) / 10]),
    ),
    question_list_time_to_content_ms: ttc,
    question_page_time_to_content_ms: ttcQuestion,
    workloads: rows,
  };
  writeFileSync(join(resultsDir, values.out), JSON.stringify(report, null, 2) + '\n');
  process.stdout.write('\n');
  console.table(rows);
  const { workloads: _w, ...rest } = report;
  process.stdout.write(`${JSON.stringify(rest, null, 2)}\nwritten: bench/results/${values.out}\n`);
}

let stopOnFailure: () => Promise<void> = () => Promise.resolve();

main().catch(async (err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  await stopOnFailure().catch(() => {});
  process.exit(1);
});
