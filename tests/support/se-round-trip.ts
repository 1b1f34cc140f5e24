import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from './test-app.js';
import type { Db } from '../../server/db/database.js';
import { UNINDEXED_TRAILER } from '../../server/db/dialect/sqlite-search.js';
import { renderTrustedMarkdown } from '../../server/infra/markdown/render.js';
import { guessSite, importStackExchange, type ImportReport } from '../../server/modules/import/stackexchange.js';
import { exportStackExchange, SE_MANIFEST } from '../../server/modules/export/se-export.js';
import { uploadsDir } from '../../server/modules/upload/upload.service.js';
import { SE_SOURCE_KEY } from '../../server/modules/export/se-export.repository.js';
import { withoutCommentCredit } from '../../server/modules/export/se-markdown.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATA = process.env.LANTERN_SE_DATA ?? join(ROOT, '../shared/data/stackexchange');
/** Where the dumps are (LANTERN_SE_DATA, else the shared data folder beside the checkout). */
export const SE_DATA = DATA;

/** Whether the dump `name` (a folder of SE_DATA) is there. */
export const haveDump = (name: string) => existsSync(join(DATA, name, 'Posts.xml'));
// the folders a round trip made, removed when it ends
const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

/** The rows of a dump file, as attribute maps (plain regular expressions, independent of the importer). */
function rowsOf(file: string): Record<string, string>[] {
  if (!existsSync(file)) return [];
  const unescape = (s: string) =>
    s.replace(/&#x([0-9a-f]+);|&(lt|gt|quot|amp|apos);/gi, (_m, hex: string | undefined, name: string | undefined) =>
      hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : ({ lt: '<', gt: '>', quot: '"', amp: '&', apos: "'" } as Record<string, string>)[name!],
    );
  return Array.from(readFileSync(file, 'utf8').matchAll(/<row ([^>]*?)\/>/g), (m) =>
    Object.fromEntries(Array.from(m[1].matchAll(/(\w+)="([^"]*)"/g), (a) => [a[1], unescape(a[2])])),
  );
}

const dumpDate = (n: number) => `2019-0${(n % 9) + 1}-1${n % 10}T12:00:00.000`;

/**
 * The real dump plus Votes.xml, PostLinks.xml and PostHistory.xml made from its own posts (the
 * dumps here have none), so that votes, bookmarks, links and revisions go through the round trip too.
 */
function dumpWithExtras(name: string): string {
  const dir = join(temp('se-dump-'), name);
  mkdirSync(dir);
  for (const f of readdirSync(join(DATA, name))) symlinkSync(join(DATA, name, f), join(dir, f));
  const posts = rowsOf(join(dir, 'Posts.xml'));
  const questions = posts.filter((p) => p.PostTypeId === '1' && p.OwnerUserId).slice(0, 40);
  const answers = posts.filter((p) => p.PostTypeId === '2' && p.OwnerUserId).slice(0, 40);
  const owners = [...new Set(posts.map((p) => p.OwnerUserId).filter(Boolean))].slice(0, 12);
  const xml = (root: string, rows: string[]) => `<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${rows.join('\n')}\n</${root}>\n`;
  const attrs = (o: Record<string, string | number>) =>
    Object.entries(o)
      .map(
        ([k, v]) =>
          `${k}="${String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '&#xA;')}"`,
      )
      .join(' ');
  const votes: string[] = [];
  [...questions, ...answers].forEach((p, i) => {
    const voter = owners.find((o, k) => o !== p.OwnerUserId && k >= i % owners.length) ?? owners.find((o) => o !== p.OwnerUserId)!;
    votes.push(
      `  <row ${attrs({ Id: votes.length + 1, PostId: p.Id, VoteTypeId: i % 4 === 3 ? 3 : 2, UserId: voter, CreationDate: dumpDate(i) })} />`,
    );
    if (p.PostTypeId === '1' && i % 3 === 0)
      votes.push(`  <row ${attrs({ Id: votes.length + 1, PostId: p.Id, VoteTypeId: 5, UserId: voter, CreationDate: dumpDate(i + 1) })} />`);
  });
  const links = questions
    .slice(0, 10)
    .map(
      (q, i) =>
        `  <row ${attrs({ Id: i + 1, CreationDate: dumpDate(i), PostId: q.Id, RelatedPostId: questions[i + 10].Id, LinkTypeId: 1 })} />`,
    );
  const history: string[] = [];
  questions.slice(0, 8).forEach((q, i) => {
    const common = { PostId: q.Id, UserId: q.OwnerUserId };
    const g1 = `aaaaaaaa-0000-0000-0000-${String(i).padStart(12, '0')}`;
    const g2 = `bbbbbbbb-0000-0000-0000-${String(i).padStart(12, '0')}`;
    const rows: Record<string, string | number>[] = [
      { PostHistoryTypeId: 1, ...common, RevisionGUID: g1, CreationDate: q.CreationDate, Text: `${q.Title} (first draft)` },
      {
        PostHistoryTypeId: 2,
        ...common,
        RevisionGUID: g1,
        CreationDate: q.CreationDate,
        Text: `The first draft of question ${i}.\n\nWith **two** paragraphs.`,
      },
      { PostHistoryTypeId: 3, ...common, RevisionGUID: g1, CreationDate: q.CreationDate, Text: q.Tags ?? '' },
      {
        PostHistoryTypeId: 5,
        ...common,
        RevisionGUID: g2,
        CreationDate: dumpDate(i),
        Comment: 'fixed the wording',
        Text: 'newest (from Posts.xml)',
      },
    ];
    for (const r of rows) history.push(`  <row ${attrs({ Id: history.length + 1, ...r })} />`);
  });
  writeFileSync(join(dir, 'Votes.xml'), xml('votes', votes));
  writeFileSync(join(dir, 'PostLinks.xml'), xml('postlinks', links));
  writeFileSync(join(dir, 'PostHistory.xml'), xml('posthistory', history));
  return dir;
}

const n = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);

