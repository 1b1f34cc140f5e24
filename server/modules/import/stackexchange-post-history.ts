import type { ImportCounts } from '../../contract/api/import.js';
import { REVISION_STATUS } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';
import { UNINDEXED_TRAILER } from '../../db/dialect/sqlite-search.js';
import { OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { insertRevision } from '../post-history/post-history-common.service.js';
import { tagSlug } from '../tag/tag.usage.js';
import { HistorySpool, type HistoryGroup } from './history-spool.repository.js';
import type { PendingRender } from './import-renders.js';
import { MAX_TITLE, skip, type Trx } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import type { ImportedPost } from './stackexchange-ids.js';
import * as repo from './stackexchange.repository.js';
import { historyRow, parseTagList, rowProblem, type HistoryRow } from './stackexchange.schema.js';
import { nextTurn } from '../../infra/next-turn.js';

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

/** PostHistory.xml: rows of revisions (title, body, tags: initial, edit, rollback) of imported posts, spooled by post and RevisionGUID. */
export async function readHistory(cx: SeImport): Promise<HistorySpool> {
  const counts = cx.report.history;
  const spool = new HistorySpool();
  try {
    await cx.batches.eachRow('PostHistory.xml', async (_trx, raw) => {
      counts.rows += 1;
      const parsed = historyRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const h: HistoryRow = parsed.data;
      const field = HISTORY_FIELDS[h.PostHistoryTypeId];
      if (!field) return skip(counts, `type ${h.PostHistoryTypeId} (not a revision)`);
      if (!cx.ids.posts.get(h.PostId)) return skip(counts, 'unknown post (PostId)');
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
  } catch (err) {
    spool.close();
    throw err;
  }
  spool.finishReading();
  return spool;
}

/**
 * Each post's history becomes its revisions, oldest first, with their authors, dates and
 * comments, and its timeline (asked or answered, then each edit or rollback). The newest
 * revision holds the post's text as Posts.xml has it (the post itself is not changed). A post
 * is done whole or not at all, and once. Closes the spool.
 */
export async function importHistory(cx: SeImport, spool: HistorySpool): Promise<void> {
  try {
    await writeHistories(cx, spool, cx.report.history);
  } finally {
    spool.close();
  }
}

const rowsOf = (groups: HistoryGroup[]) => groups.reduce((n, g) => n + g.rows, 0);

function countAll(counts: ImportCounts, groups: HistoryGroup[], why: string): void {
  counts.skipped += rowsOf(groups);
  counts.reasons[why] = (counts.reasons[why] ?? 0) + rowsOf(groups);
}

/** One post's history inside its batch's transaction: written whole, counted as there, or skipped. */
async function writePostHistory(cx: SeImport, trx: Trx, counts: ImportCounts, post: ImportedPost, groups: HistoryGroup[]): Promise<void> {
  if (await repo.historyImported(trx, post.id)) {
    counts.existing += rowsOf(groups);
    return;
  }
  const why = !groups[0].initial
    ? 'history without its first revision'
    : (await repo.revisionCount(trx, post.id)) !== 1
      ? 'post revised here since it was imported'
      : '';
  if (why) return countAll(counts, groups, why);
  let written = 0;
  const failed = await cx.batches.atomically(trx, async (t) => {
    written = await writeHistory(cx, t, post, groups);
  });
  if (failed) countAll(counts, groups, `database: ${failed}`);
  else {
    counts.imported += rowsOf(groups);
    cx.report.revisions += written;
  }
}

async function writeHistories(cx: SeImport, spool: HistorySpool, counts: ImportCounts): Promise<void> {
  const { batches } = cx;
  for (let after = 0; ; ) {
    const postIds = spool.postsAfter(after, cx.batchSize);
    if (postIds.length === 0 || batches.stopped()) return;
    after = postIds[postIds.length - 1];
    await nextTurn();
    await batches.renders.prepare(await historyTexts(cx, spool, postIds));
    const trx = await cx.db.startTransaction().execute();
    try {
      for (const seId of postIds) await writePostHistory(cx, trx as Trx, counts, cx.ids.posts.get(seId)!, spool.groupsOf(seId));
      await trx.commit().execute();
    } catch (err) {
      await trx.rollback().execute();
      throw err;
    } finally {
      batches.renders.clear();
    }
  }
}

/** The texts writeHistory will render for these posts (each revision but the newest), read before its transaction. */
async function historyTexts(cx: SeImport, spool: HistorySpool, postIds: number[]): Promise<PendingRender[]> {
  const texts: PendingRender[] = [];
  for (const seId of postIds) {
    const groups = spool.groupsOf(seId);
    const post = cx.ids.posts.get(seId)!;
    if (!groups[0]?.initial || groups.length < 2) continue;
    const row = await repo.postRevisionId(cx.db, post.id === post.questionId ? 'question' : 'answer', post.id);
    if (!row.revision_id) continue;
    const current = JSON.parse((await repo.revisionById(cx.db, Number(row.revision_id))).content) as { content: string };
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

async function writeHistory(cx: SeImport, t: DbOrTrx, post: ImportedPost, groups: HistoryGroup[]): Promise<number> {
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
    if (g.title !== undefined && g.title.trim()) state.title = Array.from(g.title.replace(/\s+/g, ' ').trim()).slice(0, MAX_TITLE).join('');
    if (g.body !== undefined) state.body = g.body;
    if (g.tags !== undefined)
      state.tags = [...new Set(parseTagList(g.tags).map(tagSlug))].filter(Boolean).map((s) => ({ slug_name: s, display_name: s }));
    const newest = n === groups.length - 1;
    let content: string;
    if (newest) content = current.content;
    else {
      const text = state.body + (trailer ? `\n\n${trailer}` : '');
      const html = await cx.batches.renders.html(text, true);
      content = JSON.stringify(
        isQuestion
          ? { id: post.id, title: state.title, content: text, html, tags: state.tags }
          : { id: post.id, question_id: post.questionId, content: text, html },
      );
    }
    const author = await cx.authors.of(t, g.userId, g.userName, g.date);
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
