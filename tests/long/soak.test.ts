// Soak: SOAK_SECONDS (60) of mixed reads and writes on 50 connections (autocannon) while 50
// logged-in clients poll their notifications, against the built server. Zero errors (no
// socket error, no timeout, no answer other than 2xx), p99 reported, and the server's resident
// memory a minute after the load back within 20% of where it started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { call, checkDatabase, figure, killLeftoverServers, makeSite, rssMb, ServerProcess, V1 } from './support.js';
import { countRefusal } from '../../bench/refusals.js';

const SOAK_SECONDS = Number(process.env.LANTERN_SOAK_SECONDS) || 60;
const SETTLE_SECONDS = Number(process.env.LANTERN_SOAK_SETTLE_SECONDS) || 60;
const CONNECTIONS = 50;
const POLLERS = 50;
const POLL_MS = 1000;
// questions the members answer and vote on: one answer and one vote per member and question
const POOL = 150;

const dirs: string[] = [];
afterAll(async () => {
  await killLeftoverServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

describe('soak: mixed load on 50 connections with 50 notification pollers', () => {
  it(`serves ${SOAK_SECONDS} s without an error and gives its memory back`, { timeout: 30 * 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-soak-'));
    dirs.push(dataDir);
    const site = await makeSite(dataDir, POLLERS);
    const server = new ServerProcess(dataDir);
    await server.start();
    try {
      const url = server.url;
      // the pool of questions (the admin's, so no member answers or votes on their own)
      const pool: string[] = [];
      for (let i = 0; i < POOL; i++) {
        const r = await call(url, 'POST', `${V1}/question`, {
          token: site.adminToken,
          body: {
            title: `Soak question ${i} about water temperature`,
            content: `Which water temperature suits a light roast? Pool question ${i}.`,
            tags: [{ slug_name: `soak-${i % 10}` }],
          },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        pool.push(String(r.body.data.id));
      }
      const tokens = site.members.map((m) => m.token);

      // fresh bodies per request: the duplicate guard refuses a repeated create, a member answers
      // and votes on a question once (member n % 50 takes pool question n / 50 in turn)
      const seq = { question: 0, answer: 0, comment: 0, vote: 0, read: 0 };
      const refused: Record<string, number> = {};
      const onResponse = (status: number, body: string) => {
        if (status < 200 || status >= 300) countRefusal(refused, status, body);
      };
      const json = { 'content-type': 'application/json' };
      const write = (path: string, make: () => { token: string; body: unknown }): autocannon.Request => ({
        method: 'POST',
        path,
        onResponse,
        setupRequest: (req) => {
          const { token, body } = make();
          return { ...req, headers: { ...json, authorization: token }, body: JSON.stringify(body) };
        },
      });
      const read = (paths: (n: number) => string): autocannon.Request => ({
        method: 'GET',
        path: paths(0),
        onResponse,
        setupRequest: (req) => ({ ...req, path: paths(++seq.read) }),
      });
      const requests: autocannon.Request[] = [
        read(() => `${V1}/question/page?order=newest&page=1&page_size=20`),
        read((n) => `${V1}/question/info?id=${pool[n % POOL]}`),
        write(`${V1}/question`, () => {
          const n = ++seq.question;
          return {
            token: tokens[n % POLLERS],
            body: {
              title: `Soak asked ${n} on grinder burrs`,
              content: `Soak question body ${n}: are conical burrs quieter?`,
              tags: [{ slug_name: `soak-${n % 10}` }],
            },
          };
        }),
        read((n) => `${V1}/answer/page?question_id=${pool[n % POOL]}&order=default&page=1&page_size=10`),
        write(`${V1}/answer`, () => {
          const n = seq.answer++;
          return {
            token: tokens[n % POLLERS],
            body: { question_id: pool[Math.floor(n / POLLERS) % POOL], content: `Soak answer ${n}: around 94 degrees works well.` },
          };
        }),
        read((n) => `${V1}/search?q=${['water temperature', 'roast', 'burrs quieter', 'grinder'][n % 4]}&order=relevance&page=1&size=20`),
        write(`${V1}/comment`, () => {
          const n = ++seq.comment;
          return { token: tokens[n % POLLERS], body: { object_id: pool[n % POOL], original_text: `Soak comment ${n}, that helped.` } };
        }),
        read((n) => `${V1}/question/page?tag=soak-${n % 10}&order=active&page=1&page_size=20`),
        write(`${V1}/vote/up`, () => {
          const n = seq.vote++;
          return { token: tokens[n % POLLERS], body: { object_id: pool[Math.floor(n / POLLERS) % POOL] } };
        }),
        read((n) => `${V1}/comment/page?object_id=${pool[n % POOL]}&page=1&page_size=5`),
      ];

      // 50 logged-in clients polling their notification status (the app polls every 3 s; these every second)
      let polling = true;
      const pollLatencies: number[] = [];
      const pollFailures: string[] = [];
      const pollers = tokens.map(async (token) => {
        while (polling) {
          const t0 = performance.now();
          try {
            const r = await call(url, 'GET', `${V1}/notification/status`, { token });
            if (r.status !== 200) pollFailures.push(`${r.status} ${r.body?.reason ?? ''}`);
          } catch (err) {
            pollFailures.push(err instanceof Error ? err.message : String(err));
          }
          const took = performance.now() - t0;
          pollLatencies.push(took);
          if (polling && took < POLL_MS) await new Promise((r) => setTimeout(r, POLL_MS - took));
        }
      });

      // memory: at the start (after the pool was written), every second during the load, and after
      const rssStart = rssMb(server.pid);
      const during: number[] = [];
      const sampler = setInterval(() => during.push(rssMb(server.pid)), 1000);
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SOAK_SECONDS, requests, timeout: 30 });
      polling = false;
      await Promise.all(pollers);
      clearInterval(sampler);
      const rssEndOfLoad = rssMb(server.pid);

      // a minute after the load: sampled every 5 s, the last sample is the figure
      const settle: number[] = [];
      for (let s = 0; s < SETTLE_SECONDS; s += 5) {
        await new Promise((r) => setTimeout(r, 5000));
        settle.push(rssMb(server.pid));
      }
      const rssAfter = settle[settle.length - 1];
      const polls = [...pollLatencies].sort((a, b) => a - b);
      const db = checkDatabase(dataDir);
      const errors = result.errors + result.timeouts + result.non2xx + pollFailures.length;
      figure('soak', {
        seconds: SOAK_SECONDS,
        connections: CONNECTIONS,
        pollers: POLLERS,
        requests: result.requests.total,
        requestsPerSecond: Math.round(result.requests.average),
        errors,
        socketErrors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        refused,
        latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
        polls: polls.length,
        pollFailures: pollFailures.length,
        pollLatencyMs: { p50: Math.round(percentile(polls, 50)), p99: Math.round(percentile(polls, 99)) },
        writes: { questions: seq.question, answers: seq.answer, comments: seq.comment, votes: seq.vote },
        rssMb: {
          start: rssStart,
          duringPeak: Math.max(...during),
          duringMean: Math.round(during.reduce((a, b) => a + b, 0) / Math.max(1, during.length)),
          endOfLoad: rssEndOfLoad,
          afterOneMinute: rssAfter,
          settleSamples: settle,
        },
        rows: db.counts,
      });

      expect(pollFailures.slice(0, 5)).toEqual([]);
      expect({ socketErrors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, refused }).toEqual({
        socketErrors: 0,
        timeouts: 0,
        non2xx: 0,
        refused: {},
      });
      expect(result.requests.total).toBeGreaterThan(CONNECTIONS);
      expect(db.integrity).toBe('ok');
      expect(db.problems).toEqual([]);
      expect(rssAfter, `resident memory a minute after the load (${rssAfter} MB) against its start (${rssStart} MB)`).toBeLessThanOrEqual(
        rssStart * 1.2,
      );
    } finally {
      await server.stop();
    }
  });
});