/** What a site holds, counted. */
async function siteCounts(db: Db) {
  const count = (table: 'question' | 'answer' | 'comment' | 'user' | 'tag' | 'collection' | 'revision' | 'question_link' | 'badge_award') =>
    n(
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
  return {
    questions: await count('question'),
    answers: await count('answer'),
    comments: await count('comment'),
    users: await count('user'),
    tags: await count('tag'),
    bookmarks: await count('collection'),
    revisions: await count('revision'),
    links: await count('question_link'),
    badges: await count('badge_award'),
    votes: await n(
      db
        .selectFrom('activity')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('activity_type', 'in', [12, 27, 28, 30])
        .where('cancelled', '=', 0)
        .executeTakeFirstOrThrow(),
    ),
    accepted: await n(
      db
        .selectFrom('question')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('accepted_answer_id', '!=', '0')
        .executeTakeFirstOrThrow(),
    ),
    score: await n(
      db
        .selectFrom('question')
        .select((eb) => eb.fn.sum<number>('vote_count').as('n'))
        .executeTakeFirstOrThrow(),
    ),
  };
}

/** The local id of an object imported as `<host>/<kind>/<id>`. */
const local = async (db: Db, value: string) =>
  (await db.selectFrom('meta').select('object_id').where('key', '=', SE_SOURCE_KEY).where('value', '=', value).executeTakeFirstOrThrow())
    .object_id;

/**
 * What a post's markdown shows (rendered here, on this thread: the render workers fall back to plain text
 * when a busy machine makes them late), without the importer's credit and the local ids in links.
 */
const shown = (markdown: string) => {
  const cut = markdown.indexOf(UNINDEXED_TRAILER);
  return renderTrustedMarkdown((cut >= 0 ? markdown.slice(0, cut) : markdown).trimEnd()).replace(
    /\/questions\/\d+(?:\/[^\s"'<>)/]*)?(?:\/\d+)?/g,
    '/questions/ID',
  );
};

/** A question with its tags, answers, comments and author, as plain values (local ids left out). */
async function questionView(db: Db, id: string) {
  const q = await db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tags = await db
    .selectFrom('tag_rel as r')
    .innerJoin('tag as t', 't.id', 'r.tag_id')
    .select('t.slug_name')
    .where('r.object_id', '=', id)
    .orderBy('r.id')
    .execute();
  const author = await db
    .selectFrom('user')
    .select(['display_name', 'rank', 'created_at'])
    .where('id', '=', q.user_id)
    .executeTakeFirstOrThrow();
  const answers = await db
    .selectFrom('answer')
    .select(['id', 'vote_count', 'adopted', 'created_at', 'original_text'])
    .where('question_id', '=', id)
    .orderBy('id')
    .execute();
  const comments = await db
    .selectFrom('comment')
    .select(['original_text', 'vote_count', 'created_at'])
    .where('question_id', '=', id)
    .orderBy('id')
    .execute();
  const revisions = await db
    .selectFrom('revision')
    .select(['title', 'log', 'created_at'])
    .where('object_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    title: q.title,
    body: shown(q.original_text),
    vote_count: q.vote_count,
    view_count: q.view_count,
    status: q.status,
    created_at: q.created_at,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    linked_count: q.linked_count,
    accepted: q.accepted_answer_id !== '0',
    tags: tags.map((t) => t.slug_name),
    author,
    answers: answers.map((a) => ({
      vote_count: a.vote_count,
      adopted: a.adopted,
      created_at: a.created_at,
      body: shown(a.original_text),
    })),
    comments: comments.map((c) => ({
      text: withoutCommentCredit(c.original_text).replace(/\/questions\/\d+(?:\/[^\s"'<>)/]*)?(?:\/\d+)?/g, '/questions/ID'),
      vote_count: c.vote_count,
      created_at: c.created_at,
    })),
    revisions,
  };
}

/** Where an app keeps its uploads, as an import is told. */
const uploadsOf = (app: TestApp) => ({ dir: uploadsDir(app.lantern.ctx), basePath: app.lantern.ctx.config.basePath });

/** The first line where two texts differ, with both versions of it. */
function firstDifference(a: string, b: string) {
  if (a === b) return undefined;
  const la = a.split('\n');
  const lb = b.split('\n');
  const i = la.findIndex((l, k) => l !== lb[k]);
  return { line: i + 1, first: la[i]?.slice(0, 2000), second: lb[i]?.slice(0, 2000) };
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();

/**
 * The Stack Exchange export round trip of one dump (npm test runs coffee's, `npm run test:long` history-meta's):
 * dump (plus Votes, PostLinks and PostHistory made from its own posts) → Lantern → export → Lantern keeps the
 * counts and a sample of questions field by field, and a second export is byte-identical but the manifest's date.
 */
export async function seRoundTrip(name: string): Promise<void> {
  try {
    const started = performance.now();
    const dump = dumpWithExtras(name);
    const site = guessSite(dump);
    const apps: TestApp[] = [];
    try {
      const a = await startTestApp({ install: false });
      apps.push(a);
      const first: ImportReport = await importStackExchange(a.lantern.ctx.db, dump, { site, uploads: uploadsOf(a) });
      expect(first.errors).toEqual([]);
      const imported = performance.now();
      const e1 = temp('se-export-1-');
      const out1 = await exportStackExchange(a.lantern.ctx, { outDir: e1 });
      const exported = performance.now();
      const b = await startTestApp({ install: false });
      apps.push(b);
      const second = await importStackExchange(b.lantern.ctx.db, e1, { site, uploads: uploadsOf(b) });
      expect(second.errors).toEqual([]);
      const reimported = performance.now();
      const e2 = temp('se-export-2-');
      const out2 = await exportStackExchange(b.lantern.ctx, { outDir: e2 });

      const countsA = await siteCounts(a.lantern.ctx.db);
      const countsB = await siteCounts(b.lantern.ctx.db);
      console.log(
        `[se-export] ${name}: site ${JSON.stringify(countsA)}\n[se-export] ${name}: export ${JSON.stringify(out1.counts)}\n` +
          `[se-export] ${name}: import ${((imported - started) / 1000).toFixed(1)} s, export ${((exported - imported) / 1000).toFixed(1)} s, ` +
          `re-import ${((reimported - exported) / 1000).toFixed(1)} s, total ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(countsB).toEqual(countsA);
      expect(countsA.votes).toBeGreaterThan(0);
      expect(countsA.links).toBeGreaterThan(0);
      expect(out1.counts).toEqual(out2.counts);
      expect(out1.counts.questions).toBe(countsA.questions);
      expect(out1.counts.answers).toBe(countsA.answers);

      // a sample of questions, field by field (every 25th, and those with history, votes and links)
      const posts = rowsOf(join(dump, 'Posts.xml')).filter((p) => p.PostTypeId === '1');
      const sample = [...posts.filter((_p, i) => i % 25 === 0), ...posts.filter((p) => p.OwnerUserId).slice(0, 12)];
      for (const p of sample) {
        const viewA = await questionView(a.lantern.ctx.db, await local(a.lantern.ctx.db, `${site}/q/${p.Id}`));
        const viewB = await questionView(b.lantern.ctx.db, await local(b.lantern.ctx.db, `${site}/q/${p.Id}`));
        expect(viewB, `question ${p.Id}`).toEqual(viewA);
      }

      // Lantern → export → import → export: the same files, byte for byte, but the manifest's date
      expect(files(e2)).toEqual(files(e1));
      for (const f of files(e1)) {
        if (f === SE_MANIFEST) continue;
        const [one, two] = [readFileSync(join(e1, f), 'utf8'), readFileSync(join(e2, f), 'utf8')];
        expect(firstDifference(one, two), f).toBeUndefined();
      }
      const manifest = (dir: string) => ({ ...JSON.parse(readFileSync(join(dir, SE_MANIFEST), 'utf8')), exported_at: '' });
      expect(manifest(e2)).toEqual(manifest(e1));
    } finally {
      for (const app of apps) await app.stop();
    }
  } finally {
    for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
  }
}
