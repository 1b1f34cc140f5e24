import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { urlTitle } from '../../infra/markdown/render.js';
import { idOut } from '../../infra/ids/object-id.js';
import { normaliseSiteUrl } from '../config/site-url.js';
import { countPublicQuestions, publicQuestionPage } from './seo.repository.js';

/** The most URLs one sitemap file may hold (sitemaps.org); past it /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function isoDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A question's address under the permalink setting (1 id/slug, 2 id, 3 short id/slug, 4 short id). */
function questionPath(id: string, title: string, permalink: number): string {
  const shown = idOut(id, permalink);
  return permalink === 1 || permalink === 3 ? `/questions/${shown}/${urlTitle(title)}` : `/questions/${shown}`;
}

/** What a sitemap request is answered with. */
export interface SitemapOptions {
  /** Absolute site address without a trailing slash (the site URL, else the request's origin). */
  origin: string;
  /** The seo.permalink setting. */
  permalink: number;
  /** URLs per file (SITEMAP_MAX_URLS; tests make it small). */
  perFile?: number;
}

/**
 * /sitemap.xml: the questions anyone may read, or with more than one file's worth an index of
 * /sitemap/question-N.xml files. `page` is null for /sitemap.xml, else N; an N past the last file is 404.
 */
export async function sitemapXml(ctx: AppContext, page: number | null, opts: SitemapOptions): Promise<string> {
  const perFile = opts.perFile ?? SITEMAP_MAX_URLS;
  const origin = normaliseSiteUrl(opts.origin);
  const total = await countPublicQuestions(ctx.db);
  const files = Math.max(1, Math.ceil(total / perFile));
  if (page === null && files > 1) {
    const now = isoDate(ctx.clock.now());
    const entries = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap/question-${i + 1}.xml`)}</loc><lastmod>${now}</lastmod></sitemap>`,
    );
    return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  const n = page ?? 1;
  if (n < 1 || n > files) throw notFound();
  const rows = await publicQuestionPage(ctx.db, (n - 1) * perFile, perFile);
  const urls = rows.map(
    (q) =>
      `<url><loc>${xmlEscape(origin + questionPath(q.id, q.title, opts.permalink))}</loc><lastmod>${isoDate(q.changed)}</lastmod></url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}
