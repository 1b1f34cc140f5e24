import type { DbOrTrx } from '../../db/database.js';
import { REVISION_STATUS, TAG_STATUS } from '../../contract/enums.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml } from '../../infra/markdown/render.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { insertRevision } from '../post-history/post-history-common.service.js';
import { findTagsByIds, findTagsBySlugs, insertTag } from '../tag/tag-common.service.js';
import { tagSlug } from '../tag/tag.usage.js';
import { attribution, sourceKey } from './stackexchange-authors.js';
import { MAX_TITLE, skip, type Trx } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import { keepWikiPost, postTexts, type PostsRead } from './stackexchange-posts.js';
import { setScoreOffset } from '../vote/vote-common.service.js';
import * as repo from './stackexchange.repository.js';
import { parseTagList, questionRow, rowProblem, type QuestionRow } from './stackexchange.schema.js';

const MAX_TAGS = 5;

/** The tag ids of a question (main tags for synonyms), creating unknown tags. */
async function tagIds(cx: SeImport, t: DbOrTrx, rawTags: string | undefined, userId: number, now: number): Promise<string[]> {
  const slugs = [...new Set(parseTagList(rawTags).map(tagSlug))].filter((s) => s.length > 0 && s.length <= 35).slice(0, MAX_TAGS);
  const missing = slugs.filter((s) => !cx.ids.tags.has(s));
  const found = await findTagsBySlugs(t, missing);
  const ids: string[] = [];
  for (const slug of slugs) {
    let id = cx.ids.tags.get(slug);
    if (!id) {
      const row = found.find((f) => f.slug_name === slug);
      if (row) {
        if (row.status === TAG_STATUS.deleted) await repo.reviveTag(t, row.id, now);
        id = row.main_tag_id !== '0' ? row.main_tag_id : row.id;
      } else {
        id = await newObjectId(t, OBJECT_TYPE.tag);
        await insertTag(t, { id, slug_name: slug, display_name: slug, original_text: '', parsed_text: '', user_id: userId, now });
        cx.batches.afterRow(() => (cx.report.tagsCreated += 1));
      }
      const tagId = id;
      cx.batches.afterRow(() => cx.ids.tags.set(slug, tagId));
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Writes one new question with its tags, first revision and timeline, inside its savepoint. */
async function writeQuestion(cx: SeImport, read: PostsRead, t: DbOrTrx, q: QuestionRow, body: string): Promise<void> {
  const owner = await cx.authors.of(t, q.OwnerUserId, q.OwnerDisplayName, q.CreationDate);
  const id = await newObjectId(t, OBJECT_TYPE.question);
  const title = Array.from(q.Title.replace(/\s+/g, ' ')).slice(0, MAX_TITLE).join('');
  const text = body + attribution(cx.site, 'q', q.Id, owner, q.CreationDate);
  const html = await cx.batches.renders.html(text, true);
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
  const tags = await tagIds(cx, t, q.Tags, owner.id, q.CreationDate);
  for (const tagId of tags) await repo.linkTag(t, id, tagId, q.CreationDate);
  const tagRows = await findTagsByIds(t, tags);
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
  await recordTimeline(t, { userId: owner.id, objectId: id, originalObjectId: id, key: 'question.asked', revisionId, now: q.CreationDate });
  await repo.markImported(t, id, sourceKey(cx.site, 'q', q.Id), q.CreationDate);
  await setScoreOffset(t, id, q.Score ?? 0, q.CreationDate);
  const batch = cx.batches.touched;
  batch.questions.add(id);
  batch.users.add(owner.id);
  for (const tagId of tags) batch.tags.add(tagId);
  cx.batches.afterRow(() => {
    cx.ids.posts.set(q.Id, { id, questionId: id });
    if (q.AcceptedAnswerId !== undefined) read.accepted.set(id, q.AcceptedAnswerId);
    read.touched.questions.add(id);
    read.touched.users.add(owner.id);
    for (const tagId of tags) read.touched.tags.add(tagId);
  });
}

/** One Posts.xml row in the questions pass: a question, a tag-wiki post kept for later, or another type counted. */
async function questionRowOf(cx: SeImport, read: PostsRead, trx: Trx, raw: Record<string, string>): Promise<void> {
  const counts = cx.report.questions;
  const posts = cx.report.posts;
  posts.rows += 1;
  if (raw.PostTypeId === '2') return;
  if (raw.PostTypeId !== '1') {
    if (raw.PostTypeId === '4' || raw.PostTypeId === '5') keepWikiPost(read, raw);
    if (raw.PostTypeId && /^\d{1,4}$/.test(raw.PostTypeId)) posts.otherTypes += 1;
    else posts.invalidType += 1;
    return;
  }
  counts.rows += 1;
  const parsed = questionRow.safeParse(raw);
  if (!parsed.success) return skip(counts, rowProblem(parsed.error));
  const q: QuestionRow = parsed.data;
  for (const slug of parseTagList(q.Tags).map(tagSlug)) {
    const first = read.tagFirstUse.get(slug);
    if (first === undefined || q.CreationDate < first) read.tagFirstUse.set(slug, q.CreationDate);
  }
  const known = cx.ids.posts.get(q.Id);
  if (known) {
    counts.existing += 1;
    // an import killed before its last step (recounts, acceptances) is repaired by the next run
    read.revisited.add(known.id);
    if (q.AcceptedAnswerId !== undefined) read.accepted.set(known.id, q.AcceptedAnswerId);
    return;
  }
  const body = cx.batches.toMarkdown(q.Body);
  if (isBlankHtml(await cx.batches.renders.html(body))) return skip(counts, 'empty Body');
  const failed = await cx.batches.atomically(trx, (t) => writeQuestion(cx, read, t, q, body));
  if (failed) skip(counts, `database: ${failed}`);
  else counts.imported += 1;
}

/** Posts.xml, first pass: the questions (and the tag-wiki posts, kept for the tags step). */
export async function importQuestions(cx: SeImport, read: PostsRead): Promise<void> {
  await cx.batches.eachRow(
    'Posts.xml',
    (batch) => postTexts(cx, batch, '1'),
    (trx, raw) => questionRowOf(cx, read, trx, raw),
  );
}
