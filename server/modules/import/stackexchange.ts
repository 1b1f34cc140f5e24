import type { ImportCounts, ImportReport } from '../../contract/api/import.js';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { ControlledTransaction } from 'kysely';
import type { Database, Db, DbOrTrx } from '../../db/database.js';
import { UNINDEXED_TRAILER } from '../../db/dialect/sqlite-search.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { ATTRIBUTION_CLASS, isBlankHtml, renderMarkdown, urlTitle } from '../../infra/markdown/render.js';
import { BatchRenders, type PendingRender } from './import-renders.js';
import { recordTimeline } from '../activity/timeline.service.js';
import { BADGE_SINGLE, hasAward, recountAwards } from '../badge/badge-common.service.js';
import { defaultGroupId, findCollection, insertCollection, recountQuestionCollections } from '../collection/collection-common.service.js';
import { changeRank } from '../rank/rank.service.js';
import { findGroup } from '../config/site-info.repository.js';
import { normaliseSiteUrl } from '../config/site-url.js';
import { recordImportedReputation, syncImportedReputation } from '../personal/personal-common.service.js';
import { refreshHotScores } from '../question/hot-score.js';
import {
  closeReason,
  findQuestion,
  insertLink,
  insertRevision,
  linksFrom,
  recountLinked,
  saveCloseReason,
} from '../question/question-common.service.js';
import { findTagsByIds, findTagsBySlugs, insertTag, recountTags } from '../tag/tag-common.service.js';
import { tagSlug } from '../tag/tag.usage.js';
import { isValidUsername, usernameFromName } from '../user/user.accounts.js';
import { escapeMarkdown, htmlToMarkdown } from './html-to-markdown.js';
import { HistorySpool, type HistoryGroup } from './history-spool.repository.js';
import { moveVoteTally } from '../vote/vote-common.service.js';
import * as repo from './stackexchange.repository.js';
import { ACTIVITY_TYPE, QUESTION_STATUS, REVISION_STATUS, TAG_STATUS } from '../../contract/enums.js';
import { translate } from '../../contract/messages/index.js';
import {
  answerRow,
  badgeRow,
  commentRow,
  historyRow,
  parseTagList,
  postLinkRow,
  questionRow,
  rowProblem,
  tagRow,
  userRow,
  voteRow,
  wikiRow,
  type AnswerRow,
  type BadgeRow,
  type CommentRow,
  type HistoryRow,
  type PostLinkRow,
  type QuestionRow,
  type UserRow,
  type VoteRow,
} from './stackexchange.schema.js';
import { xmlRows, XmlReadError } from './xml-rows.js';

/** How one kind of row fared. */
export type Counts = ImportCounts;

/** What an import did. */
export type { ImportReport };

/** Options of an import. */
export interface ImportOptions {
  /** The site the dump comes from: a host such as coffee.stackexchange.com, or its URL. */
  site: string;
  /** Rows per transaction (default 500). */
  batchSize?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Progress as numbers, after each chunk of a file read (a few times a second at most). */
  progress?: (p: ImportProgress) => void;
  /** Stops the import between two batches (what is committed stays; a repeated import goes on from there). */
  signal?: AbortSignal;
  /**
   * Reads every file once before writing anything and refuses the whole dump (nothing imported,
   * the problems in `errors`) when one is not well-formed XML: truncated, a declared entity, ...
   */
  checkFirst?: boolean;
}

/** How far an import is. */
export interface ImportProgress {
  /** What is being done: check, users, questions, answers, comments, ... */
  step: string;
  /** The file being read ('' between files). */
  file: string;
  /** Rows read in this step. */
  rows: number;
  /** 0..1 of all the reading there is to do (by file size). */
  fraction: number;
}

interface Site {
  host: string;
  url: string;
}

type Trx = ControlledTransaction<Database, string[]>;
/** One row's work inside its batch's transaction. */
type RowHandler = (trx: Trx, raw: Record<string, string>) => Promise<void>;

const LICENCE_4_FROM = Date.UTC(2018, 4, 2) / 1000;
const MAX_TITLE = 150;
const MAX_TAGS = 5;
/** A dump's tag-wiki posts by PostTypeId (4 the excerpt, 5 the body): Stack Exchange's codes, not ours. */
const SE_WIKI_POST = { excerpt: 4, body: 5 } as const;
type WikiPostType = (typeof SE_WIKI_POST)[keyof typeof SE_WIKI_POST];

/** A site from a host or URL; throws for anything that is not a plain host name. */
export function siteFrom(raw: string): Site {
  let host = raw.trim().toLowerCase();
  if (host.includes('://')) host = new URL(host).host;
  host = host.replace(/\/+$/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) throw new Error(`not a site host name: ${raw}`);
  return { host, url: `https://${host}` };
}

/** The site a dump folder is named after: "coffee.stackexchange.com", "coffee", or "history-meta" for a meta site. */
export function guessSite(dir: string): string {
  const name = basename(resolve(dir)).toLowerCase();
  if (name.includes('.')) return name;
  const meta = /^(.+)-meta$/.exec(name);
  return meta ? `meta.${meta[1]}.stackexchange.com` : `${name}.stackexchange.com`;
}

/** What a PostHistory.xml type sets: 1-3 initial title, body, tags; 4-6 edits; 7-9 rollbacks. */
const HISTORY_FIELDS: Record<number, 'title' | 'body' | 'tags' | undefined> = {
  1: 'title',
  2: 'body',
  3: 'tags',
  4: 'title',
  5: 'body',
  6: 'tags',
  7: 'title',
  8: 'body',
  9: 'tags',
};

const ALREADY_THERE = 'already there';
/** Thrown inside a row's savepoint when what the row would write is there already. */
class AlreadyThere extends Error {
  constructor(message = ALREADY_THERE) {
    super(message);
  }
}

const emptyCounts = (): Counts => ({ rows: 0, imported: 0, existing: 0, skipped: 0, reasons: {} });

function skip(c: Counts, reason: string): void {
  c.skipped += 1;
  c.reasons[reason] = (c.reasons[reason] ?? 0) + 1;
}

function licence(created: number): string {
  return created < LICENCE_4_FROM
    ? '[CC BY-SA 3.0](https://creativecommons.org/licenses/by-sa/3.0/)'
    : '[CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/)';
}

/** Thrown between batches when the import is stopped. */
class ImportStopped extends Error {}

/** One import run: the id maps between the dump and the database, and the counts. */
class StackExchangeImport {
  readonly report: ImportReport;
  private readonly users = new Map<string, { id: number; name: string; seId: number | null }>();
  private readonly posts = new Map<number, { id: string; questionId: string }>();
  private readonly comments = new Set<number>();
  private readonly accepted = new Map<string, number>();
  private readonly usernames = new Set<string>();
  private readonly tags = new Map<string, string>();
  private readonly touchedQuestions = new Set<string>();
  private readonly touchedUsers = new Set<number>();
  private readonly touchedTags = new Set<string>();
  /** What the open batch changed: recounted before it commits, so no commit leaves a count behind its rows. */
  private readonly batchQuestions = new Set<string>();
  private readonly batchUsers = new Set<number>();
  private readonly batchTags = new Set<string>();
  private readonly batchBadges = new Set<string>();
  /** Questions found already imported (with their answers): recounted again, with their authors and tags. */
  private readonly revisited = new Set<string>();
  /** Tag wiki posts (type 4 excerpts, type 5 bodies) by post id. */
  private readonly wikiPosts = new Map<number, { type: WikiPostType; body: string; created: number }>();
  /** When each tag was first used by a question of the dump. */
  private readonly tagFirstUse = new Map<string, number>();
  /** Tags.xml: the tag of each excerpt post id. */
  private readonly excerptTags = new Map<number, { slug: string; wikiPostId?: number }>();
  /** Badges.xml row ids imported (by an earlier run too). */
  private readonly badgeAwards = new Set<number>();
  /** PostHistory.xml revisions by post, read (into a temporary file) before they are written. */
  private history: HistorySpool | null = null;
  private hooks: (() => void)[] = [];
  /** The batch's texts rendered before its transaction (renders wait on a worker: never inside one). */
  private readonly renders = new BatchRenders();
  /** The batch's bodies as markdown (made once for the renders before the transaction, once more not). */
  private readonly markdownOf = new Map<string, string>();
  /** The steps still to read (step, file), for the progress fraction. */
  private plan: { step: string; file: string; size: number }[] = [];
  private doneBytes = 0;
  private step = '';
  private lastProgress = 0;

