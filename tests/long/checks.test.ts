// The crash tests' database checks catch what they claim to: on a consistent site they find
// nothing; each kind of half-written or drifted state planted in it is reported.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, checkDatabase, makeSite, PNG, ServerProcess, V1 } from './support.js';

let dataDir: string;
let questionId: string;
let answerId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lantern-checks-'));
  const site = await makeSite(dataDir, 2);
  const server = new ServerProcess(dataDir);
  await server.start();
  try {
    const [a, b] = site.members;
    const q = await call(server.url, 'POST', `${V1}/question`, {
      token: a.token,
      body: {
        title: 'How fine should the grind be for a moka pot?',
        content: 'Finer than drip, coarser than espresso?',
        tags: [{ slug_name: 'moka' }],
      },
    });
    questionId = String(q.body.data.id);
    const ans = await call(server.url, 'POST', `${V1}/answer`, {
      token: b.token,
      body: { question_id: questionId, content: 'About like table salt works for me.' },
    });
    answerId = String(ans.body.data.info?.id ?? ans.body.data.id);
    await call(server.url, 'POST', `${V1}/comment`, {
      token: a.token,
      body: { object_id: answerId, original_text: 'Thanks, I will try that.' },
    });
    await call(server.url, 'POST', `${V1}/vote/up`, { token: b.token, body: { object_id: questionId } });
    const form = new FormData();
    form.set('source', 'post');
    form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pic.png');
    expect((await call(server.url, 'POST', `${V1}/file`, { token: a.token, body: form })).status).toBe(200);
  } finally {
    await server.stop();
  }
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Plants a change in the database (committed; later tests see it too) and returns what the check reports. */
function plantedProblems(plant: (db: Database.Database) => void): string[] {
  const db = new Database(join(dataDir, 'lantern.db'));
  try {
    // as a half-done write would leave it: no foreign key holds the rows together
    db.pragma('foreign_keys = OFF');
    db.exec('begin');
    plant(db);
    db.exec('commit');
    return checkDatabase(dataDir).problems;
  } finally {
    db.close();
  }
}

describe('checkDatabase', () => {
  it('finds nothing on a site written through the API', () => {
    const r = checkDatabase(dataDir);
    expect(r.integrity).toBe('ok');
    expect(r.problems).toEqual([]);
    expect(r.counts).toEqual({ questions: 1, answers: 1, comments: 1, votes: 1, files: 1 });
  });

  it('reports counts that differ from their rows', () => {
    const problems = plantedProblems((db) => {
      db.prepare('update question set answer_count = 5, vote_count = 9 where id = ?').run(questionId);
      db.prepare('update answer set comment_count = 0 where id = ?').run(answerId);
      db.prepare("update tag set question_count = 0 where slug_name = 'moka'").run();
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'question answer_count differs from its answers',
      'answer comment_count differs from its comments',
      'question vote_count differs from its votes',
      'tag question_count differs from its questions',
    ]);
  });

  it('reports an answer without its question, a search index out of step and a file cut short', () => {
    mkdirSync(join(dataDir, 'uploads', 'post'), { recursive: true });
    const problems = plantedProblems((db) => {
      db.prepare('update answer set question_id = ? where id = ?').run('10010000000009999', answerId);
      db.prepare('delete from search_index where rowid = ?').run(BigInt(questionId));
      const file = db.prepare('select file_path from file_record').get() as { file_path: string };
      writeFileSync(join(dataDir, 'uploads', file.file_path), PNG.subarray(0, 10));
    });
    const kinds = problems.map((p) => p.split(':')[0]);
    expect(kinds).toContain('answers without their question');
    expect(kinds).toContain('visible posts missing from the search index');
    expect(kinds.some((k) => k.startsWith('file post/'))).toBe(true);
  });
});
