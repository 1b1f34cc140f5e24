// Hostile client: one member (and anyone unauthenticated) floods a server started the way a team
// starts it (`npm run serve`, through server/serve.mjs, installed unattended with AUTO_INSTALL),
// all on 127.0.0.1, each flood bounded in count and time:
//   a. bodies: 8 parallel registrations and logins, each a valid form plus a 1.9 MB ignored field;
//   b. markdown: previews and questions of a 24 KB and a 64 KB code block of one token, a long
//      table, a run of autolinks and a 64 KB run of `[`, several at once;
//   c. logins: 40 parallel wrong passwords for the admin from one address, 30 more from another
//      over two accounts; then the admin and the member log in from their own address;
//   d. uploads: 40 back-to-back ~1 MB images by one member.
// Throughout, a worker thread polls GET /healthz every 50 ms. Asserted: each flood is answered
// (never a reset or a 5xx) with what its limit promises, /healthz never takes 300 ms or more,
// the server process is the one that started (same pid and start time, no restart in the
// supervisor's log), and a question page is still served at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/captcha/rate-limit.js';
import { freePort } from '../support/e2e-server.js';
import { figure, filesUnder, root, rssMb, V1 } from './support.js';

/** /healthz must answer within this while the floods run. */
const HEALTHZ_MAX_MS = 300;
/** The floods to run (all by default; LANTERN_HOSTILE_FLOODS=logins,uploads runs some, to look at one). */
const FLOODS = (process.env.LANTERN_HOSTILE_FLOODS || 'bodies,markdown,logins,uploads').split(',').map((f) => f.trim());
const POLL_MS = 50;
/** A request not answered within this counts as unanswered (keeps a wedged server's run bounded). */
const REQUEST_TIMEOUT_MS = 15_000;
/** The padding of the body flood: under the old 2 MB limit of every route. */
const PAD_BYTES = Math.floor(1.9 * 1024 * 1024);
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
const MEMBER = { name: 'Hostile Member', email: 'hostile@example.com', password: 'member-password' };
// the attacker's address, another attacker's, and the rightful owners' own desk, where they logged
// in before the floods (all loopback: Linux routes 127.0.0.0/8 to lo, and the server sees each as
// a client address of its own, with no proxy to trust)
const ATTACKER = '127.0.0.1';
const SECOND_ATTACKER = '127.0.0.3';
const OWNER = '127.0.0.2';

const dirs: string[] = [];
let supervisor: ChildProcess | null = null;
let serverPid = 0;