  constructor(
    private readonly db: Db,
    private readonly dir: string,
    private readonly site: Site,
    private readonly batchSize: number,
    private readonly log: (line: string) => void,
    private readonly options: Pick<ImportOptions, 'progress' | 'signal' | 'checkFirst'> = {},
  ) {
    this.report = {
      site: site.host,
      files: [],
      users: emptyCounts(),
      questions: emptyCounts(),
      answers: emptyCounts(),
      comments: emptyCounts(),
      posts: { rows: 0, otherTypes: 0, invalidType: 0 },
      placeholderUsers: 0,
      tagsCreated: 0,
      tagWikis: emptyCounts(),
      acceptedAnswers: 0,
      badges: emptyCounts(),
      postLinks: emptyCounts(),
      duplicatesClosed: 0,
      votes: { ...emptyCounts(), votes: 0, bookmarks: 0, inScore: 0 },
      history: emptyCounts(),
      revisions: 0,
      errors: [],
      seconds: 0,
    };
  }

  private source(kind: string, id: string | number): string {
    return `${this.site.host}/${kind}/${id}`;
  }

  /** Reads what earlier runs imported, so a repeated import adds only what is new. */
  async loadState(): Promise<void> {
    const { rows, answers, names } = await repo.importedFrom(this.db, this.site.host);
    for (const r of rows) {
      const [kind, ...rest] = r.value.slice(this.site.host.length + 1).split('/');
      const key = rest.join('/');
      if (kind === 'u' || kind === 'n') {
        const id = Number(r.object_id);
        this.users.set(`${kind}/${key}`, { id, name: names.get(id) ?? key, seId: kind === 'u' ? Number(key) : null });
      } else if (kind === 'q') this.posts.set(Number(key), { id: r.object_id, questionId: r.object_id });
      else if (kind === 'a' && answers.has(r.object_id))
        this.posts.set(Number(key), { id: r.object_id, questionId: answers.get(r.object_id)! });
      else if (kind === 'c') this.comments.add(Number(key));
      else if (kind === 'b') this.badgeAwards.add(Number(key));
    }
    for (const u of await repo.allUsernames(this.db)) this.usernames.add(u);
  }

  /** Plans the reading ahead: which step reads which file, so progress can say how far it is. */
  private planSteps(steps: [string, string][]): void {
    this.plan = steps
      .filter(([, file]) => existsSync(join(this.dir, file)))
      .map(([step, file]) => ({ step, file, size: statSync(join(this.dir, file)).size }));
  }

  private tellProgress(file: string, rows: number, bytes: number, force = false): void {
    const report = this.options.progress;
    if (!report) return;
    const now = performance.now();
    if (!force && now - this.lastProgress < 200) return;
    this.lastProgress = now;
    const total = this.plan.reduce((n, p) => n + p.size, 0);
    report({ step: this.step, file, rows, fraction: total > 0 ? Math.min(1, (this.doneBytes + bytes) / total) : 1 });
  }

  private beginStep(step: string): void {
    this.step = step;
    this.log(`${step}...`);
    this.tellProgress('', 0, 0, true);
  }

  private stopped(): boolean {
    return this.options.signal?.aborted === true;
  }

  /**
   * Reads a file's rows in batches, one transaction each; `handle` runs once per row. Between
   * batches the server gets a turn (the import runs while the site serves).
   */
  /** Inside a batch's transaction: recounts the questions, authors and tags its rows touched (a kill after any commit leaves counts that match the rows). */
  private async recountBatch(trx: Trx): Promise<void> {
    if (this.batchQuestions.size) await repo.recountQuestions(trx, [...this.batchQuestions]);
    if (this.batchUsers.size) await repo.recountUsers(trx, [...this.batchUsers]);
    if (this.batchTags.size) await recountTags(trx, [...this.batchTags]);
    for (const id of this.batchBadges) await recountAwards(trx, id);
    this.batchBadges.clear();
    this.batchQuestions.clear();
    this.batchUsers.clear();
    this.batchTags.clear();
  }

  /** The markdown of a body in the dump's HTML (kept for the batch). */
  private toMarkdown(html: string): string {
    let md = this.markdownOf.get(html);
    if (md === undefined) this.markdownOf.set(html, (md = htmlToMarkdown(html)));
    return md;
  }

  /**
   * The author a row will have, as `author` makes it: the account known before the batch, else the
   * names earlier rows of the batch may have given it (`pending`, by key) and its own; so texts
   * crediting an author can be rendered before the transaction.
   */
  private authorsOf(userId: number | undefined, displayName: string | undefined, pending: Map<string, Set<string>>) {
    const key = userId !== undefined ? `u/${userId}` : `n/${displayName?.trim() || 'anonymous'}`;
    const known = this.users.get(key);
    if (known) return [known];
    const name = displayName?.trim() || (userId !== undefined ? `user${userId}` : 'anonymous');
    const names = pending.get(key) ?? new Set<string>();
    names.add(name);
    pending.set(key, names);
    return [...names].map((n) => ({ name: n, seId: userId ?? null }));
  }

  /** What Users.xml's batch will render before its transaction: the bios of users not imported yet. */
  private readonly userTexts = (batch: Record<string, string>[]): PendingRender[] =>
    batch.flatMap((raw) => {
      const parsed = userRow.safeParse(raw);
      if (!parsed.success || !parsed.data.AboutMe || this.users.has(`u/${parsed.data.Id}`)) return [];
      const bio = this.toMarkdown(parsed.data.AboutMe);
      return bio ? [{ text: bio, attribution: false }] : [];
    });

  private readonly questionTexts = (batch: Record<string, string>[]) => this.postTexts(batch, '1');
  private readonly answerTexts = (batch: Record<string, string>[]) => this.postTexts(batch, '2');

  /** What the questions (type '1') or answers ('2') of a batch will render: each body, and with its credit line. */
  private postTexts(batch: Record<string, string>[], type: '1' | '2'): PendingRender[] {
    const pending = new Map<string, Set<string>>();
    return batch.flatMap((raw) => {
      if (raw.PostTypeId !== type) return [];
      const parsed = (type === '1' ? questionRow : answerRow).safeParse(raw);
      if (!parsed.success || this.posts.has(parsed.data.Id)) return [];
      const p = parsed.data;
      const body = this.toMarkdown(p.Body);
      const credits = this.authorsOf(p.OwnerUserId, p.OwnerDisplayName, pending).map((owner) => ({
        text: body + this.attribution(type === '1' ? 'q' : 'a', p.Id, owner, p.CreationDate),
        attribution: true,
      }));
      return [{ text: body, attribution: false }, ...credits];
    });
  }

  /** What Comments.xml's batch will render: each new comment with the authors it may be credited to. */
  private readonly commentTexts = (batch: Record<string, string>[]): PendingRender[] => {
    const pending = new Map<string, Set<string>>();
    return batch.flatMap((raw) => {
      const parsed = commentRow.safeParse(raw);
      if (!parsed.success || this.comments.has(parsed.data.Id) || !this.posts.has(parsed.data.PostId)) return [];
      const c = parsed.data;
      return this.authorsOf(c.UserId, c.UserDisplayName, pending).map((a) => ({ text: this.commentText(c, a), attribution: false }));
    });
  };

