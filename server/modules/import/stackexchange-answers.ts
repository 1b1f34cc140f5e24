import type { DbOrTrx } from '../../db/database.js';
import { REVISION_STATUS } from '../../contract/enums.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml } from '../../infra/markdown/render.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { insertRevision } from '../post-history/post-history-common.service.js';
import { attribution, sourceKey } from './stackexchange-authors.js';
import { skip, type Trx } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import type { ImportedPost } from './stackexchange-ids.js';
import { postTexts, type PostsRead } from './stackexchange-posts.js';
import { setScoreOffset } from '../vote/vote-common.service.js';
import * as repo from './stackexchange.repository.js';
import { answerRow, rowProblem, type AnswerRow } from './stackexchange.schema.js';

/** Writes one new answer with its first revision and timeline, inside its savepoint. */
async function writeAnswer(cx: SeImport, read: PostsRead, t: DbOrTrx, a: AnswerRow, parent: ImportedPost, body: string): Promise<void> {
  const owner = await cx.authors.of(t, a.OwnerUserId, a.OwnerDisplayName, a.CreationDate);
  const id = await newObjectId(t, OBJECT_TYPE.answer);
  const text = body + attribution(cx.site, 'a', a.Id, owner, a.CreationDate);
  const html = await cx.batches.renders.html(text, true);
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
  await repo.markImported(t, id, sourceKey(cx.site, 'a', a.Id), a.CreationDate);
  await setScoreOffset(t, id, a.Score ?? 0, a.CreationDate);
  cx.batches.touched.questions.add(parent.questionId);
  cx.batches.touched.users.add(owner.id);
  cx.batches.afterRow(() => {
    cx.ids.posts.set(a.Id, { id, questionId: parent.questionId });
    read.touched.questions.add(parent.questionId);
    read.touched.users.add(owner.id);
  });
}

/** One Posts.xml row in the answers pass (other types were seen in the questions pass). */
async function answerRowOf(cx: SeImport, read: PostsRead, trx: Trx, raw: Record<string, string>): Promise<void> {
  if (raw.PostTypeId !== '2') return;
  const counts = cx.report.answers;
  counts.rows += 1;
  const parsed = answerRow.safeParse(raw);
  if (!parsed.success) return skip(counts, rowProblem(parsed.error));
  const a: AnswerRow = parsed.data;
  const knownAnswer = cx.ids.posts.get(a.Id);
  if (knownAnswer) {
    counts.existing += 1;
    read.revisited.add(knownAnswer.questionId);
    return;
  }
  const parent = cx.ids.posts.get(a.ParentId);
  if (!parent || parent.id !== parent.questionId) return skip(counts, 'unknown question (ParentId)');
  const body = cx.batches.toMarkdown(a.Body);
  if (isBlankHtml(await cx.batches.renders.html(body))) return skip(counts, 'empty Body');
  const failed = await cx.batches.atomically(trx, (t) => writeAnswer(cx, read, t, a, parent, body));
  if (failed) skip(counts, `database: ${failed}`);
  else counts.imported += 1;
}

/** Posts.xml, second pass: the answers of imported questions. */
export async function importAnswers(cx: SeImport, read: PostsRead): Promise<void> {
  await cx.batches.eachRow(
    'Posts.xml',
    (batch) => postTexts(cx, batch, '2'),
    (trx, raw) => answerRowOf(cx, read, trx, raw),
  );
}