afterAll(async () => {
  await stopSupervisor();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Stops the supervisor (SIGTERM, which it passes on), then kills what is left of what the test started. */
async function stopSupervisor(): Promise<void> {
  const sup = supervisor;
  supervisor = null;
  if (sup && sup.exitCode === null && sup.signalCode === null) {
    const gone = new Promise((r) => sup.once('exit', r));
    sup.kill('SIGTERM');
    const timer = setTimeout(() => sup.kill('SIGKILL'), 20_000);
    await gone;
    clearTimeout(timer);
  }
  if (serverPid && processStart(serverPid) !== null) {
    try {
      process.kill(serverPid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/** A process's start time in clock ticks since boot (/proc/PID/stat field 22), or null when it is gone. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, ms) of a process's main thread and of the whole process (/proc, 100 Hz
 * ticks): what a flood cost the thread that answers /healthz, against what it cost the workers.
 */
function cpuMs(pid: number): { main: number; all: number; mainWaited: number } {
  const ticks = (path: string) => {
    try {
      const stat = readFileSync(path, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      return 0;
    }
  };
  // the main thread's time runnable but waiting for a core (schedstat's second field, ns): a slow
  // /healthz with little of it was the thread busy; with much, the machine's other work
  let mainWaited = 0;
  try {
    mainWaited = Math.round(Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6);
  } catch {
    /* gone, or no schedstats */
  }
  return { main: ticks(`/proc/${pid}/task/${pid}/stat`), all: ticks(`/proc/${pid}/stat`), mainWaited };
}

/** The running server process under a supervisor: the deepest descendant running out/main/server.js. */
function serverProcessUnder(supervisorPid: number): number {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      commands.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      /* exited meanwhile */
    }
  }
  const depth = (pid: number): number => {
    let d = 0;
    for (let p = pid; p && p !== supervisorPid; p = parents.get(p) ?? 0) d++;
    return d;
  };
  const under = (pid: number) => {
    for (let p = parents.get(pid) ?? 0; p; p = parents.get(p) ?? 0) if (p === supervisorPid) return true;
    return false;
  };
  const servers = [...commands].filter(([pid, cmd]) => under(pid) && cmd.includes('out/main/server.js')).map(([pid]) => pid);
  servers.sort((a, b) => depth(b) - depth(a));
  return servers[0] ?? 0;
}

interface Answer {
  /** The HTTP status, or 0 when no answer came (see `error`). */
  status: number;
  reason: string;
  error: string;
  ms: number;
  body: any;
}

/** One request over a connection of its own, from `localAddress`; never throws (no answer: status 0). */
function send(
  port: number,
  method: string,
  path: string,
  opts: { body?: string | Buffer; contentType?: string; token?: string; from?: string; timeoutMs?: number; accept?: string } = {},
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (a: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...a, ms: Math.round(performance.now() - t0) });
    };
    const headers: Record<string, string | number> = { accept: opts.accept ?? 'application/json' };
    if (opts.token) headers.authorization = opts.token;
    if (opts.body !== undefined) {
      headers['content-type'] = opts.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(opts.body);
    }
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, localAddress: opts.from ?? ATTACKER, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => finish({ status: res.statusCode ?? 0, reason: '', error: err.message, body: null }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          finish({ status: res.statusCode ?? 0, reason: typeof body?.reason === 'string' ? body.reason : '', error: '', body });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: 0, reason: '', error: 'timeout', body: null });
    }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ status: 0, reason: '', error: err.code ?? err.message, body: null }));
    req.end(opts.body);
  });
}

const json = (v: unknown) => JSON.stringify(v);
/** A valid form with a ~1.9 MB field the schema ignores: `"x":[{},{},...]`. */
function padded(form: Record<string, string>): string {
  const head = json(form).slice(0, -1);
  const n = Math.floor((PAD_BYTES - head.length - 8) / 3);
  return `${head},"x":[${'{},'.repeat(n - 1)}{}]}`;
}

/** A PNG of random pixels (incompressible: `side`² × 3 bytes on the wire), so that each upload is distinct. */
function randomPng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) rows.push(Buffer.from([0]), randomBytes(side * 3));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body of one file and the `source` field, as the editor's upload sends it. */
function multipart(file: Buffer, name: string): { body: Buffer; contentType: string } {
  const boundary = `----lantern${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\npost\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Poll {
  at: number;
  ms: number;
  status: number;
  error: string;
}

/** /healthz every POLL_MS in a worker thread of its own, so the test's own work does not delay the polls. */
function startHealthPoller(port: number) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let stop = false;
    parentPort.on('message', (m) => { if (m === 'stop') stop = true; });
    const once = () => new Promise((resolve) => {
      const at = Date.now();
      const t0 = performance.now();
      const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ at, ms: performance.now() - t0, status: res.statusCode, error: '' }));
      });
      req.setTimeout(5000, () => req.destroy(new Error('timeout')));
      req.on('error', (e) => resolve({ at, ms: performance.now() - t0, status: 0, error: e.code || e.message }));
    });
    (async () => {
      while (!stop) {
        const s = await once();
        parentPort.postMessage(s);
        const wait = workerData.pollMs - s.ms;
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      parentPort.postMessage('done');
    })();
    `,
    { eval: true, workerData: { port, pollMs: POLL_MS } },
  );
  const samples: Poll[] = [];
  let waiter: { count: number; resolve: () => void } | null = null;
  let finished: () => void = () => {};
  const done = new Promise<void>((r) => (finished = r));
  worker.on('message', (m: Poll | 'done') => {
    if (m === 'done') return finished();
    samples.push(m);
    if (waiter && samples.length >= waiter.count) {
      waiter.resolve();
      waiter = null;
    }
  });
  let stopped: Promise<Poll[]> | null = null;
  return {
    samples,
    /** Resolves once `n` more polls have been answered (or have failed). */
    more(n: number): Promise<void> {
      return new Promise((resolve) => (waiter = { count: samples.length + n, resolve }));
    },
    stop(): Promise<Poll[]> {
      return (stopped ??= (async () => {
        worker.postMessage('stop');
        await done;
        await worker.terminate();
        return samples;
      })());
    },
  };
}