  /** An imported comment's text: the comment, then its author, link and licence. */
  private commentText(c: CommentRow, author: { name: string; seId: number | null }): string {
    const who =
      author.seId !== null ? `[${escapeMarkdown(author.name)}](${this.site.url}/users/${author.seId})` : escapeMarkdown(author.name);
    return `${c.Text} — *${who} on [${this.site.host}](${this.site.url}/posts/comments/${c.Id}), ${licence(c.CreationDate)}*`;
  }

  /** Each row's work, in one transaction per batch; `prepare` first lists what the batch will render, rendered before it opens. */
  private async eachRow(file: string, handle: RowHandler): Promise<void>;
  private async eachRow(file: string, prepare: (batch: Record<string, string>[]) => PendingRender[], handle: RowHandler): Promise<void>;
  private async eachRow(
    file: string,
    first: RowHandler | ((batch: Record<string, string>[]) => PendingRender[]),
    second?: RowHandler,
  ): Promise<void> {
    const handle = (second ?? first) as RowHandler;
    const prepare = second ? (first as (batch: Record<string, string>[]) => PendingRender[]) : undefined;
    const path = join(this.dir, file);
    if (!existsSync(path) || this.stopped()) return;
    if (!this.report.files.includes(file)) this.report.files.push(file);
    let batch: Record<string, string>[] = [];
    let rows = 0;
    let bytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await new Promise<void>((r) => setImmediate(r));
      if (this.stopped()) throw new ImportStopped();
      if (prepare) await this.renders.prepare(prepare(batch));
      const trx = await this.db.startTransaction().execute();
      try {
        for (const raw of batch) await handle(trx as Trx, raw);
        await this.recountBatch(trx as Trx);
        await trx.commit().execute();
      } catch (err) {
        await trx.rollback().execute();
        throw err;
      } finally {
        this.renders.clear();
        this.markdownOf.clear();
      }
      batch = [];
      this.tellProgress(file, rows, bytes);
    };
    try {
      for await (const raw of xmlRows(path, (b) => (bytes = b))) {
        rows += 1;
        batch.push(raw);
        if (batch.length >= this.batchSize) await flush();
      }
      await flush();
    } catch (err) {
      if (err instanceof ImportStopped) return;
      if (!(err instanceof XmlReadError)) throw err;
      await flush();
      // Posts.xml is read twice (questions, then answers): report its problem once
      const message = `${file}: ${err.message}`;
      if (!this.report.errors.includes(message)) this.report.errors.push(message);
    } finally {
      this.doneBytes += this.plan.find((p) => p.step === this.step && p.file === file)?.size ?? 0;
    }
  }

  /** Reads every file once, writing nothing; the problems that stop reading one, per file. */
  private async check(files: string[]): Promise<string[]> {
    const problems: string[] = [];
    for (const file of files) {
      const path = join(this.dir, file);
      if (!existsSync(path)) continue;
      let rows = 0;
      let bytes = 0;
      try {
        for await (const _row of xmlRows(path, (b) => (bytes = b))) {
          rows += 1;
          if (rows % 2000 === 0) {
            this.tellProgress(file, rows, bytes);
            await new Promise<void>((r) => setImmediate(r));
            if (this.stopped()) return problems;
          }
        }
      } catch (err) {
        if (!(err instanceof XmlReadError)) throw err;
        problems.push(`${file}: ${err.message}`);
      }
      this.doneBytes += statSync(path).size;
    }
    return problems;
  }

  /** Runs `write` in a savepoint: a row that fails leaves nothing behind. Returns the error message or null. */
  private async atomically(trx: Trx, write: (t: DbOrTrx) => Promise<void>): Promise<string | null> {
    const sp = await trx.savepoint('row').execute();
    this.hooks = [];
    try {
      await write(sp);
      await sp.releaseSavepoint('row').execute();
      for (const h of this.hooks) h();
      return null;
    } catch (err) {
      await sp.rollbackToSavepoint('row').execute();
      return err instanceof Error ? err.message : String(err);
    } finally {
      this.hooks = [];
    }
  }

  private freeUsername(displayName: string, seId: number | string): string {
    const base = usernameFromName(displayName).slice(0, 30);
    const candidates = [base, `${base.slice(0, 20)}-${seId}`, `user${seId}`, `se-${seId}`].filter((c) => isValidUsername(c));
    for (const c of candidates) if (!this.usernames.has(c)) return c;
    for (let i = 2; ; i++) {
      const c = `se-${String(seId).slice(0, 20)}-${i}`;
      if (!this.usernames.has(c)) return c;
    }
  }

  private async createUser(
    t: DbOrTrx,
    key: string,
    seId: number | null,
    u: { name: string; created: number; rank?: number; lastSeen?: number; bioHtml?: string; website?: string; location?: string },
  ): Promise<number> {
    const displayName = u.name.trim().slice(0, 30) || `user${seId ?? ''}`;
    const username = this.freeUsername(displayName, seId ?? createHash('sha1').update(u.name).digest('hex').slice(0, 8));
    const mailPart = seId !== null ? `user-${seId}` : `name-${createHash('sha1').update(u.name).digest('hex').slice(0, 12)}`;
    const bio = u.bioHtml ? this.toMarkdown(u.bioHtml) : '';
    const website = u.website && /^https?:\/\/\S+$/i.test(u.website) && u.website.length <= 512 ? u.website : '';
    this.usernames.add(username);
    const id = await repo.insertImportedUser(t, {
      username,
      display_name: displayName,
      e_mail: `se-${mailPart}@${this.site.host}.invalid`,
      rank: Math.max(1, u.rank ?? 1),
      created_at: u.created,
      last_login_date: u.lastSeen ?? 0,
      bio,
      bio_html: bio ? await this.renders.html(bio) : '',
      website,
      location: (u.location ?? '').trim().slice(0, 100),
    });
    await repo.markImported(t, String(id), this.source(key.split('/')[0], key.slice(2)), u.created);
    await recordImportedReputation(t, id, Math.max(1, u.rank ?? 1), Math.floor(Date.now() / 1000));
    this.hooks.push(() => this.users.set(key, { id, name: u.name.trim() || displayName, seId }));
    return id;
  }

  /** The account of a post's or comment's author, made on first sight when Users.xml did not have it. */
  private async author(
    t: DbOrTrx,
    userId: number | undefined,
    displayName: string | undefined,
    created: number,
  ): Promise<{ id: number; name: string; seId: number | null }> {
    if (userId !== undefined) {
      const key = `u/${userId}`;
      const known = this.users.get(key);
      if (known) return known;
      const name = displayName?.trim() || `user${userId}`;
      const id = await this.createUser(t, key, userId, { name, created });
      this.hooks.push(() => (this.report.placeholderUsers += 1));
      return { id, name, seId: userId };
    }
    const name = displayName?.trim() || 'anonymous';
    const key = `n/${name}`;
    const known = this.users.get(key);
    if (known) return known;
    const id = await this.createUser(t, key, null, { name, created });
    this.hooks.push(() => (this.report.placeholderUsers += 1));
    return { id, name, seId: null };
  }

  /** The attribution line under an imported post: author, original link, licence (shown, not indexed for search). */
  private attribution(kind: 'q' | 'a', seId: number, author: { name: string; seId: number | null }, created: number): string {
    const who =
      author.seId !== null ? `[${escapeMarkdown(author.name)}](${this.site.url}/users/${author.seId})` : escapeMarkdown(author.name);
    return `\n\n${UNINDEXED_TRAILER}\n\n<section class="${ATTRIBUTION_CLASS}">\n\n---\n\n*Originally posted by ${who} on [${this.site.host}](${this.site.url}/${kind}/${seId}), licensed under ${licence(created)}.*\n\n</section>`;
  }

  async importUsers(): Promise<void> {
    const counts = this.report.users;
    await this.eachRow('Users.xml', this.userTexts, async (trx, raw) => {
      counts.rows += 1;
      const parsed = userRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const u: UserRow = parsed.data;
      const known = this.users.get(`u/${u.Id}`);
      if (known) {
        counts.existing += 1;
        await syncImportedReputation(trx, known.id, u.Reputation ?? 1, Math.floor(Date.now() / 1000));
        return;
      }
      const failed = await this.atomically(trx, async (t) => {
        await this.createUser(t, `u/${u.Id}`, u.Id, {
          name: u.DisplayName,
          created: u.CreationDate,
          rank: u.Reputation,
          lastSeen: u.LastAccessDate,
          bioHtml: u.AboutMe,
          website: u.WebsiteUrl,
          location: u.Location,
        });
      });
      if (failed) skip(counts, `database: ${failed}`);
      else counts.imported += 1;
    });
  }

  /** The tag ids of a question (main tags for synonyms), creating unknown tags. */
  private async tagIds(t: DbOrTrx, rawTags: string | undefined, userId: number, now: number): Promise<string[]> {
    const slugs = [...new Set(parseTagList(rawTags).map(tagSlug))].filter((s) => s.length > 0 && s.length <= 35).slice(0, MAX_TAGS);
    const missing = slugs.filter((s) => !this.tags.has(s));
    const found = await findTagsBySlugs(t, missing);
    const ids: string[] = [];
    for (const slug of slugs) {
      let id = this.tags.get(slug);
      if (!id) {
        const row = found.find((f) => f.slug_name === slug);
        if (row) {
          if (row.status === TAG_STATUS.deleted) await repo.reviveTag(t, row.id, now);
          id = row.main_tag_id !== '0' ? row.main_tag_id : row.id;
        } else {
          id = await newObjectId(t, OBJECT_TYPE.tag);
          await insertTag(t, { id, slug_name: slug, display_name: slug, original_text: '', parsed_text: '', user_id: userId, now });
          this.hooks.push(() => (this.report.tagsCreated += 1));
        }
        const tagId = id;
        this.hooks.push(() => this.tags.set(slug, tagId));
      }
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  async importQuestions(): Promise<void> {
    const counts = this.report.questions;
    await this.eachRow('Posts.xml', this.questionTexts, async (trx, raw) => {
      this.report.posts.rows += 1;
      if (raw.PostTypeId === '2') return;
      if (raw.PostTypeId !== '1') {
        if (raw.PostTypeId === '4' || raw.PostTypeId === '5') this.keepWikiPost(raw);
        if (raw.PostTypeId && /^\d{1,4}$/.test(raw.PostTypeId)) this.report.posts.otherTypes += 1;
        else this.report.posts.invalidType += 1;
        return;
      }
      counts.rows += 1;
      const parsed = questionRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const q: QuestionRow = parsed.data;
      for (const slug of parseTagList(q.Tags).map(tagSlug)) {
        const first = this.tagFirstUse.get(slug);
        if (first === undefined || q.CreationDate < first) this.tagFirstUse.set(slug, q.CreationDate);
      }
      const known = this.posts.get(q.Id);
      if (known) {
        counts.existing += 1;
        // an import killed before its last step (recounts, acceptances) is repaired by the next run
        this.revisited.add(known.id);
        if (q.AcceptedAnswerId !== undefined) this.accepted.set(known.id, q.AcceptedAnswerId);
        return;
      }
      const body = this.toMarkdown(q.Body);
      if (isBlankHtml(await this.renders.html(body))) return skip(counts, 'empty Body');
      const failed = await this.atomically(trx, async (t) => {
        const owner = await this.author(t, q.OwnerUserId, q.OwnerDisplayName, q.CreationDate);
        const id = await newObjectId(t, OBJECT_TYPE.question);
        const title = Array.from(q.Title.replace(/\s+/g, ' ')).slice(0, MAX_TITLE).join('');
        const text = body + this.attribution('q', q.Id, owner, q.CreationDate);
        const html = await this.renders.html(text, true);
        const updated = Math.max(q.CreationDate, q.LastEditDate ?? 0);
        await repo.insertQuestion(t, {
          id,
          user_id: owner.id,
          title,
          original_text: text,
          parsed_text: html,
          status: q.ClosedDate ? 2 : 1,
          view_count: Math.max(0, q.ViewCount ?? 0),
          vote_count: q.Score ?? 0,
          created_at: q.CreationDate,
          updated_at: updated,
          post_update_time: Math.max(updated, q.LastActivityDate ?? 0),
        });
        const tagIds = await this.tagIds(t, q.Tags, owner.id, q.CreationDate);
        for (const tagId of tagIds) await repo.linkTag(t, id, tagId, q.CreationDate);
        const tagRows = await findTagsByIds(t, tagIds);
        const snapshot = JSON.stringify({
          id,
          title,
          content: text,
          html,
          tags: tagRows.map((r) => ({ slug_name: r.slug_name, display_name: r.display_name })),
        });
        const revisionId = await insertRevision(t, {
          user_id: owner.id,
          object_type: OBJECT_TYPE.question,
          object_id: id,
          title,
          content: snapshot,
          log: '',
          status: REVISION_STATUS.normal,
          now: q.CreationDate,
        });
        await repo.setRevision(t, 'question', id, revisionId);
        await recordTimeline(t, {
          userId: owner.id,
          objectId: id,
          originalObjectId: id,
          key: 'question.asked',
          revisionId,
          now: q.CreationDate,
        });
        await repo.markImported(t, id, this.source('q', q.Id), q.CreationDate);
        await repo.setScoreOffset(t, id, q.Score ?? 0, q.CreationDate);
        this.batchQuestions.add(id);
        this.batchUsers.add(owner.id);
        for (const tagId of tagIds) this.batchTags.add(tagId);
        this.hooks.push(() => {
          this.posts.set(q.Id, { id, questionId: id });
          if (q.AcceptedAnswerId !== undefined) this.accepted.set(id, q.AcceptedAnswerId);
          this.touchedQuestions.add(id);
          this.touchedUsers.add(owner.id);
          for (const tagId of tagIds) this.touchedTags.add(tagId);
        });
      });
      if (failed) skip(counts, `database: ${failed}`);
      else counts.imported += 1;
    });
  }

  private keepWikiPost(raw: Record<string, string>): void {
    const parsed = wikiRow.safeParse(raw);
    if (!parsed.success) return;
    const w = parsed.data;
    this.wikiPosts.set(w.Id, {
      type: w.PostTypeId === '4' ? SE_WIKI_POST.excerpt : SE_WIKI_POST.body,
      body: w.Body,
      created: w.CreationDate,
    });
  }

  /** Tags.xml: which excerpt and wiki posts belong to which tag. */
  async readTags(): Promise<void> {
    await this.eachRow('Tags.xml', async (_trx, raw) => {
      const parsed = tagRow.safeParse(raw);
      if (!parsed.success || parsed.data.ExcerptPostId === undefined) return;
      this.excerptTags.set(parsed.data.ExcerptPostId, { slug: tagSlug(parsed.data.TagName), wikiPostId: parsed.data.WikiPostId });
    });
  }

  /**
   * The tag a wiki excerpt belongs to when Tags.xml does not say: a tag named as "the X tag" or "tag
   * X" in its text; else the one tag first used in the week before the wiki was written (a wiki is
   * mostly written when its tag is new); else the first tag of the dump its text names.
   */
  private guessWikiTag(text: string, created: number): string | undefined {
    const known = [...this.tagFirstUse.keys()].sort((a, b) => b.length - a.length);
    const lower = text.toLowerCase();
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const named = known.find((t) => new RegExp(`(^|[^\\w-])(${esc(t)}\\s+tag\\b|tag\\s+\\[?${esc(t)}\\]?(?![\\w-]))`).test(lower));
    if (named) return named;
    const recent = known.filter((t) => {
      const first = this.tagFirstUse.get(t)!;
      return first <= created && created - first <= 7 * 86400;
    });
    if (recent.length === 1) return recent[0];
    let best: { tag: string; at: number } | undefined;
    for (const t of known) {
      const m = new RegExp(`(^|[^\\w])${esc(t)}(?![\\w])`).exec(lower);
      if (m && (!best || m.index < best.at)) best = { tag: t, at: m.index };
    }
    return best?.tag;
  }

  /** Tag wiki excerpts and bodies become the descriptions of their tags (a tag that has one keeps it). */
  async importTagWikis(): Promise<void> {
    const counts = this.report.tagWikis;
    const excerpts = [...this.wikiPosts].filter(([, w]) => w.type === SE_WIKI_POST.excerpt).sort(([a], [b]) => a - b);
    for (const [id, excerpt] of excerpts) {
      counts.rows += 1;
      const mapped = this.excerptTags.get(id);
      // a wiki body is written with its excerpt, one id before it
      const wikiId = mapped?.wikiPostId ?? id - 1;
      const wiki = this.wikiPosts.get(wikiId)?.type === SE_WIKI_POST.body ? this.wikiPosts.get(wikiId) : undefined;
      const wikiMarkdown = wiki ? htmlToMarkdown(wiki.body).trim() : '';
      const excerptText = excerpt.body.replace(/\s+/g, ' ').trim();
      const slug = mapped?.slug ?? this.guessWikiTag(`${excerptText}\n${wikiMarkdown}`, excerpt.created);
      if (!slug) {
        skip(counts, 'tag not known (no Tags.xml, and the text names none)');
        continue;
      }
      const tag = await repo.tagBySlug(this.db, slug);
      if (!tag) {
        skip(counts, 'tag not in the site');
        continue;
      }
      if (tag.original_text.trim() !== '') {
        counts.existing += 1;
        continue;
      }
      const text = [
        excerptText,
        wikiMarkdown,
        `*From the [${slug} tag wiki](${this.site.url}/tags/${encodeURIComponent(slug)}/info) on ${this.site.host}, licensed under ${licence(excerpt.created)}.*`,
      ]
        .filter(Boolean)
        .join('\n\n');
      await repo.describeTagIfBlank(this.db, tag.id, text, await renderMarkdown(text));
      counts.imported += 1;
    }
  }

  async importAnswers(): Promise<void> {
    const counts = this.report.answers;
    await this.eachRow('Posts.xml', this.answerTexts, async (trx, raw) => {
      if (raw.PostTypeId !== '2') return;
      counts.rows += 1;
      const parsed = answerRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const a: AnswerRow = parsed.data;
      const knownAnswer = this.posts.get(a.Id);
      if (knownAnswer) {
        counts.existing += 1;
        this.revisited.add(knownAnswer.questionId);
        return;
      }
      const parent = this.posts.get(a.ParentId);
      if (!parent || parent.id !== parent.questionId) return skip(counts, 'unknown question (ParentId)');
      const body = this.toMarkdown(a.Body);
      if (isBlankHtml(await this.renders.html(body))) return skip(counts, 'empty Body');
      const failed = await this.atomically(trx, async (t) => {
        const owner = await this.author(t, a.OwnerUserId, a.OwnerDisplayName, a.CreationDate);
        const id = await newObjectId(t, OBJECT_TYPE.answer);
        const text = body + this.attribution('a', a.Id, owner, a.CreationDate);
        const html = await this.renders.html(text, true);
        await repo.insertAnswer(t, {
          id,
          question_id: parent.questionId,
          user_id: owner.id,
          original_text: text,
          parsed_text: html,
          vote_count: a.Score ?? 0,
          created_at: a.CreationDate,
          updated_at: Math.max(a.CreationDate, a.LastEditDate ?? 0),
        });
        const revisionId = await insertRevision(t, {
          user_id: owner.id,
          object_type: OBJECT_TYPE.answer,
          object_id: id,
          title: '',
          content: JSON.stringify({ id, question_id: parent.questionId, content: text, html }),
          log: '',
          status: REVISION_STATUS.normal,
          now: a.CreationDate,
        });
        await repo.setRevision(t, 'answer', id, revisionId);
        await recordTimeline(t, {
          userId: owner.id,
          objectId: id,
          originalObjectId: id,
          key: 'answer.answered',
          revisionId,
          now: a.CreationDate,
        });
        await recordTimeline(t, {
          userId: owner.id,
          objectId: id,
          originalObjectId: parent.questionId,
          key: 'question.answered',
          now: a.CreationDate,
        });
        await repo.markImported(t, id, this.source('a', a.Id), a.CreationDate);
        await repo.setScoreOffset(t, id, a.Score ?? 0, a.CreationDate);
        this.batchQuestions.add(parent.questionId);
        this.batchUsers.add(owner.id);
        this.hooks.push(() => {
          this.posts.set(a.Id, { id, questionId: parent.questionId });
          this.touchedQuestions.add(parent.questionId);
          this.touchedUsers.add(owner.id);
        });
      });
      if (failed) skip(counts, `database: ${failed}`);
      else counts.imported += 1;
    });
  }

  /** Marks accepted answers, then recounts questions, users and tags. */
  async finishPosts(): Promise<void> {
    const trx = await this.db.startTransaction().execute();
    try {
      for (const [questionId, seAnswerId] of this.accepted) {
        const answer = this.posts.get(seAnswerId);
        if (!answer || answer.questionId !== questionId || answer.id === questionId) continue;
        if (await repo.acceptAnswer(trx, questionId, answer.id)) this.report.acceptedAnswers += 1;
      }
      if (this.revisited.size) {
        const again = await repo.authorsAndTagsOf(trx, [...this.revisited]);
        for (const id of this.revisited) this.touchedQuestions.add(id);
        for (const u of again.users) this.touchedUsers.add(u);
        for (const t of again.tags) this.touchedTags.add(t);
      }
      await repo.recountQuestions(trx, [...this.touchedQuestions]);
      await repo.recountUsers(trx, [...this.touchedUsers]);
      await recountTags(trx, [...this.touchedTags]);
      await trx.commit().execute();
    } catch (err) {
      await trx.rollback().execute();
      throw err;
    }
  }

  async importComments(): Promise<void> {
    const counts = this.report.comments;
    await this.eachRow('Comments.xml', this.commentTexts, async (trx, raw) => {
      counts.rows += 1;
      const parsed = commentRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const c: CommentRow = parsed.data;
      if (this.comments.has(c.Id)) {
        counts.existing += 1;
        return;
      }
      const post = this.posts.get(c.PostId);
      if (!post) return skip(counts, 'unknown post (PostId)');
      const failed = await this.atomically(trx, async (t) => {
        const author = await this.author(t, c.UserId, c.UserDisplayName, c.CreationDate);
        const id = await newObjectId(t, OBJECT_TYPE.comment);
        const text = this.commentText(c, author);
        await repo.insertComment(t, {
          id,
          user_id: author.id,
          object_id: post.id,
          question_id: post.questionId,
          original_text: text,
          parsed_text: await this.renders.html(text),
          vote_count: c.Score ?? 0,
          created_at: c.CreationDate,
        });
        await repo.markImported(t, id, this.source('c', c.Id), c.CreationDate);
        await repo.setScoreOffset(t, id, c.Score ?? 0, c.CreationDate);
        this.hooks.push(() => this.comments.add(c.Id));
      });
      if (failed) skip(counts, `database: ${failed}`);
      else counts.imported += 1;
    });
  }

  /** The badges a Stack Exchange badge name may stand for: stored name and English name, lower-cased. */
  private async badgesByName(): Promise<Map<string, { id: string; single: number; badge_group_id: string }>> {
    const rows = await repo.liveBadges(this.db);
    const byName = new Map<string, { id: string; single: number; badge_group_id: string }>();
    for (const r of rows) {
      for (const n of [translate('en_US', r.name), r.name]) {
        const key = n.trim().toLowerCase();
        if (key && !byName.has(key)) byName.set(key, r);
      }
    }
    return byName;
  }

  /**
   * Badges.xml: an award of a badge this site has (same name, any case) to an imported user
   * becomes an award of that badge on its original date. Other names, tag badges and unknown
   * users are skipped and counted (by name); a single badge is awarded once.
   */
  async importBadges(): Promise<void> {
    const counts = this.report.badges;
    const badges = await this.badgesByName();
    await this.eachRow('Badges.xml', async (trx, raw) => {
      counts.rows += 1;
      const parsed = badgeRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const b: BadgeRow = parsed.data;
      if (this.badgeAwards.has(b.Id)) {
        counts.existing += 1;
        return;
      }
      if (b.TagBased === 'True') return skip(counts, 'tag badge (not kept)');
      const badge = badges.get(b.Name.toLowerCase());
      if (!badge) return skip(counts, `no such badge here: ${b.Name.slice(0, 60)}`);
      const user = this.users.get(`u/${b.UserId}`);
      if (!user) return skip(counts, 'unknown user (UserId)');
      if (badge.single === BADGE_SINGLE.single && (await hasAward(trx, user.id, badge.id, null)))
        return skip(counts, 'single badge already held');
      const failed = await this.atomically(trx, async (t) => {
        const id = await newObjectId(t, OBJECT_TYPE.badge_award);
        // the dump does not say which post earned a multiple badge: each award is keyed by itself
        await repo.insertBadgeAward(t, {
          id,
          user_id: user.id,
          badge_id: badge.id,
          award_key: badge.single === BADGE_SINGLE.single ? '0' : id,
          badge_group_id: badge.badge_group_id,
          created_at: b.Date,
        });
        await repo.markImported(t, id, this.source('b', b.Id), b.Date);
        this.batchBadges.add(badge.id);
        this.hooks.push(() => this.badgeAwards.add(b.Id));
      });
      if (failed) skip(counts, `database: ${failed}`);
      else counts.imported += 1;
    });
  }

  /** The question (and answer, '0' for none) a Stack Exchange post id stands for. */
  private placeOf(seId: number): { questionId: string; answerId: string } | undefined {
    const post = this.posts.get(seId);
    return post ? { questionId: post.questionId, answerId: post.id === post.questionId ? '0' : post.id } : undefined;
  }

  /**
   * PostLinks.xml: a link (type 1) lists the linking question under the linked one's "linked
   * questions". A duplicate link (type 3) of a question closed in the dump gives it the duplicate
   * close reason pointing at the original, as closing as a duplicate does; of an open question it
   * is a link. Rows of posts not imported are skipped.
   */
  async importPostLinks(): Promise<void> {
    const counts = this.report.postLinks;
    const duplicate = await repo.configIdByKey(this.db, 'reason.a_duplicate');
    const general = await findGroup(this.db, 'general');
    let siteUrl = '';
    try {
      const raw: unknown = JSON.parse(general ?? '{}');
      if (raw && typeof raw === 'object' && typeof (raw as { site_url?: unknown }).site_url === 'string')
        siteUrl = normaliseSiteUrl((raw as { site_url: string }).site_url);
    } catch {
      siteUrl = '';
    }
    await this.eachRow('PostLinks.xml', async (trx, raw) => {
      counts.rows += 1;
      const parsed = postLinkRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const l: PostLinkRow = parsed.data;
      const from = this.placeOf(l.PostId);
      const to = this.placeOf(l.RelatedPostId);
      if (!from) return skip(counts, 'unknown post (PostId)');
      if (!to) return skip(counts, 'unknown post (RelatedPostId)');
      if (from.questionId === to.questionId) return skip(counts, 'links its own question');
      let closedAsDuplicate = false;
      const failed = await this.atomically(trx, async (t) => {
        if (l.LinkTypeId === '3' && duplicate && from.answerId === '0') {
          const q = await findQuestion(t, from.questionId);
          if (q?.status === QUESTION_STATUS.closed && !(await closeReason(t, from.questionId))) {
            const title = (await findQuestion(t, to.questionId))?.title ?? '';
            await saveCloseReason(
              t,
              from.questionId,
              { close_type: duplicate.id, close_msg: `${siteUrl}/questions/${to.questionId}/${urlTitle(title)}` },
              l.CreationDate,
            );
            closedAsDuplicate = true;
          }
        }
        const known = (await linksFrom(t, from.questionId, from.answerId)).some(
          (r) => r.to_question_id === to.questionId && r.to_answer_id === to.answerId,
        );
        if (known && !closedAsDuplicate) throw new AlreadyThere();
        if (!known)
          await insertLink(t, {
            from_question_id: from.questionId,
            from_answer_id: from.answerId,
            to_question_id: to.questionId,
            to_answer_id: to.answerId,
            now: l.CreationDate,
          });
        await recountLinked(t, [to.questionId]);
      });
      if (failed === ALREADY_THERE) counts.existing += 1;
      else if (failed) skip(counts, `database: ${failed}`);
      else {
        counts.imported += 1;
        if (closedAsDuplicate) this.report.duplicatesClosed += 1;
      }
    });
  }

  /**
   * Votes.xml. Up and down votes (2, 3) are in the posts' scores already; one with the id of an
   * imported voter becomes that member's vote, and the score the post brought along is lowered by
   * the same, so the score stays. Favorites (5) of imported users become bookmarks. Bounties and
   * other kinds are counted, not kept.
   */
  async importVotes(): Promise<void> {
    const counts = this.report.votes;
    await this.eachRow('Votes.xml', async (trx, raw) => {
      counts.rows += 1;
      const parsed = voteRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const v: VoteRow = parsed.data;
      const post = this.posts.get(v.PostId);
      if (!post) return skip(counts, 'unknown post (PostId)');
      if (v.VoteTypeId === 2 || v.VoteTypeId === 3) {
        const voter = v.UserId !== undefined ? this.users.get(`u/${v.UserId}`) : undefined;
        if (!voter) {
          counts.inScore += 1;
          return;
        }
        const kind = post.id === post.questionId ? 'question' : 'answer';
        const failed = await this.atomically(trx, async (t) => {
          const owner = await repo.postOwner(t, kind, post.id);
          if (owner.user_id === voter.id) throw new AlreadyThere('own post');
          const types = [ACTIVITY_TYPE[`${kind}.vote_up`], ACTIVITY_TYPE[`${kind}.vote_down`]];
          const cast = await repo.liveActivityOf(t, post.id, voter.id, types);
          if (cast) throw new AlreadyThere();
          const dir = v.VoteTypeId === 2 ? 'up' : 'down';
          // reputation came along with Users.xml: the rows carry none
          await changeRank(t, {
            userId: voter.id,
            triggerUserId: 0,
            objectId: post.id,
            originalObjectId: post.questionId,
            key: `${kind}.vote_${dir}`,
            delta: 0,
            capped: false,
            now: v.CreationDate,
          });
          await changeRank(t, {
            userId: owner.user_id,
            triggerUserId: voter.id,
            objectId: post.id,
            originalObjectId: post.questionId,
            key: `${kind}.voted_${dir}`,
            delta: 0,
            capped: false,
            now: v.CreationDate,
          });
          await repo.moveScoreIntoVotes(t, post.id, dir === 'up' ? 1 : -1, v.CreationDate);
          // the post's tally counts the row; its score stays (what the offset lost, the row adds)
          await moveVoteTally(
            t,
            kind,
            post.id,
            { up: dir === 'up' ? 1 : 0, down: dir === 'down' ? 1 : 0 },
            await repo.scoreOffset(t, post.id),
          );
        });
        if (failed === ALREADY_THERE) counts.existing += 1;
        else if (failed === 'own post') counts.inScore += 1;
        else if (failed) skip(counts, `database: ${failed}`);
        else {
          counts.imported += 1;
          counts.votes += 1;
        }
        return;
      }
      if (v.VoteTypeId === 5) {
        const user = v.UserId !== undefined ? this.users.get(`u/${v.UserId}`) : undefined;
        if (!user) return skip(counts, 'favorite of an unknown user (UserId)');
        if (post.id !== post.questionId) return skip(counts, 'favorite of an answer');
        const failed = await this.atomically(trx, async (t) => {
          if (await findCollection(t, user.id, post.id)) throw new AlreadyThere();
          const group = await defaultGroupId(t, user.id, v.CreationDate);
          await insertCollection(t, {
            id: await newObjectId(t, OBJECT_TYPE.collection),
            user_id: user.id,
            object_id: post.id,
            group_id: group,
            now: v.CreationDate,
          });
          await recountQuestionCollections(t, post.id);
        });
        if (failed === ALREADY_THERE) counts.existing += 1;
        else if (failed) skip(counts, `database: ${failed}`);
        else {
          counts.imported += 1;
          counts.bookmarks += 1;
        }
        return;
      }
      if (v.VoteTypeId === 8 || v.VoteTypeId === 9) return skip(counts, 'bounty (not kept)');
      skip(counts, `vote type ${v.VoteTypeId} (not kept)`);
    });
  }

  /** PostHistory.xml: rows of revisions (title, body, tags: initial, edit, rollback) grouped by post and RevisionGUID. */
  async readHistory(): Promise<void> {
    const counts = this.report.history;
    this.history?.close();
    const spool = new HistorySpool();
    this.history = spool;
    try {
      await this.readHistoryInto(spool, counts);
    } catch (err) {
      spool.close();
      this.history = null;
      throw err;
    }
    spool.finishReading();
  }

  private async readHistoryInto(spool: HistorySpool, counts: Counts): Promise<void> {
    await this.eachRow('PostHistory.xml', async (_trx, raw) => {
      counts.rows += 1;
      const parsed = historyRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const h: HistoryRow = parsed.data;
      const field = HISTORY_FIELDS[h.PostHistoryTypeId];
      if (!field) return skip(counts, `type ${h.PostHistoryTypeId} (not a revision)`);
      if (!this.posts.get(h.PostId)) return skip(counts, 'unknown post (PostId)');
      spool.add({
        postId: h.PostId,
        guid: h.RevisionGUID,
        rowId: h.Id,
        date: h.CreationDate,
        userId: h.UserId,
        userName: h.UserDisplayName,
        comment: h.Comment,
        field,
        text: h.Text ?? '',
        initial: h.PostHistoryTypeId <= 3,
        rollback: h.PostHistoryTypeId >= 7,
      });
    });
  }

  /**
   * Each post's history becomes its revisions, oldest first, with their authors, dates and
   * comments, and its timeline (asked or answered, then each edit or rollback). The newest
   * revision holds the post's text as Posts.xml has it (the post itself is not changed). A post
   * is done whole or not at all, and once.
   */
  async importHistory(): Promise<void> {
    const counts = this.report.history;
    const spool = this.history;
    if (!spool) return;
    try {
      await this.writeHistories(spool, counts);
    } finally {
      spool.close();
      this.history = null;
    }
  }

  private async writeHistories(spool: HistorySpool, counts: Counts): Promise<void> {
    const rowsOf = (groups: HistoryGroup[]) => groups.reduce((n, g) => n + g.rows, 0);
    for (let after = 0; ; ) {
      const postIds = spool.postsAfter(after, this.batchSize);
      if (postIds.length === 0 || this.stopped()) return;
      after = postIds[postIds.length - 1];
      await new Promise<void>((r) => setImmediate(r));
      await this.renders.prepare(await this.historyTexts(spool, postIds));
      const trx = await this.db.startTransaction().execute();
      try {
        for (const seId of postIds) {
          const groups = spool.groupsOf(seId);
          const post = this.posts.get(seId)!;
          if (await repo.historyImported(trx as Trx, post.id)) {
            counts.existing += rowsOf(groups);
            continue;
          }
          const why = !groups[0].initial
            ? 'history without its first revision'
            : (await repo.revisionCount(trx as Trx, post.id)) !== 1
              ? 'post revised here since it was imported'
              : '';
          if (why) {
            counts.skipped += rowsOf(groups);
            counts.reasons[why] = (counts.reasons[why] ?? 0) + rowsOf(groups);
            continue;
          }
          let written = 0;
          const failed = await this.atomically(trx as Trx, async (t) => {
            written = await this.writeHistory(t, post, groups);
          });
          if (failed) {
            counts.skipped += rowsOf(groups);
            counts.reasons[`database: ${failed}`] = (counts.reasons[`database: ${failed}`] ?? 0) + rowsOf(groups);
          } else {
            counts.imported += rowsOf(groups);
            this.report.revisions += written;
          }
        }
        await trx.commit().execute();
      } catch (err) {
        await trx.rollback().execute();
        throw err;
      } finally {
        this.renders.clear();
      }
    }
  }

  /** The texts writeHistory will render for these posts (each revision but the newest), read before its transaction. */
  private async historyTexts(spool: HistorySpool, postIds: number[]): Promise<PendingRender[]> {
    const texts: PendingRender[] = [];
    for (const seId of postIds) {
      const groups = spool.groupsOf(seId);
      const post = this.posts.get(seId)!;
      if (!groups[0]?.initial || groups.length < 2) continue;
      const row = await repo.postRevisionId(this.db, post.id === post.questionId ? 'question' : 'answer', post.id);
      if (!row.revision_id) continue;
      const current = JSON.parse((await repo.revisionById(this.db, Number(row.revision_id))).content) as { content: string };
      const cut = current.content.indexOf(UNINDEXED_TRAILER);
      const trailer = cut >= 0 ? current.content.slice(cut) : '';
      let body = cut >= 0 ? current.content.slice(0, cut) : current.content;
      for (const g of groups.slice(0, -1)) {
        if (g.body !== undefined) body = g.body;
        texts.push({ text: body + (trailer ? `\n\n${trailer}` : ''), attribution: true });
      }
    }
    return texts;
  }

  private async writeHistory(t: DbOrTrx, post: { id: string; questionId: string }, groups: HistoryGroup[]): Promise<number> {
    const isQuestion = post.id === post.questionId;
    const table = isQuestion ? 'question' : 'answer';
    const row = await repo.postRevisionId(t, table, post.id);
    const current = await repo.revisionById(t, Number(row.revision_id));
    const snapshot = JSON.parse(current.content) as { content: string; tags?: { slug_name: string; display_name: string }[] };
    const cut = snapshot.content.indexOf(UNINDEXED_TRAILER);
    const trailer = cut >= 0 ? snapshot.content.slice(cut) : '';
    const state = { title: current.title, body: cut >= 0 ? snapshot.content.slice(0, cut) : snapshot.content, tags: snapshot.tags ?? [] };
    let first = 0;
    let last = 0;
    for (const [n, g] of groups.entries()) {
      if (g.title !== undefined && g.title.trim())
        state.title = Array.from(g.title.replace(/\s+/g, ' ').trim()).slice(0, MAX_TITLE).join('');
      if (g.body !== undefined) state.body = g.body;
      if (g.tags !== undefined)
        state.tags = [...new Set(parseTagList(g.tags).map(tagSlug))].filter(Boolean).map((s) => ({ slug_name: s, display_name: s }));
      const newest = n === groups.length - 1;
      let content: string;
      if (newest) content = current.content;
      else {
        const text = state.body + (trailer ? `\n\n${trailer}` : '');
        const html = await this.renders.html(text, true);
        content = JSON.stringify(
          isQuestion
            ? { id: post.id, title: state.title, content: text, html, tags: state.tags }
            : { id: post.id, question_id: post.questionId, content: text, html },
        );
      }
      const author = await this.author(t, g.userId, g.userName, g.date);
      const revisionId = await insertRevision(t, {
        user_id: author.id,
        object_type: isQuestion ? OBJECT_TYPE.question : OBJECT_TYPE.answer,
        object_id: post.id,
        title: newest ? current.title : isQuestion ? state.title : '',
        content,
        log: g.comment,
        status: REVISION_STATUS.normal,
        now: g.date,
      });
      if (n === 0) first = revisionId;
      else
        await recordTimeline(t, {
          userId: author.id,
          objectId: post.id,
          originalObjectId: post.id,
          key: `${table}.${g.rollback ? 'rollback' : 'edited'}`,
          revisionId,
          now: g.date,
        });
      last = revisionId;
    }
    // the asked/answered entry shows the first revision; the post's own revision is the newest
    await repo.moveActivityRevision(t, post.id, current.id, first);
    await repo.setRevision(t, table, post.id, last);
    await repo.deleteRevision(t, current.id);
    await repo.markHistory(t, post.id, groups[groups.length - 1].date);
    return groups.length;
  }

  /**
   * Links between posts of the imported site (https://<site>/questions/123/..., /q/123, /a/456,
   * relative /questions/123) are pointed at the local copies, once every post is in (a post may
   * link one imported after it). Links to posts not imported, and the attribution, stay as they are.
   */
  async localiseLinks(): Promise<void> {
    const questionIds = [...new Set([...this.posts.values()].map((p) => p.questionId))];
    const titles = await repo.questionTitles(this.db, questionIds);
    const rewrite = linkRewriter(this.site.host, (seId) => this.posts.get(seId), titles);
    const postIds = [...new Set([...this.posts.values()].map((p) => p.id))];
    for (const table of ['question', 'answer'] as const) {
      for (let i = 0; i < postIds.length; i += 500) {
        const rows = await repo.postsWithLinks(this.db, table, postIds.slice(i, i + 500));
        for (const r of rows) {
          const cut = r.original_text.indexOf(UNINDEXED_TRAILER);
          const body = cut >= 0 ? r.original_text.slice(0, cut) : r.original_text;
          const localBody = rewrite(body);
          if (localBody === body) continue;
          const text = localBody + (cut >= 0 ? r.original_text.slice(cut) : '');
          const html = await renderMarkdown(text, { attribution: true });
          await this.db.transaction().execute(async (t) => {
            await repo.setPostText(t, table, r.id, text, html);
            const rev = r.revision_id ? await repo.revisionContent(t, Number(r.revision_id)) : undefined;
            if (rev)
              await repo.setRevisionContent(
                t,
                Number(r.revision_id),
                JSON.stringify({ ...(JSON.parse(rev.content) as object), content: text, html }),
              );
          });
        }
      }
    }
    const comments = await repo.importedCommentsWithLinks(this.db, this.site.host);
    for (const c of comments) {
      const text = rewrite(c.original_text);
      if (text !== c.original_text) await repo.setCommentText(this.db, c.id, text, await renderMarkdown(text));
    }
  }

  async run(): Promise<ImportReport> {
    const started = performance.now();
    if (!existsSync(join(this.dir, 'Posts.xml')) && !existsSync(join(this.dir, 'Users.xml'))) {
      this.report.errors.push(`no Posts.xml or Users.xml in ${this.dir}`);
      return this.report;
    }
    const steps: [string, string][] = [
      ['users', 'Users.xml'],
      ['questions', 'Posts.xml'],
      ['answers', 'Posts.xml'],
      ['tags', 'Tags.xml'],
      ['comments', 'Comments.xml'],
      ['badges', 'Badges.xml'],
      ['post links', 'PostLinks.xml'],
      ['votes', 'Votes.xml'],
      ['history', 'PostHistory.xml'],
    ];
    if (this.options.checkFirst) {
      const files = [...new Set(steps.map(([, f]) => f))];
      this.planSteps([...files.map((f): [string, string] => ['check', f]), ...steps]);
      this.beginStep('check');
      const problems = await this.check(files);
      if (problems.length > 0) {
        this.report.errors.push(...problems);
        this.report.refused = 'The dump is not well-formed XML; nothing was imported.';
        return this.finish(started);
      }
    } else this.planSteps(steps);
    await this.loadState();
    this.beginStep('users');
    await this.importUsers();
    this.beginStep('questions');
    await this.importQuestions();
    this.beginStep('answers');
    await this.importAnswers();
    await this.finishPosts();
    if (existsSync(join(this.dir, 'Tags.xml'))) {
      this.beginStep('tags');
      await this.readTags();
    }
    await this.importTagWikis();
    this.beginStep('comments');
    await this.importComments();
    this.beginStep('links');
    await this.localiseLinks();
    this.beginStep('badges');
    await this.importBadges();
    this.beginStep('post links');
    await this.importPostLinks();
    this.beginStep('votes');
    await this.importVotes();
    this.beginStep('history');
    await this.readHistory();
    await this.importHistory();
    // imported questions are old: without a score they would be missing from the hot list and related panels
    this.beginStep('hot scores');
    await refreshHotScores(this.db, Math.floor(Date.now() / 1000), { all: true });
    return this.finish(started);
  }

  private finish(started: number): ImportReport {
    if (this.stopped() && !this.report.refused)
      this.report.refused = 'The import was stopped; what was imported stays, and a repeated import goes on from there.';
    this.report.seconds = Math.round((performance.now() - started) / 10) / 100;
    this.tellProgress('', 0, 0, true);
    return this.report;
  }
}

/**
 * Imports a Stack Exchange dump folder (Users.xml, Posts.xml, Comments.xml; each optional but
 * one of the first two needed) into the database: users as accounts that cannot log in,
 * questions with their tags, answers, accepted answers, comments, scores as vote counts and the
 * original dates. Bodies become markdown with an attribution line (author, link to the original,
 * CC BY-SA licence). Bad rows are skipped and counted; each row is written whole or not at all;
 * running it again adds only rows not imported before.
 */
export async function importStackExchange(db: Db, dir: string, options: ImportOptions): Promise<ImportReport> {
  const site = siteFrom(options.site);
  const run = new StackExchangeImport(db, dir, site, Math.max(1, options.batchSize ?? 500), options.log ?? (() => {}), options);
  return run.run();
}

/**
 * Rewrites the links of markdown that point at posts of `host` known locally (`local` maps a Stack
 * Exchange post id to the local post and its question) to the local question (and answer) URL. A
 * bare URL becomes a markdown link with the question's title, since a site-relative path alone is
 * not turned into a link.
 */
export function linkRewriter(
  host: string,
  local: (seId: number) => { id: string; questionId: string } | undefined,
  titles: Map<string, string>,
): (markdown: string) => string {
  const h = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const stop = String.raw`[^\s()\[\]"'<>?#/]`;
  const re = new RegExp(
    String.raw`(?<![\w.\-/])(?:https?://(?:www\.)?${h})?/(?:questions/(\d{1,12})(?:/${stop}*)?(?:/(\d{1,12}))?|q/(\d{1,12})(?:/\d{1,12})?|a/(\d{1,12})(?:/\d{1,12})?)(?:\?[^\s()\[\]"'<>#]*)?(?:#(\d{1,12})|#[^\s()\[\]"'<>]*)?(?![\w/])`,
    'gi',
  );
  return (markdown) =>
    markdown.replace(
      re,
      (
        match: string,
        qPath?: string,
        aPath?: string,
        qShort?: string,
        aShort?: string,
        aHash?: string,
        offset?: number,
        whole?: string,
      ) => {
        let answer: { id: string; questionId: string } | undefined;
        for (const seId of [aShort, aPath, aHash]) {
          const post = seId ? local(Number(seId)) : undefined;
          if (post && post.id !== post.questionId) {
            answer = post;
            break;
          }
        }
        const qSe = qPath ?? qShort;
        const question = answer ? undefined : qSe ? local(Number(qSe)) : undefined;
        const questionId = answer?.questionId ?? (question && question.id === question.questionId ? question.id : undefined);
        if (!questionId) return match;
        const title = titles.get(questionId) ?? '';
        const url = `/questions/${questionId}/${urlTitle(title)}${answer ? `/${answer.id}` : ''}`;
        const before = whole && offset ? whole[offset - 1] : '';
        return before === '(' || before === '"' || before === "'" ? url : `[${escapeMarkdown(title || url)}](${url})`;
      },
    );
}
