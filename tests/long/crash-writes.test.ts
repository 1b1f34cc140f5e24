// Crash safety under writes: writers ask, answer, comment, vote and upload through the API while
// the built server is killed with SIGKILL at seeded random moments and restarted, KILLS times.
// After each restart: PRAGMA integrity_check is ok, nothing is half-written (no answer without
// its question, every count equal to its rows, the search index holding exactly the visible
// posts, every file record's file whole on disk), and every write the server acknowledged
// (a 2xx with its id) reads back through the API with the same content. At the end every
// acknowledged write of the whole run is read back once more.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  checkDatabase,
  figure,
  killLeftoverServers,
  makeSite,
  PNG,
  runSeed,
  seeded,
  ServerProcess,
  V1,
  type Site,
} from './support.js';

const KILLS = Number(process.env.LANTERN_CRASH_KILLS) || 24;
const WRITERS = 4;

type Write =
  | { kind: 'question'; id: string; title: string; content: string; owner: number }
  | { kind: 'answer'; id: string; questionId: string; content: string; owner: number }
  | { kind: 'comment'; id: string; objectId: string; text: string }
  | { kind: 'vote'; objectId: string; voter: number; votes: number }
  | { kind: 'upload'; path: string };

const dirs: string[] = [];
afterAll(async () => {
  await killLeftoverServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Reads one acknowledged write back through the API; returns what differs, or null. */
async function verify(url: string, site: Site, w: Write): Promise<string | null> {
  const token = (id: number) => site.members.find((m) => m.id === id)!.token;
  switch (w.kind) {
    case 'question': {
      const r = await call(url, 'GET', `${V1}/question/info?id=${w.id}`);
      if (r.status !== 200) return `question ${w.id}: ${r.status}`;
      return r.body.data.title === w.title && r.body.data.content === w.content ? null : `question ${w.id}: content differs`;
    }
    case 'answer': {
      const r = await call(url, 'GET', `${V1}/answer/info?id=${w.id}`);
      if (r.status !== 200) return `answer ${w.id}: ${r.status}`;
      const info = r.body.data.info;
      return info.content === w.content && info.question_id === w.questionId ? null : `answer ${w.id}: content differs`;
    }
    case 'comment': {
      const r = await call(url, 'GET', `${V1}/comment?id=${w.id}`);
      if (r.status !== 200) return `comment ${w.id}: ${r.status}`;
      return r.body.data.original_text === w.text && r.body.data.object_id === w.objectId ? null : `comment ${w.id}: content differs`;
    }
    case 'vote': {
      const r = await call(url, 'GET', `${V1}/question/info?id=${w.objectId}`, { token: token(w.voter) });
      if (r.status !== 200) return `vote on ${w.objectId}: ${r.status}`;
      return r.body.data.vote_status === 'vote_up' ? null : `vote of ${w.voter} on ${w.objectId}: ${r.body.data.vote_status}`;
    }
    case 'upload': {
      const res = await fetch(url + w.path);
      const bytes = Buffer.from(await res.arrayBuffer());
      return res.status === 200 && bytes.equals(PNG) ? null : `upload ${w.path}: ${res.status}, ${bytes.length} bytes`;
    }
  }
}

describe('crash safety: SIGKILL during writes', () => {
  it(`keeps every acknowledged write and a consistent database through ${KILLS} kills`, { timeout: 30 * 60_000 }, async () => {
    const seed = runSeed();
    process.stdout.write(`crash-writes seed ${seed} (LANTERN_LONG_SEED=${seed} replays it)\n`);
    const rng = seeded(seed);
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-crash-'));
    dirs.push(dataDir);
    const site = await makeSite(dataDir, 8);
    const server = new ServerProcess(dataDir);

    const acked: Write[] = [];
    const questions: Extract<Write, { kind: 'question' }>[] = [];
    // pairs tried once (acknowledged or not): a write that was in flight at a kill may have committed
    const tried = new Set<string>();
    let seq = 0;
    let attempts = 0;
    let unanswered = 0;
    const refused: string[] = [];
    const failures: string[] = [];
    let lost = 0;
    // the kill waits for a seeded number of acknowledged writes (so every round writes, however slow the machine)
    let ackWaiter: { count: number; resolve: () => void } | null = null;
    const acknowledge = (w: Write) => {
      acked.push(w);
      if (ackWaiter && acked.length >= ackWaiter.count) {
        ackWaiter.resolve();
        ackWaiter = null;
      }
    };

    /** One write chosen by the seeded source; resolves when acknowledged, refused or cut off. */
    const writeOnce = async (r: ReturnType<typeof seeded>): Promise<void> => {
      // a choice that writes nothing (a pair already tried) still lets timers and I/O run
      await new Promise((res) => setImmediate(res));
      const n = ++seq;
      const member = r.pick(site.members);
      const op = questions.length < 3 ? 0 : r.int(10);
      attempts++;
      try {
        if (op <= 2) {
          const title = `Crash question ${n} about grinding ${seed.toString(36)}`;
          const content = `Question ${n}: which burr size keeps the grind even? Written by member ${member.id} in run ${seed}.`;
          const res = await call(server.url, 'POST', `${V1}/question`, {
            token: member.token,
            body: { title, content, tags: [{ slug_name: `crash-${n % 5}` }] },
          });
          if (res.status !== 200) return void refused.push(`question ${res.status} ${res.body.reason}`);
          const w = { kind: 'question' as const, id: String(res.body.data.id), title, content, owner: member.id };
          acknowledge(w);
          questions.push(w);
        } else if (op <= 4) {
          const q = r.pick(questions);
          if (q.owner === member.id || tried.has(`a:${member.id}:${q.id}`)) return;
          tried.add(`a:${member.id}:${q.id}`);
          const content = `Answer ${n} by member ${member.id}: grind finer and stir twice.`;
          const res = await call(server.url, 'POST', `${V1}/answer`, { token: member.token, body: { question_id: q.id, content } });
          if (res.status !== 200) return void refused.push(`answer ${res.status} ${res.body.reason}`);
          acknowledge({
            kind: 'answer',
            id: String(res.body.data.info?.id ?? res.body.data.id),
            questionId: q.id,
            content,
            owner: member.id,
          });
        } else if (op <= 6) {
          const answers = acked.filter((w) => w.kind === 'answer');
          const target = r.next() < 0.5 || !answers.length ? r.pick(questions).id : r.pick(answers).id;
          const text = `Comment ${n} by member ${member.id}, thanks for this.`;
          const res = await call(server.url, 'POST', `${V1}/comment`, {
            token: member.token,
            body: { object_id: target, original_text: text },
          });
          if (res.status !== 200) return void refused.push(`comment ${res.status} ${res.body.reason}`);
          acknowledge({ kind: 'comment', id: String(res.body.data.comment_id), objectId: target, text });
        } else if (op <= 8) {
          const q = r.pick(questions);
          if (q.owner === member.id || tried.has(`v:${member.id}:${q.id}`)) return;
          tried.add(`v:${member.id}:${q.id}`);
          const res = await call(server.url, 'POST', `${V1}/vote/up`, { token: member.token, body: { object_id: q.id } });
          if (res.status !== 200) return void refused.push(`vote ${res.status} ${res.body.reason}`);
          acknowledge({ kind: 'vote', objectId: q.id, voter: member.id, votes: res.body.data.votes });
        } else {
          const form = new FormData();
          form.set('source', 'post');
          form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `crash-${n}.png`);
          const res = await call(server.url, 'POST', `${V1}/file`, { token: member.token, body: form });
          if (res.status !== 200) return void refused.push(`upload ${res.status} ${res.body.reason}`);
          acknowledge({ kind: 'upload', path: new URL(String(res.body.data)).pathname });
        }
      } catch {
        // no answer: the server died with this write in flight; it counts neither way
        unanswered++;
      }
    };

    let startMs = 0;
    for (let round = 0; round <= KILLS; round++) {
      startMs = Math.max(startMs, await server.start());
      // the state left by the previous kill, as the restarted server recovered it
      const report = checkDatabase(dataDir);
      expect(report.integrity, `integrity after kill ${round}`).toBe('ok');
      expect(report.problems, `half-written or inconsistent rows after kill ${round}`).toEqual([]);
      const before = acked.length;
      for (const w of acked.slice(before - Math.min(before, 400))) {
        const problem = await verify(server.url, site, w);
        if (problem) {
          lost++;
          failures.push(`after kill ${round}: ${problem}`);
        }
      }
      if (round === KILLS) break;

      // writers run until the kill, which comes at a seeded moment: after 1-8 more acknowledged
      // writes, then 0-400 ms later (mid-request, mid-transaction or between requests)
      let dead = false;
      const acksBeforeKill = acked.length + 1 + rng.int(8);
      const delayMs = rng.int(400);
      const enoughAcks = new Promise<void>((resolve) => {
        ackWaiter = { count: acksBeforeKill, resolve };
      });
      const writers = Array.from({ length: WRITERS }, (_, i) =>
        (async () => {
          const r = seeded(seed + round * 31 + i);
          while (!dead) await writeOnce(r);
        })(),
      );
      await enoughAcks;
      await new Promise((r) => setTimeout(r, delayMs));
      dead = true;
      await server.kill9();
      await Promise.all(writers);
    }

    // every acknowledged write of the run, once more, after the last restart
    for (const w of acked) {
      const problem = await verify(server.url, site, w);
      if (problem) {
        lost++;
        failures.push(`final: ${problem}`);
      }
    }
    const final = checkDatabase(dataDir);
    await server.stop();
    const byKind = (k: Write['kind']) => acked.filter((w) => w.kind === k).length;
    figure('crash-writes', {
      seed,
      kills: KILLS,
      attempts,
      acknowledged: acked.length,
      questions: byKind('question'),
      answers: byKind('answer'),
      comments: byKind('comment'),
      votes: byKind('vote'),
      uploads: byKind('upload'),
      cutOffByKill: unanswered,
      refused: refused.length,
      lost,
      slowestRestartMs: Math.round(startMs),
      rows: final.counts,
    });
    expect(failures).toEqual([]);
    expect(refused, 'writes refused while the server was up').toEqual([]);
    expect(final.integrity).toBe('ok');
    expect(final.problems).toEqual([]);
    expect(acked.length).toBeGreaterThan(KILLS);
  });
});
