import { UNINDEXED_TRAILER } from '../../db/dialect/sqlite-search.js';
import { renderMarkdown, urlTitle } from '../../infra/markdown/render.js';
import { escapeMarkdown } from './html-to-markdown.js';
import type { SeImport } from './stackexchange-context.js';
import type { ImportedPost } from './stackexchange-ids.js';
import * as repo from './stackexchange.repository.js';

/**
 * Links between posts of the imported site (https://<site>/questions/123/..., /q/123, /a/456,
 * relative /questions/123) are pointed at the local copies, once every post is in (a post may
 * link one imported after it). Links to posts not imported, and the attribution, stay as they are.
 */
export async function localiseLinks(cx: SeImport): Promise<void> {
  const { db, ids } = cx;
  const questionIds = [...new Set([...ids.posts.values()].map((p) => p.questionId))];
  const titles = await repo.questionTitles(db, questionIds);
  const rewrite = linkRewriter(cx.site.host, (seId) => ids.posts.get(seId), titles);
  const postIds = [...new Set([...ids.posts.values()].map((p) => p.id))];
  for (const table of ['question', 'answer'] as const) {
    for (let i = 0; i < postIds.length; i += 500) {
      const rows = await repo.postsWithLinks(db, table, postIds.slice(i, i + 500));
      for (const r of rows) {
        const cut = r.original_text.indexOf(UNINDEXED_TRAILER);
        const body = cut >= 0 ? r.original_text.slice(0, cut) : r.original_text;
        const localBody = rewrite(body);
        if (localBody === body) continue;
        const text = localBody + (cut >= 0 ? r.original_text.slice(cut) : '');
        const html = await renderMarkdown(text, { attribution: true });
        await db.transaction().execute(async (t) => {
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
  const comments = await repo.importedCommentsWithLinks(db, cx.site.host);
  for (const c of comments) {
    const text = rewrite(c.original_text);
    if (text !== c.original_text) await repo.setCommentText(db, c.id, text, await renderMarkdown(text));
  }
}

/**
 * Rewrites the links of markdown that point at posts of `host` known locally (`local` maps a Stack
 * Exchange post id to the local post and its question) to the local question (and answer) URL. A
 * bare URL becomes a markdown link with the question's title, since a site-relative path alone is
 * not turned into a link.
 */
export function linkRewriter(
  host: string,
  local: (seId: number) => ImportedPost | undefined,
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
        let answer: ImportedPost | undefined;
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
