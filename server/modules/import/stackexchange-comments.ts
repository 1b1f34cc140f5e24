import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import type { PendingRender } from './import-renders.js';
import { commentText, sourceKey } from './stackexchange-authors.js';
import { skip } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import { setScoreOffset } from '../vote/vote-common.service.js';
import * as repo from './stackexchange.repository.js';
import { commentRow, rowProblem, type CommentRow } from './stackexchange.schema.js';

/** What Comments.xml's batch will render: each new comment with the authors it may be credited to. */
function commentTexts(cx: SeImport, batch: Record<string, string>[]): PendingRender[] {
  const pending = new Map<string, Set<string>>();
  return batch.flatMap((raw) => {
    const parsed = commentRow.safeParse(raw);
    if (!parsed.success || cx.ids.comments.has(parsed.data.Id) || !cx.ids.posts.has(parsed.data.PostId)) return [];
    const c = parsed.data;
    return cx.authors
      .candidates(c.UserId, c.UserDisplayName, pending)
      .map((a) => ({ text: commentText(cx.site, c, a), attribution: false }));
  });
}

/** Comments.xml: comments on imported posts, credited to their authors. */
export async function importComments(cx: SeImport): Promise<void> {
  const counts = cx.report.comments;
  await cx.batches.eachRow(
    'Comments.xml',
    (batch) => commentTexts(cx, batch),
    async (trx, raw) => {
      counts.rows += 1;
      const parsed = commentRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const c: CommentRow = parsed.data;
      if (cx.ids.comments.has(c.Id)) {
        counts.existing += 1;
        return;
      }
      const post = cx.ids.posts.get(c.PostId);
      if (!post) return skip(counts, 'unknown post (PostId)');
      const failed = await cx.batches.atomically(trx, async (t) => {
        const author = await cx.authors.of(t, c.UserId, c.UserDisplayName, c.CreationDate);
        const id = await newObjectId(t, OBJECT_TYPE.comment);
        const text = commentText(cx.site, c, author);
        await repo.insertComment(t, {
          id,
          user_id: author.id,
          object_id: post.id,
          question_id: post.questionId,
          original_text: text,
          parsed_text: await cx.batches.renders.html(text),
          vote_count: c.Score ?? 0,
          created_at: c.CreationDate,
        });
        await repo.markImported(t, id, sourceKey(cx.site, 'c', c.Id), c.CreationDate);
        await setScoreOffset(t, id, c.Score ?? 0, c.CreationDate);
        cx.batches.afterRow(() => cx.ids.comments.add(c.Id));
      });
      if (failed) skip(counts, `database: ${failed}`);
      else counts.imported += 1;
    },
  );
}
