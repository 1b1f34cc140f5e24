import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** A field of a revision that a PostHistory.xml row sets. */
export type HistoryField = 'title' | 'body' | 'tags';

/** One revision of a post: the PostHistory.xml rows of one RevisionGUID. */
export interface HistoryGroup {
  guid: string;
  firstRow: number;
  date: number;
  userId?: number;
  userName?: string;
  comment: string;
  title?: string;
  body?: string;
  tags?: string;
  initial: boolean;
  rollback: boolean;
  rows: number;
}

/** One PostHistory.xml row, as the spool keeps it. */
export interface HistoryRowInput {
  postId: number;
  guid: string;
  rowId: number;
  date: number;
  userId?: number;
  userName?: string;
  comment?: string;
  field: HistoryField;
  text: string;
  initial: boolean;
  rollback: boolean;
}

interface GroupRow {
  guid: string;
  first_row: number;
  date: number;
  user_id: number | null;
  user_name: string | null;
  comment: string;
  title: string | null;
  body: string | null;
  tags: string | null;
  initial: number;
  rollback: number;
  rows: number;
}

const FIELDS: readonly HistoryField[] = ['title', 'body', 'tags'];

/**
 * PostHistory.xml's revisions, grouped by post and RevisionGUID, kept in a temporary SQLite file
 * instead of memory: the file is the largest of a dump (every version of every post's text), read
 * in full before any post's revisions are written, so memory stays flat whatever its size. The
 * first row of a group gives its date and author; a later row of the same field replaces its text.
 */
export class HistorySpool {
  private readonly dir: string;
  private readonly db: Database.Database;
  private readonly upsert: Record<HistoryField, Database.Statement>;
  private readonly afterPost: Database.Statement;
  private readonly ofPost: Database.Statement;
  private open = true;

  constructor(parent = tmpdir()) {
    this.dir = mkdtempSync(join(parent, 'lantern-history-'));
    this.db = new Database(join(this.dir, 'history.db'));
    // a scratch file: nothing to recover after a crash (the import re-reads PostHistory.xml)
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(`CREATE TABLE grp (
      post INTEGER NOT NULL, guid TEXT NOT NULL, first_row INTEGER NOT NULL, date INTEGER NOT NULL,
      user_id INTEGER, user_name TEXT, comment TEXT NOT NULL DEFAULT '',
      title TEXT, body TEXT, tags TEXT, initial INTEGER NOT NULL, rollback INTEGER NOT NULL, rows INTEGER NOT NULL,
      PRIMARY KEY (post, guid)) WITHOUT ROWID`);
    // one statement per field (the column names are these three constants, never input)
    const upsertFor = (field: HistoryField) =>
      this.db.prepare(
        `INSERT INTO grp (post, guid, first_row, date, user_id, user_name, comment, ${field}, initial, rollback, rows)
         VALUES (@post, @guid, @rowId, @date, @userId, @userName, @comment, @text, @initial, @rollback, 1)
         ON CONFLICT (post, guid) DO UPDATE SET
           ${field} = excluded.${field},
           rows = rows + 1,
           initial = max(initial, excluded.initial),
           rollback = max(rollback, excluded.rollback),
           comment = CASE WHEN comment = '' THEN excluded.comment ELSE comment END`,
      );
    this.upsert = { title: upsertFor('title'), body: upsertFor('body'), tags: upsertFor('tags') };
    this.afterPost = this.db.prepare('SELECT DISTINCT post FROM grp WHERE post > ? ORDER BY post LIMIT ?').pluck();
    this.ofPost = this.db.prepare('SELECT * FROM grp WHERE post = ? ORDER BY date, first_row');
    this.db.exec('BEGIN');
  }

  /** Adds one row to its post's revision of that RevisionGUID. */
  add(row: HistoryRowInput): void {
    if (!FIELDS.includes(row.field)) throw new Error(`not a revision field: ${String(row.field)}`);
    this.upsert[row.field].run({
      post: row.postId,
      guid: row.guid,
      rowId: row.rowId,
      date: row.date,
      userId: row.userId ?? null,
      userName: row.userName ?? null,
      comment: row.comment ? row.comment.slice(0, 500) : '',
      text: row.text,
      initial: row.initial ? 1 : 0,
      rollback: row.rollback ? 1 : 0,
    });
  }

  /** Ends the reading: what was added is kept for the reads that follow. */
  finishReading(): void {
    if (this.db.inTransaction) this.db.exec('COMMIT');
  }

  /** The next post ids (the dump's) that have revisions, in order, after `after`. */
  postsAfter(after: number, limit: number): number[] {
    return this.afterPost.all(after, limit) as number[];
  }

  /** A post's revisions, oldest first (by date, then by their first row). */
  groupsOf(postId: number): HistoryGroup[] {
    return (this.ofPost.all(postId) as GroupRow[]).map((r) => ({
      guid: r.guid,
      firstRow: r.first_row,
      date: r.date,
      userId: r.user_id ?? undefined,
      userName: r.user_name ?? undefined,
      comment: r.comment,
      title: r.title ?? undefined,
      body: r.body ?? undefined,
      tags: r.tags ?? undefined,
      initial: r.initial === 1,
      rollback: r.rollback === 1,
      rows: r.rows,
    }));
  }

  /** Closes and deletes the spool file. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
