import { QUESTION_STATUS } from '../../contract/enums.js';
import { urlTitle } from '../../infra/markdown/render.js';
import { closeReason, insertLink, linksFrom, recountLinked, saveCloseReason } from '../question/question-common.service.js';
import { findGroup } from '../config/site-info.repository.js';
import { normaliseSiteUrl } from '../config/site-url.js';
import { ALREADY_THERE, AlreadyThere, skip } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import type { IdMap } from './stackexchange-ids.js';
import * as repo from './stackexchange.repository.js';
import { postLinkRow, rowProblem, type PostLinkRow } from './stackexchange.schema.js';
import { findQuestion } from '../post/post.repository.js';

/** The question (and answer, '0' for none) a Stack Exchange post id stands for. */
function placeOf(ids: IdMap, seId: number): { questionId: string; answerId: string } | undefined {
  const post = ids.posts.get(seId);
  return post ? { questionId: post.questionId, answerId: post.id === post.questionId ? '0' : post.id } : undefined;
}

/** The site's own URL as its general settings give it ('' when unset). */
async function siteUrlOf(cx: SeImport): Promise<string> {
  const general = await findGroup(cx.db, 'general');
  try {
    const raw: unknown = JSON.parse(general ?? '{}');
    if (raw && typeof raw === 'object' && typeof (raw as { site_url?: unknown }).site_url === 'string')
      return normaliseSiteUrl((raw as { site_url: string }).site_url);
  } catch {
    return '';
  }
  return '';
}

/**
 * PostLinks.xml: a link (type 1) lists the linking question under the linked one's "linked
 * questions". A duplicate link (type 3) of a question closed in the dump gives it the duplicate
 * close reason pointing at the original, as closing as a duplicate does; of an open question it
 * is a link. Rows of posts not imported are skipped.
 */
export async function importPostLinks(cx: SeImport): Promise<void> {
  const counts = cx.report.postLinks;
  const duplicate = await repo.configIdByKey(cx.db, 'reason.a_duplicate');
  const siteUrl = await siteUrlOf(cx);
  await cx.batches.eachRow('PostLinks.xml', async (trx, raw) => {
    counts.rows += 1;
    const parsed = postLinkRow.safeParse(raw);
    if (!parsed.success) return skip(counts, rowProblem(parsed.error));
    const l: PostLinkRow = parsed.data;
    const from = placeOf(cx.ids, l.PostId);
    const to = placeOf(cx.ids, l.RelatedPostId);
    if (!from) return skip(counts, 'unknown post (PostId)');
    if (!to) return skip(counts, 'unknown post (RelatedPostId)');
    if (from.questionId === to.questionId) return skip(counts, 'links its own question');
    let closedAsDuplicate = false;
    const failed = await cx.batches.atomically(trx, async (t) => {
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
      if (closedAsDuplicate) cx.report.duplicatesClosed += 1;
    }
  });
}
