import { renderMarkdown } from '../../infra/markdown/render.js';
import { tagSlug } from '../tag/tag.usage.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { licence, skip } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import { SE_WIKI_POST, type PostsRead } from './stackexchange-posts.js';
import * as repo from './stackexchange.repository.js';
import { tagRow } from './stackexchange.schema.js';

/** Tags.xml: the tag of each excerpt post id (and its wiki body's post id). */
export type ExcerptTags = Map<number, { slug: string; wikiPostId?: number }>;

/** Tags.xml: which excerpt and wiki posts belong to which tag. */
export async function readTags(cx: SeImport): Promise<ExcerptTags> {
  const excerptTags: ExcerptTags = new Map();
  await cx.batches.eachRow('Tags.xml', async (_trx, raw) => {
    const parsed = tagRow.safeParse(raw);
    if (!parsed.success || parsed.data.ExcerptPostId === undefined) return;
    excerptTags.set(parsed.data.ExcerptPostId, { slug: tagSlug(parsed.data.TagName), wikiPostId: parsed.data.WikiPostId });
  });
  return excerptTags;
}

/**
 * The tag a wiki excerpt belongs to when Tags.xml does not say: a tag named as "the X tag" or "tag
 * X" in its text; else the one tag first used in the week before the wiki was written (a wiki is
 * mostly written when its tag is new); else the first tag of the dump its text names.
 */
function guessWikiTag(tagFirstUse: Map<string, number>, text: string, created: number): string | undefined {
  const known = [...tagFirstUse.keys()].sort((a, b) => b.length - a.length);
  const lower = text.toLowerCase();
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = known.find((t) => new RegExp(`(^|[^\\w-])(${esc(t)}\\s+tag\\b|tag\\s+\\[?${esc(t)}\\]?(?![\\w-]))`).test(lower));
  if (named) return named;
  const recent = known.filter((t) => {
    const first = tagFirstUse.get(t)!;
    return first <= created && created - first <= 7 * 86400;
  });
  if (recent.length === 1) return recent[0];
  let best: { tag: string; at: number } | undefined;
  for (const t of known) {
    const m = new RegExp(`(^|[^\\w])${esc(t)}(?![\\w])`).exec(lower);
    if (m && (!best || m.index < best.at)) best = { tag: t, at: m.index };
  }
  return best?.tag;
}

/** Tag wiki excerpts and bodies (kept from Posts.xml) become the descriptions of their tags (a tag that has one keeps it). */
export async function importTagWikis(cx: SeImport, read: PostsRead, excerptTags: ExcerptTags): Promise<void> {
  const counts = cx.report.tagWikis;
  const { wikiPosts } = read;
  const excerpts = [...wikiPosts].filter(([, w]) => w.type === SE_WIKI_POST.excerpt).sort(([a], [b]) => a - b);
  for (const [id, excerpt] of excerpts) {
    counts.rows += 1;
    const mapped = excerptTags.get(id);
    // a wiki body is written with its excerpt, one id before it
    const wikiId = mapped?.wikiPostId ?? id - 1;
    const wiki = wikiPosts.get(wikiId)?.type === SE_WIKI_POST.body ? wikiPosts.get(wikiId) : undefined;
    const wikiMarkdown = wiki ? htmlToMarkdown(wiki.body).trim() : '';
    const excerptText = excerpt.body.replace(/\s+/g, ' ').trim();
    const slug = mapped?.slug ?? guessWikiTag(read.tagFirstUse, `${excerptText}\n${wikiMarkdown}`, excerpt.created);
    if (!slug) {
      skip(counts, 'tag not known (no Tags.xml, and the text names none)');
      continue;
    }
    const tag = await repo.tagBySlug(cx.db, slug);
    if (!tag) {
      skip(counts, 'tag not in the site');
      continue;
    }
    if (tag.original_text.trim() !== '') {
      counts.existing += 1;
      continue;
    }
    const text = [
      excerptText,
      wikiMarkdown,
      `*From the [${slug} tag wiki](${cx.site.url}/tags/${encodeURIComponent(slug)}/info) on ${cx.site.host}, licensed under ${licence(excerpt.created)}.*`,
    ]
      .filter(Boolean)
      .join('\n\n');
    await repo.describeTagIfBlank(cx.db, tag.id, text, await renderMarkdown(text));
    counts.imported += 1;
  }
}
