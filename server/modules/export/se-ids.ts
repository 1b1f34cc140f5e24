import type { Db } from '../../db/database.js';
import * as repo from './se-export.repository.js';

/** Rows per read. */
export const PAGE = 500;

/** An author as the dump names one: an account's id, or only a display name (a placeholder author of an import). */
export type DumpAuthor = { userId: number } | { displayName: string };

/**
 * The dump's ids for the site's objects. What was imported from the dump's site keeps its id there
 * (so an export of a re-imported export gives the same ids); everything else is numbered after the
 * highest of its kind, in the order of the site's own ids. Only ids are held, never the rows.
 */
export class DumpIds {
  /** The site most of the imported objects came from (the dump's site), or the export's own host. */
  host = '';
  readonly users = new Map<number, number>();
  /** Placeholder authors the importer made from a display name only: not in Users.xml. */
  readonly namedOnly = new Map<number, string>();
  readonly posts = new Map<string, number>();
  /** Each exported answer's question. */
  readonly answerOf = new Map<string, string>();
  readonly comments = new Map<string, number>();
  readonly badges = new Map<string, number>();
  private readonly marks = new Map<string, { kind: string; id: number; key: string }>();
  private nextPost = 1;

  /** The dump's author of an object written by `userId` (undefined: an account not exported). */
  author(userId: number): DumpAuthor | undefined {
    const id = this.users.get(userId);
    if (id !== undefined) return { userId: id };
    const name = this.namedOnly.get(userId);
    return name !== undefined ? { displayName: name } : undefined;
  }

  /** A new post id after every other (tag wiki posts). */
  newPostId(): number {
    return this.nextPost++;
  }

  /** Reads the source marks and every exportable object's id, and numbers them. */
  async load(db: Db, fallbackHost: string): Promise<void> {
    await this.readMarks(db, fallbackHost);
    await this.numberUsers(db);
    const native: string[] = [];
    const questions = new Set<string>();
    for (let after = ''; ; ) {
      const page = await repo.questionsPage(db, after, PAGE);
      if (page.length === 0) break;
      for (const q of page) {
        questions.add(q.id);
        this.keep(this.posts, q.id, 'q', native);
      }
      after = page[page.length - 1].id;
    }
    for (let after = ''; ; ) {
      const page = await repo.answersPage(db, after, PAGE);
      if (page.length === 0) break;
      for (const a of page) {
        if (!questions.has(a.question_id)) continue;
        this.answerOf.set(a.id, a.question_id);
        this.keep(this.posts, a.id, 'a', native);
      }
      after = page[page.length - 1].id;
    }
    this.nextPost = this.numberNative(this.posts, native);
    await this.numberComments(db);
    await this.numberBadges(db);
    this.marks.clear();
  }

  private async readMarks(db: Db, fallbackHost: string): Promise<void> {
    const all = new Map<string, { host: string; kind: string; id: number; key: string }>();
    const perHost = new Map<string, number>();
    for (let after = 0; ; ) {
      const page = await repo.sourceMarks(db, after, PAGE * 4);
      if (page.length === 0) break;
      for (const m of page) {
        const match = /^([^/]+)\/([a-z])\/(.+)$/.exec(m.value);
        if (!match) continue;
        const [, host, kind, key] = match;
        const id = kind === 'n' ? 0 : Number(key);
        if (kind !== 'n' && !/^-?\d{1,10}$/.test(key)) continue;
        all.set(m.object_id, { host, kind, id, key });
        if (kind === 'q') perHost.set(host, (perHost.get(host) ?? 0) + 1);
      }
      after = page[page.length - 1].id;
    }
    const ranked = [...perHost].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    this.host = ranked[0]?.[0] ?? fallbackHost;
    for (const [objectId, m] of all) if (m.host === this.host) this.marks.set(objectId, { kind: m.kind, id: m.id, key: m.key });
  }

  /** Keeps an object's imported id (of kind `kind`), or queues it for a new one. */
  private keep<K>(ids: Map<K, number>, key: K, kind: string, native: K[]): void {
    const mark = this.marks.get(String(key));
    if (mark?.kind === kind) ids.set(key, mark.id);
    else native.push(key);
  }

  /** Numbers the queued objects after the highest kept id; returns the next free id. */
  private numberNative<K>(ids: Map<K, number>, native: K[]): number {
    let next = 1;
    for (const id of ids.values()) if (id >= next) next = id + 1;
    for (const key of native) ids.set(key, next++);
    return next;
  }

  private async numberUsers(db: Db): Promise<void> {
    const native: number[] = [];
    for (let after = 0; ; ) {
      const page = await repo.usersPage(db, after, PAGE);
      if (page.length === 0) break;
      for (const u of page) {
        const mark = this.marks.get(String(u.id));
        if (mark?.kind === 'n') this.namedOnly.set(u.id, mark.key);
        else this.keep(this.users, u.id, 'u', native);
      }
      after = page[page.length - 1].id;
    }
    this.numberNative(this.users, native);
  }

  private async numberComments(db: Db): Promise<void> {
    const native: string[] = [];
    for (let after = ''; ; ) {
      const page = await repo.commentsPage(db, after, PAGE);
      if (page.length === 0) break;
      for (const c of page) if (this.posts.has(c.object_id)) this.keep(this.comments, c.id, 'c', native);
      after = page[page.length - 1].id;
    }
    this.numberNative(this.comments, native);
  }

  private async numberBadges(db: Db): Promise<void> {
    const native: string[] = [];
    for (let after = ''; ; ) {
      const page = await repo.badgeAwardsPage(db, after, PAGE);
      if (page.length === 0) break;
      for (const b of page) if (this.users.has(b.user_id)) this.keep(this.badges, b.id, 'b', native);
      after = page[page.length - 1].id;
    }
    this.numberNative(this.badges, native);
  }
}
