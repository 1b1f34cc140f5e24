// A deterministic site of a chosen size, written through the project's own data layer (kysely
// over the app's migrated database), with texts from the Stack Exchange dumps so search is real.
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACTIVITY_TYPE,
  ANSWER_STATUS,
  CANCELLED,
  COMMENT_STATUS,
  MAIL_STATUS,
  PIN_STATUS,
  QUESTION_STATUS,
  SHOW_STATUS,
  TAG_REL_STATUS,
  TAG_STATUS,
  USER_STATUS,
} from '../server/contract/enums.js';
import { createApp } from '../server/app.js';
import { makeConfig } from '../server/config.js';
import type { Db } from '../server/db/database.js';
import { renderTrustedMarkdown } from '../server/infra/markdown/render.js';
import { writeConfigValue } from '../server/modules/config/config.repository.js';
import { searchDialect } from '../server/modules/search/search.service.js';
import { loadTexts, type TextPool } from './texts.js';

/** How big a site to build. */
export interface SiteSize {
  questions: number;
  answers: number;
  comments: number;
  votes: number;
  tags: number;
  users: number;
}

/** The issue's default: 100k questions, 300k answers, 500k comments, 1M votes, 5k tags, 20k users. */
export function sizeFor(questions: number): SiteSize {
  const f = questions / 100_000;
  return {
    questions,
    answers: Math.round(300_000 * f),
    comments: Math.round(500_000 * f),
    votes: Math.round(1_000_000 * f),
    tags: Math.max(50, Math.round(5_000 * f)),
    users: Math.max(100, Math.round(20_000 * f)),
  };
}

/** mulberry32: a small seeded PRNG, so the same size gives the same site. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    /** Skewed towards 0: a few popular items, a long tail (as tags and active users are). */
    skewed: (n: number) => Math.floor(n * next() ** 3),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)],
  };
}

const BASE = 10_000_000_000_000_000n;
const TYPE_FACTOR = 10_000_000_000_000n;
const objectId = (type: number, counter: number) => (BASE + BigInt(type) * TYPE_FACTOR + BigInt(counter)).toString();

async function inBatches<T>(
  db: Db,
  total: number,
  size: number,
  make: (i: number) => T,
  write: (trx: Db, rows: T[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < total; start += size) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + size); i++) rows.push(make(i));
    await db.transaction().execute(async (trx) => write(trx as unknown as Db, rows));
  }
}

/** The result of a generation: where the site is and what it holds. */
export interface GeneratedSite {
  dataDir: string;
  size: SiteSize;
  seconds: number;
  tokens: string[];
  sample: { questionId: string; busyQuestionId: string; tag: string; username: string; word: string; phrase: string };
}

/**
 * The database as generated, search lists made, kept beside the one the runs use: the write
 * workloads add thousands of posts a run, which would pile up run after run (a "100k" site had
 * grown to 153k questions), so every run starts from this copy (resetSite).
 */
const PRISTINE = 'pristine.db';

