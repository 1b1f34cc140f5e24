import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HistorySpool, type HistoryRowInput } from './history-spool.repository.js';

const parent = mkdtempSync(join(tmpdir(), 'lantern-spool-test-'));
afterEach(() => {
  for (const d of readdirSync(parent)) rmSync(join(parent, d), { recursive: true, force: true });
});

const row = (over: Partial<HistoryRowInput>): HistoryRowInput => ({
  postId: 1,
  guid: 'g1',
  rowId: 1,
  date: 1000,
  field: 'title',
  text: '',
  initial: false,
  rollback: false,
  ...over,
});

describe('PostHistory spool (a temporary file, not memory)', () => {
  it('groups rows by post and RevisionGUID: the first row gives date and author, later rows fill or replace fields', () => {
    const spool = new HistorySpool(parent);
    spool.add(row({ rowId: 10, guid: 'a', date: 2000, userId: 7, userName: 'ann', field: 'title', text: 'T1', initial: true }));
    spool.add(row({ rowId: 11, guid: 'a', date: 2001, userId: 8, field: 'body', text: 'B1', initial: true, comment: 'first' }));
    spool.add(row({ rowId: 12, guid: 'a', date: 2002, field: 'tags', text: '<x>', initial: true, comment: 'ignored, the first stays' }));
    spool.add(row({ rowId: 20, guid: 'b', date: 3000, userId: 9, field: 'body', text: 'B2', rollback: true }));
    spool.add(row({ rowId: 21, guid: 'b', date: 3000, field: 'body', text: 'B2 again' }));
    spool.finishReading();
    expect(spool.groupsOf(1)).toEqual([
      {
        guid: 'a',
        firstRow: 10,
        date: 2000,
        userId: 7,
        userName: 'ann',
        comment: 'first',
        title: 'T1',
        body: 'B1',
        tags: '<x>',
        initial: true,
        rollback: false,
        rows: 3,
      },
      {
        guid: 'b',
        firstRow: 20,
        date: 3000,
        userId: 9,
        userName: undefined,
        comment: '',
        title: undefined,
        body: 'B2 again',
        tags: undefined,
        initial: false,
        rollback: true,
        rows: 2,
      },
    ]);
    spool.close();
  });

  it('gives revisions oldest first, whatever the order of the file, and post ids in order, page by page', () => {
    const spool = new HistorySpool(parent);
    spool.add(row({ postId: 5, guid: 'late', rowId: 3, date: 900 }));
    spool.add(row({ postId: 5, guid: 'early', rowId: 4, date: 100 }));
    spool.add(row({ postId: 5, guid: 'same-date-second', rowId: 9, date: 900 }));
    for (const postId of [30, 2, 17]) spool.add(row({ postId, guid: `p${postId}` }));
    spool.finishReading();
    expect(spool.groupsOf(5).map((g) => g.guid)).toEqual(['early', 'late', 'same-date-second']);
    expect(spool.postsAfter(0, 2)).toEqual([2, 5]);
    expect(spool.postsAfter(5, 2)).toEqual([17, 30]);
    expect(spool.postsAfter(30, 2)).toEqual([]);
    spool.close();
  });

  it('keeps a comment to 500 characters and deletes its file when closed (twice is harmless)', () => {
    const spool = new HistorySpool(parent);
    spool.add(row({ comment: 'c'.repeat(800) }));
    spool.finishReading();
    expect(spool.groupsOf(1)[0].comment).toHaveLength(500);
    const [dir] = readdirSync(parent);
    expect(existsSync(join(parent, dir, 'history.db'))).toBe(true);
    spool.close();
    spool.close();
    expect(readdirSync(parent)).toEqual([]);
  });
});
