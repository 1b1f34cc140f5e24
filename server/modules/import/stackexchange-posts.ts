import type { PendingRender } from './import-renders.js';
import { recountTags } from '../tag/tag-common.service.js';
import { attribution } from './stackexchange-authors.js';
import type { SeImport } from './stackexchange-context.js';
import * as repo from './stackexchange.repository.js';
import { answerRow, questionRow, wikiRow } from './stackexchange.schema.js';

/** A dump's tag-wiki posts by PostTypeId (4 the excerpt, 5 the body): Stack Exchange's codes, not ours. */
export const SE_WIKI_POST = { excerpt: 4, body: 5 } as const;
/** A tag-wiki post's type. */
export type WikiPostType = (typeof SE_WIKI_POST)[keyof typeof SE_WIKI_POST];
/** A tag-wiki post kept from Posts.xml for Tags.xml's pass. */
export interface WikiPost {
  type: WikiPostType;
  body: string;
  created: number;
}

/** What reading Posts.xml leaves for the steps after it (besides the id map). */
export interface PostsRead {
  /** Accepted answers (Stack Exchange ids) by local question id, marked once every answer is in. */
  readonly accepted: Map<string, number>;
  /** Questions found already imported (with their answers): recounted again, with their authors and tags. */
  readonly revisited: Set<string>;
  /** What the questions and answers changed, recounted at the end. */
  readonly touched: { questions: Set<string>; users: Set<number>; tags: Set<string> };
  /** Tag wiki posts (type 4 excerpts, type 5 bodies) by post id. */
  readonly wikiPosts: Map<number, WikiPost>;
  /** When each tag was first used by a question of the dump. */
  readonly tagFirstUse: Map<string, number>;
}

/** A Posts.xml pass with nothing read yet. */
export function emptyPostsRead(): PostsRead {
  return {
    accepted: new Map(),
    revisited: new Set(),
    touched: { questions: new Set(), users: new Set(), tags: new Set() },
    wikiPosts: new Map(),
    tagFirstUse: new Map(),
  };
}

/** What the questions (type '1') or answers ('2') of a batch will render: each body, and with its credit line. */
export function postTexts(cx: SeImport, batch: Record<string, string>[], type: '1' | '2'): PendingRender[] {
  const pending = new Map<string, Set<string>>();
  return batch.flatMap((raw) => {
    if (raw.PostTypeId !== type) return [];
    const parsed = (type === '1' ? questionRow : answerRow).safeParse(raw);
    if (!parsed.success || cx.ids.posts.has(parsed.data.Id)) return [];
    const p = parsed.data;
    const body = cx.batches.toMarkdown(p.Body);
    const credits = cx.authors.candidates(p.OwnerUserId, p.OwnerDisplayName, pending).map((owner) => ({
      text: body + attribution(cx.site, type === '1' ? 'q' : 'a', p.Id, owner, p.CreationDate),
      attribution: true,
    }));
    return [{ text: body, attribution: false }, ...credits];
  });
}

/** Keeps a tag-wiki post (type 4 or 5) of Posts.xml for the tags step. */
export function keepWikiPost(read: PostsRead, raw: Record<string, string>): void {
  const parsed = wikiRow.safeParse(raw);
  if (!parsed.success) return;
  const w = parsed.data;
  read.wikiPosts.set(w.Id, {
    type: w.PostTypeId === '4' ? SE_WIKI_POST.excerpt : SE_WIKI_POST.body,
    body: w.Body,
    created: w.CreationDate,
  });
}

/** Marks accepted answers, then recounts questions, users and tags. */
export async function finishPosts(cx: SeImport, read: PostsRead): Promise<void> {
  const { touched, revisited } = read;
  const trx = await cx.db.startTransaction().execute();
  try {
    for (const [questionId, seAnswerId] of read.accepted) {
      const answer = cx.ids.posts.get(seAnswerId);
      if (!answer || answer.questionId !== questionId || answer.id === questionId) continue;
      if (await repo.acceptAnswer(trx, questionId, answer.id)) cx.report.acceptedAnswers += 1;
    }
    if (revisited.size) {
      const again = await repo.authorsAndTagsOf(trx, [...revisited]);
      for (const id of revisited) touched.questions.add(id);
      for (const u of again.users) touched.users.add(u);
      for (const t of again.tags) touched.tags.add(t);
    }
    await repo.recountQuestions(trx, [...touched.questions]);
    await repo.recountUsers(trx, [...touched.users]);
    await recountTags(trx, [...touched.tags]);
    await trx.commit().execute();
  } catch (err) {
    await trx.rollback().execute();
    throw err;
  }
}