/** Builds (or reuses, when the same size was built before) a site under `dir`. */
export async function generateSite(dir: string, size: SiteSize, shared: string, seed = 42): Promise<GeneratedSite> {
  const metaFile = join(dir, 'site.json');
  if (existsSync(metaFile) && existsSync(join(dir, PRISTINE))) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as GeneratedSite;
    // the folder it is in now: site.json keeps the path it was built at, which a moved or copied site (another checkout) no longer has
    if (JSON.stringify(meta.size) === JSON.stringify(size)) return { ...meta, dataDir: dir };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const texts: TextPool = loadTexts(join(shared, 'data/stackexchange'));
  const r = prng(seed);
  const lantern = await createApp(
    makeConfig({
      dataDir: dir,
      logLevel: 'silent',
      autoInstall: {
        siteName: 'Bench',
        siteUrl: 'http://127.0.0.1',
        contactEmail: 'bench@example.com',
        adminName: 'admin',
        adminPassword: 'admin-password',
        adminEmail: 'admin@example.com',
        language: 'en_US',
        loginRequired: false,
        externalContentDisplay: 'always_display',
      },
    }),
  );
  const db = lantern.ctx.db;
  const now = Math.floor(Date.now() / 1000);
  const span = 3 * 365 * 86400;
  // rendered bodies are cached per source text: the pool is small, the site is not
  const rendered = new Map<number, string>();
  const html = (i: number) => rendered.get(i) ?? (rendered.set(i, renderTrustedMarkdown(texts.bodies[i])), rendered.get(i)!);

  // users (ids 2..): one password hash for all, as generating 20k bcrypt hashes measures bcrypt
  const pass = (await db.selectFrom('user').select('pass').where('id', '=', 1).executeTakeFirstOrThrow()).pass;
  await inBatches(
    db,
    size.users,
    500,
    (i) => ({
      username: `user${i + 2}`,
      e_mail: `user${i + 2}@bench.example`,
      display_name: `User ${i + 2}`,
      pass,
      mail_status: MAIL_STATUS.verified,
      status: USER_STATUS.available,
      rank: 1 + r.skewed(5000),
      created_at: now - r.int(span),
      updated_at: now,
      last_login_date: now,
    }),
    async (trx, rows) => void (await trx.insertInto('user').values(rows).execute()),
  );
  const userId = () => 2 + r.skewed(size.users);

  // tags: real names first, then numbered ones
  const tagNames = Array.from({ length: size.tags }, (_, i) =>
    (i < texts.tags.length ? texts.tags[i] : `${r.pick(texts.words)}-${i}`).slice(0, 35),
  );
  let counter = 1;
  const tagIds = tagNames.map(() => objectId(3, counter++));
  await inBatches(
    db,
    size.tags,
    500,
    (i) => ({
      id: tagIds[i],
      slug_name: tagNames[i],
      display_name: tagNames[i],
      status: TAG_STATUS.available,
      user_id: 1,
      created_at: now - span,
      updated_at: now,
    }),
    async (trx, rows) => void (await trx.insertInto('tag').values(rows).execute()),
  );

  // questions with 1-4 tags
  const qIds: string[] = [];
  const qTags: string[][] = [];
  await inBatches(
    db,
    size.questions,
    500,
    (i) => {
      const id = objectId(1, counter++);
      qIds.push(id);
      const bodyIx = r.int(texts.bodies.length);
      const created = now - r.int(span);
      const picked = new Set<string>();
      for (let k = 1 + r.int(4); k > 0; k--) picked.add(tagIds[r.skewed(tagIds.length)]);
      qTags.push([...picked]);
      return {
        id,
        user_id: userId(),
        title: `${r.pick(texts.titles)} (${i})`.slice(0, 150),
        original_text: texts.bodies[bodyIx],
        parsed_text: html(bodyIx),
        status: QUESTION_STATUS.available,
        show: SHOW_STATUS.shown,
        pin: PIN_STATUS.unpinned,
        view_count: r.int(5000),
        created_at: created,
        updated_at: created,
        post_update_time: created + r.int(86400 * 30),
        hot_score: r.int(1000),
      };
    },
    async (trx, rows) => void (await trx.insertInto('question').values(rows).execute()),
  );
  await inBatches(
    db,
    size.questions,
    500,
    (i) => i,
    async (trx, ixs) => {
      const rels = ixs.flatMap((i) =>
        qTags[i].map((t) => ({ object_id: qIds[i], tag_id: t, status: TAG_REL_STATUS.available, created_at: now, updated_at: now })),
      );
      await trx.insertInto('tag_rel').values(rels).execute();
    },
  );

  // answers: the busy question gets 10; the rest spread over the others
  const aIds: string[] = [];
  const aQuestion: string[] = [];
  await inBatches(
    db,
    size.answers,
    500,
    (i) => {
      const id = objectId(2, counter++);
      const q = i < 10 ? qIds[0] : qIds[r.int(qIds.length)];
      aIds.push(id);
      aQuestion.push(q);
      const bodyIx = r.int(texts.bodies.length);
      return {
        id,
        question_id: q,
        user_id: userId(),
        original_text: texts.bodies[bodyIx],
        parsed_text: html(bodyIx),
        status: ANSWER_STATUS.available,
        created_at: now - r.int(span),
        updated_at: now,
      };
    },
    async (trx, rows) => void (await trx.insertInto('answer').values(rows).execute()),
  );

  // comments on questions and answers (the busy question's answers get some each)
  await inBatches(
    db,
    size.comments,
    1000,
    (i) => {
      const onAnswer = i < 50 || r.next() < 0.6;
      const ai = i < 50 ? i % 10 : r.int(aIds.length);
      const qi = r.int(qIds.length);
      const text = r.pick(texts.bodies).slice(0, 200);
      return {
        id: objectId(7, counter++),
        user_id: userId(),
        object_id: onAnswer ? aIds[ai] : qIds[qi],
        question_id: onAnswer ? aQuestion[ai] : qIds[qi],
        original_text: text,
        parsed_text: `<p>${text.replace(/[<>&]/g, ' ')}</p>`,
        status: COMMENT_STATUS.available,
        created_at: now - r.int(span),
        updated_at: now,
      };
    },
    async (trx, rows) => void (await trx.insertInto('comment').values(rows).execute()),
  );

  // votes: activity rows as the vote service writes them (the voter's row)
  await inBatches(
    db,
    size.votes,
    2000,
    () => {
      const onAnswer = r.next() < 0.6;
      const target = onAnswer ? aIds[r.int(aIds.length)] : qIds[r.skewed(qIds.length)];
      const up = r.next() < 0.85;
      const key = `${onAnswer ? 'answer' : 'question'}.vote_${up ? 'up' : 'down'}` as const;
      return {
        user_id: userId(),
        object_id: target,
        original_object_id: target,
        activity_type: ACTIVITY_TYPE[key],
        cancelled: CANCELLED.active,
        created_at: now - r.int(span),
        updated_at: now,
      };
    },
    async (trx, rows) => void (await trx.insertInto('activity').values(rows).execute()),
  );
  await db.insertInto('uniqid').values({ id: counter, uniqid_type: 0 }).execute();

  // derived counters, as the services keep them
  const { sql } = await import('kysely');
  for (const kind of ['question', 'answer'] as const) {
    const count = (dir: 'up' | 'down') =>
      sql`(select count(*) from activity v where v.object_id = ${sql.table(kind)}.id and v.cancelled = 0 and v.activity_type = ${ACTIVITY_TYPE[`${kind}.vote_${dir}`]})`;
    await sql`update ${sql.table(kind)} set up_votes = ${count('up')}, down_votes = ${count('down')}`.execute(db);
    await sql`update ${sql.table(kind)} set vote_count = up_votes - down_votes`.execute(db);
  }
  await sql`update question set answer_count = (select count(*) from answer a where a.question_id = question.id and a.status = 1)`.execute(
    db,
  );
  await sql`update tag set question_count = (select count(*) from tag_rel t where t.tag_id = tag.id and t.status = 1)`.execute(db);
  await sql`update user set question_count = (select count(*) from question q where q.user_id = user.id), answer_count = (select count(*) from answer a where a.user_id = user.id)`.execute(
    db,
  );
  await sql`analyze`.execute(db);

  // 50 logged-in clients (the poll and the writers): trusted members, and no captcha, since every
  // bench client comes from one address (the captcha's per-address limits would stop the bench)
  await db.updateTable('user').set({ rank: 100_000 }).where('id', '>=', 2).where('id', '<=', 51).execute();
  await writeConfigValue(db, 'plugin.status', JSON.stringify({ lantern_captcha: false }));
  const tokens: string[] = [];
  for (let i = 0; i < 50; i++) tokens.push((await lantern.ctx.sessions.issue(2 + i)).accessToken);
  const busyTag = tagNames[0];
  const site: GeneratedSite = {
    dataDir: dir,
    size,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    tokens,
    sample: { questionId: qIds[1], busyQuestionId: qIds[0], tag: busyTag, username: 'user2', word: 'history', phrase: 'the question' },
  };
  await lantern.close();
  await prepareSearchLists(dir);
  // both closed their connections, so the WAL is in the file and gone
  if (existsSync(join(dir, 'lantern.db-wal'))) throw new Error('the generated site still has a WAL file');
  copyFileSync(join(dir, 'lantern.db'), join(dir, PRISTINE));
  writeFileSync(metaFile, JSON.stringify(site, null, 2));
  return site;
}

/** Puts the site's database back as it was generated (see PRISTINE); the server must not be running. */
export function resetSite(site: GeneratedSite): void {
  for (const f of ['lantern.db-wal', 'lantern.db-shm']) rmSync(join(site.dataDir, f), { force: true });
  const file = join(site.dataDir, 'lantern.db');
  copyFileSync(join(site.dataDir, PRISTINE), file);
  // written out before anything is measured: the kernel would otherwise flush the copy's 2 GB
  // during the cold starts and the first workloads
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Brings the site's search lists up to date, as a long-running server keeps them (its background
 * job makes them on a new site in about a minute at 100k questions): before anything is measured,
 * so that job has nothing to do during the runs. Also migrates a site generated by an older version.
 */
export async function prepareSearchLists(dataDir: string): Promise<{ made: number; seconds: number } | null> {
  const lantern = await createApp(makeConfig({ dataDir, logLevel: 'silent' }));
  try {
    const started = performance.now();
    const done = await searchDialect(lantern.ctx).refreshLists?.(lantern.ctx.db);
    return done ? { made: done.made, seconds: Math.round((performance.now() - started) / 100) / 10 } : null;
  } finally {
    await lantern.close();
  }
}