/** Status counts of a flood's answers: `200`, `413`, ..., or the error of a request that got none. */
function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status ? String(a.status) : a.error || 'no answer';
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** Answers outside the allowed statuses (each `status reason` or the connection error). */
const unexpected = (answers: Answer[], allowed: number[]) =>
  answers.filter((a) => !allowed.includes(a.status)).map((a) => (a.status ? `${a.status} ${a.reason}` : a.error));

describe('hostile client: floods from one member do not take the site down', () => {
  it('answers every flood within its limits, /healthz stays fast, and the server never restarts', { timeout: 10 * 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-hostile-'));
    dirs.push(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;

    // --- the server, as a team starts it: `npm run serve` (the supervisor), installed unattended
    let log = '';
    supervisor = spawn(
      process.execPath,
      [join(root, 'server/serve.mjs'), '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
      {
        cwd: root,
        env: {
          ...process.env,
          LANTERN_LOG_LEVEL: 'warn',
          AUTO_INSTALL: 'true',
          SITE_NAME: 'Hostile test',
          SITE_URL: url,
          CONTACT_EMAIL: 'team@example.com',
          ADMIN_NAME: 'admin',
          ADMIN_PASSWORD: ADMIN.password,
          ADMIN_EMAIL: ADMIN.email,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const sup = supervisor;
    const keep = (d: Buffer) => {
      log = (log + d.toString()).slice(-50_000);
    };
    sup.stdout?.on('data', keep);
    sup.stderr?.on('data', keep);
    // serve.mjs builds first when out/ is older than the sources (the long runner has built it)
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (sup.exitCode !== null) throw new Error(`npm run serve exited with ${sup.exitCode}: ${log}`);
      const r = await send(port, 'GET', '/healthz', { timeoutMs: 2000 });
      if (r.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the server did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    serverPid = serverProcessUnder(sup.pid!);
    expect(serverPid, `no server process under the supervisor: ${log}`).toBeGreaterThan(0);
    const serverStart = processStart(serverPid);
    const rssStart = rssMb(serverPid);

    // --- the admin logs in; a member registers and activates their account from the outbox mail
    const adminLogin = await send(port, 'POST', `${V1}/user/login/email`, {
      from: OWNER,
      body: json({ e_mail: ADMIN.email, pass: ADMIN.password }),
    });
    expect(adminLogin.status, json(adminLogin.body)).toBe(200);
    const adminToken = String(adminLogin.body.data.access_token);
    const reg = await send(port, 'POST', `${V1}/user/register/email`, {
      from: OWNER,
      body: json({ name: MEMBER.name, e_mail: MEMBER.email, pass: MEMBER.password }),
    });
    expect(reg.status, json(reg.body)).toBe(200);
    const outbox = join(dataDir, 'outbox');
    const mails = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.txt')) : [];
    const code = mails
      .map((f) => /account-activation\?code=([^\s&]+)/.exec(readFileSync(join(outbox, f), 'utf8'))?.[1])
      .find((c): c is string => !!c);
    expect(code, `no activation mail in ${outbox}`).toBeTruthy();
    const verified = await send(port, 'POST', `${V1}/user/email/verification`, { from: OWNER, body: json({ code }) });
    expect(verified.status, json(verified.body)).toBe(200);
    const memberLogin = await send(port, 'POST', `${V1}/user/login/email`, {
      from: OWNER,
      body: json({ e_mail: MEMBER.email, pass: MEMBER.password }),
    });
    expect(memberLogin.status, json(memberLogin.body)).toBe(200);
    const memberToken = String(memberLogin.body.data.access_token);
    // the question whose page must still be served at the end (its tag is the floods' tag)
    const asked = await send(port, 'POST', `${V1}/question`, {
      from: OWNER,
      token: adminToken,
      body: json({
        title: 'How long should a pour-over bloom?',
        content: 'Thirty seconds, or longer for a fresh roast?',
        tags: [{ slug_name: 'hostile' }],
      }),
    });
    expect(asked.status, json(asked.body)).toBe(200);
    const questionId = String(asked.body.data.id);

    // made before the floods: the images and the markdown
    const pngs = Array.from({ length: 40 }, () => randomPng(580));
    const token = (n: number) => 'a'.repeat(n);
    const markdown = {
      js24k: '```js\n' + token(24 * 1024) + '\n```\n',
      js64k: '```js\n' + token(65_000) + '\n```\n',
      table: '| a | b | c |\n|---|---|---|\n' + '| 1 | 2 | 3 |\n'.repeat(4_600),
      autolinks: 'http://example.com/a www.example.com '.repeat(1_700),
      brackets: '['.repeat(65_000),
    };

    const phases: { name: string; start: number; end: number; answers: Answer[]; extra: Record<string, unknown> }[] = [];
    const phase = async (name: string, run: (answers: Answer[], extra: Record<string, unknown>) => Promise<void>) => {
      if (name !== 'quiet' && !FLOODS.includes(name)) return null;
      const p = { name, start: Date.now(), end: 0, answers: [] as Answer[], extra: {} as Record<string, unknown> };
      phases.push(p);
      const cpu = cpuMs(serverPid);
      await run(p.answers, p.extra);
      p.end = Date.now();
      const used = cpuMs(serverPid);
      // (none when the process died meanwhile)
      if (processStart(serverPid) === serverStart)
        p.extra.serverCpuMs = {
          mainThread: used.main - cpu.main,
          allThreads: used.all - cpu.all,
          mainThreadWaitingForCore: used.mainWaited - cpu.mainWaited,
        };
      return p;
    };

    const poller = startHealthPoller(port);
    let samples: Poll[] = [];
    try {
      // the machine's own noise: 40 polls with no flood (not asserted; for reading the others)
      await phase('quiet', () => poller.more(40));

      // a. oversized bodies, unauthenticated: refused before they are parsed
      const bodies = await phase('bodies', async (answers) => {
        for (let round = 0; round < 3; round++) {
          answers.push(
            ...(await Promise.all(
              Array.from({ length: 8 }, (_, i) =>
                send(port, 'POST', `${V1}/user/register/email`, {
                  body: padded({ name: `Flood ${round} ${i}`, e_mail: `flood${round}-${i}@example.com`, pass: 'flood-password' }),
                }),
              ),
            )),
          );
        }
        for (let round = 0; round < 2; round++) {
          answers.push(
            ...(await Promise.all(
              Array.from({ length: 8 }, (_, i) =>
                send(port, 'POST', `${V1}/user/login/email`, {
                  body: padded({ e_mail: `nobody${round}-${i}@example.com`, pass: 'wrong-password' }),
                }),
              ),
            )),
          );
        }
      });

      // b. markdown that is slow to render or highlight: previews and questions, several at once
      const markdownFlood = await phase('markdown', async (answers, extra) => {
        const kinds = Object.entries(markdown);
        // meanwhile another member (the admin, at their desk) asks an ordinary question with a small
        // code block: how long the flood keeps others from posting (a figure, not counted in the flood)
        const [bystander, ...previews] = await Promise.all([
          send(port, 'POST', `${V1}/question`, {
            from: OWNER,
            token: adminToken,
            body: json({
              title: 'Why does my grinder script print NaN?',
              content: `It prints NaN for every dose:\n\n\`\`\`js\n${'const dose = grams / cups; console.log(dose);\n'.repeat(30)}\`\`\`\n`,
              tags: [{ slug_name: 'hostile' }],
            }),
          }),
          ...[...kinds, ...kinds].map(([, content]) =>
            send(port, 'POST', `${V1}/post/render`, { token: memberToken, body: json({ content }) }),
          ),
        ]);
        extra.bystanderQuestion = `${bystander.status || bystander.error} in ${bystander.ms} ms`;
        expect.soft(bystander.status, `another member's question during the flood: ${json(bystander.body)}`).toBe(200);
        answers.push(...previews);
        // what each kind took (the first of its two previews), to tell which one is slow
        extra.previewMs = Object.fromEntries(
          kinds.map(([kind], i) => [kind, `${previews[i].status || previews[i].error} in ${previews[i].ms}`]),
        );
        answers.push(
          ...(await Promise.all(
            kinds.map(([kind, content], i) =>
              send(port, 'POST', `${V1}/question`, {
                token: memberToken,
                body: json({ title: `Hostile question ${i} about ${kind}`, content, tags: [{ slug_name: 'hostile' }] }),
              }),
            ),
          )),
        );
        extra.slowestMs = Math.max(...answers.map((a) => a.ms));
      });

      // c. parallel wrong passwords: the admin's account from one address, then two accounts from another
      const logins = await phase('logins', async (answers, extra) => {
        const first = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            send(port, 'POST', `${V1}/user/login/email`, { body: json({ e_mail: ADMIN.email, pass: `wrong-password-${i}` }) }),
          ),
        );
        const second = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            send(port, 'POST', `${V1}/user/login/email`, {
              from: SECOND_ATTACKER,
              body: json({ e_mail: i % 2 ? ADMIN.email : MEMBER.email, pass: `wrong-password-${i}` }),
            }),
          ),
        );
        answers.push(...first, ...second);
        // a wrong password that was checked answers 400; one refused before its check, 429
        extra.firstChecked = first.filter((a) => a.status === 400).length;
        extra.secondChecked = second.filter((a) => a.status === 400).length;
        // the rightful owners, at their own desks
        const admin = await send(port, 'POST', `${V1}/user/login/email`, {
          from: OWNER,
          body: json({ e_mail: ADMIN.email, pass: ADMIN.password }),
        });
        const member = await send(port, 'POST', `${V1}/user/login/email`, {
          from: OWNER,
          body: json({ e_mail: MEMBER.email, pass: MEMBER.password }),
        });
        // the status, with the reason of a refusal
        const outcome = (r: Answer) => (r.status === 200 ? '200' : `${r.status || r.error} ${r.reason}`.trim());
        extra.ownerLogins = { admin: outcome(admin), member: outcome(member) };
      });

      // d. back-to-back image uploads by one member
      const uploads = await phase('uploads', async (answers, extra) => {
        for (let i = 0, unanswered = 0; i < pngs.length && unanswered < 3; i++) {
          const { body, contentType } = multipart(pngs[i], `flood-${i}.png`);
          const a = await send(port, 'POST', `${V1}/file`, { token: memberToken, body, contentType });
          answers.push(a);
          // a server that stopped answering is not waited for 40 times over
          unanswered = a.status ? 0 : unanswered + 1;
        }
        extra.refused = answers.filter((a) => a.status === 429).length;
        extra.imageBytes = pngs[0].length;
        extra.stored = answers.filter((a) => a.status === 200).length;
        extra.filesOnDisk = filesUnder(join(dataDir, 'uploads/post')).filter((f) => !f.startsWith('.')).length;
      });

      samples = await poller.stop();

      // --- figures: per flood, the requests, their answers and /healthz meanwhile
      const healthOf = (from: number, to: number) => {
        const inside = samples.filter((s) => s.at >= from && s.at <= to);
        const ms = inside.map((s) => s.ms).sort((a, b) => a - b);
        return {
          polls: inside.length,
          failures: inside.filter((s) => s.status !== 200).length,
          // polls at or over the limit: one spike or the loop held for long
          slow: ms.filter((m) => m >= HEALTHZ_MAX_MS).length,
          maxMs: Math.round(ms[ms.length - 1] ?? 0),
          p99Ms: Math.round(percentile(ms, 99)),
          p50Ms: Math.round(percentile(ms, 50)),
        };
      };
      const alive = processStart(serverPid) === serverStart;
      for (const p of phases) {
        figure(`hostile:${p.name}`, {
          requests: p.answers.length,
          statuses: tally(p.answers),
          reasons: [...new Set(p.answers.map((a) => a.reason).filter(Boolean))],
          durationMs: p.end - p.start,
          healthz: healthOf(p.start, p.end),
          ...p.extra,
          note: 'latencies on a shared 2-core machine (see loadAverage)',
        });
      }

      // --- each flood answered what its limit promises
      if (bodies) expect.soft(unexpected(bodies.answers, [400, 413]), 'oversized bodies are refused (413 or 400)').toEqual([]);
      if (markdownFlood) {
        expect.soft(unexpected(markdownFlood.answers, [200, 400, 429]), 'slow markdown is answered (200, 400 or 429)').toEqual([]);
        expect.soft(markdownFlood.answers.filter((a) => a.ms > 10_000).length, 'markdown answers within 10 s each').toBe(0);
      }
      if (logins) {
        expect.soft(unexpected(logins.answers, [400, 429]), 'wrong passwords answer 400 or 429').toEqual([]);
        // attempts are counted before the password is checked: no more checks than the limit allows
        // per account and address, however many arrive at once
        // (the limit per account and address; before issue 34 the only one was per account)
        const limits = DEFAULT_RATE_LIMITS as unknown as Record<string, { max: number } | undefined>;
        const perAccount = (limits.loginPerAccountAddress ?? limits.loginPerAccount)!.max;
        expect
          .soft(logins.extra.firstChecked, `checked passwords of 40 parallel logins (limit ${perAccount})`)
          .toBeLessThanOrEqual(perAccount);
        expect
          .soft(logins.extra.secondChecked, `checked passwords of 30 parallel logins on two accounts`)
          .toBeLessThanOrEqual(2 * perAccount);
        expect
          .soft(logins.extra.ownerLogins, 'the admin and the member log in from their own address')
          .toEqual({ admin: '200', member: '200' });
      }
      if (uploads) {
        expect.soft(unexpected(uploads.answers, [200, 429]), 'uploads are stored or refused with 429').toEqual([]);
        expect.soft(uploads.extra.stored, 'the quota refuses some of 40 back-to-back uploads').toBeLessThan(pngs.length);
        const filesOnDisk = uploads.extra.filesOnDisk as number;
        expect.soft(filesOnDisk, 'every stored upload is on disk').toBeGreaterThanOrEqual(uploads.extra.stored as number);
        expect.soft(filesOnDisk, 'a refused upload leaves no file').toBeLessThanOrEqual(pngs.length - (uploads.extra.refused as number));
      }

      // --- the server stayed up, fast, and the same process
      const all = healthOf(0, Number.MAX_SAFE_INTEGER);
      const after = await send(port, 'GET', `${V1}/question/info?id=${questionId}`, { from: OWNER });
      const page = await send(port, 'GET', `/questions/${questionId}`, { from: OWNER, accept: 'text/html' });
      // the supervisor logs each start ("server process PID started") and each death ("the server
      // stopped (...); starting it again"); a server out of heap prints V8's FATAL ERROR
      const restartLines = log
        .split('\n')
        .filter((l) => /starting it again|restart|stopped \(|keeps dying|out of memory|fatal error/i.test(l))
        .map((l) => l.trim());
      const startedPids = [...log.matchAll(/server process (\d+) started/g)].map((m) => Number(m[1]));
      figure('hostile', {
        floods: phases.map((p) => p.name),
        durationMs: Date.now() - (phases[0]?.start ?? Date.now()),
        healthz: all,
        sameServerProcess: alive,
        supervisorRunning: sup.exitCode === null,
        restartLines: restartLines.slice(0, 5),
        serverPid,
        startedPids,
        rssMb: { start: rssStart, end: rssMb(serverPid) },
        questionInfo: after.status,
        questionPage: page.status,
        // what the supervisor and the server said, when the server died
        ...(alive ? {} : { logTail: log.slice(-2000) }),
        note: 'latencies on a shared 2-core machine (see loadAverage)',
      });
      expect.soft(all.failures, '/healthz polls without an answer').toBe(0);
      expect.soft(all.maxMs, `slowest /healthz during the floods (p99 ${all.p99Ms} ms)`).toBeLessThan(HEALTHZ_MAX_MS);
      expect
        .soft(
          { alive, supervisorRunning: sup.exitCode === null, restartLines, startedPids: startedPids.filter((pid) => pid !== serverPid) },
          'the server process never restarted',
        )
        .toEqual({
          alive: true,
          supervisorRunning: true,
          restartLines: [],
          startedPids: [],
        });
      expect.soft(after.status, 'the question still answers').toBe(200);
      expect.soft(after.body?.data?.title).toBe('How long should a pour-over bloom?');
      expect.soft(page.status, 'the question page is still served').toBe(200);
    } finally {
      await poller.stop();
      await stopSupervisor();
    }
  });
});
