import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Stored post HTML (already sanitised by the markdown renderer: double-quoted attributes, only
// http, https and mailto schemes) made fit for the archive: this site's uploads copied in and
// pointed at relatively, links to its questions pointed at their pages, other site-absolute links
// dropped, and pictures from other origins shown as links instead of being loaded.

/** What rewriting needs: where uploads are, and where a question's page is. */
export interface ContentLinks {
  /** The site's base path ('' or '/qa'). */
  basePath: string;
  /** The uploads folder on disk. */
  uploadsRoot: string;
  /** A stored upload's path below uploads/ is one this server writes (upload.service's STORED_PATH). */
  isStoredUpload: (relPath: string) => boolean;
  /** A question's page path in the archive. */
  questionPath: (id: string) => string;
  /** Called with each upload the HTML uses (its path below uploads/), to copy it in. */
  useUpload: (relPath: string) => void;
}

const ESCAPED_AMP = /&amp;/g;

/** This site's upload below uploads/ for a site-relative URL, or null. */
function uploadOf(url: string, links: ContentLinks): string | null {
  const prefix = `${links.basePath}/uploads/`;
  if (!url.startsWith(prefix)) return null;
  const rel = url.slice(prefix.length).split(/[?#]/)[0];
  if (!links.isStoredUpload(rel) || !existsSync(join(links.uploadsRoot, rel))) return null;
  return rel;
}

/** Where a site-relative link goes in the archive (relative to `root`), or null to drop it. */
function archiveHref(url: string, root: string, links: ContentLinks): string | null {
  const upload = uploadOf(url, links);
  if (upload) {
    links.useUpload(upload);
    return `${root}uploads/${upload}`;
  }
  const path = url.startsWith(links.basePath) ? url.slice(links.basePath.length) : url;
  const question = /^\/questions\/(\d{1,32})(?:\/[^#?]*)?(#[\w-]*)?$/.exec(path);
  if (question) return `${root}${links.questionPath(question[1])}${question[2] ?? ''}`;
  return null;
}

/** The archive's copy of a stored post HTML, for a page `root` (its relative way back to the archive's root). */
export function archiveHtml(html: string, root: string, links: ContentLinks): string {
  // an image: this site's upload copied in; one from elsewhere shown as a link to it (never loaded)
  let out = html.replace(/<img\b([^>]*)>/g, (tag, attrs: string) => {
    const src = /\ssrc="([^"]*)"/.exec(attrs)?.[1]?.replace(ESCAPED_AMP, '&') ?? '';
    const alt = /\salt="([^"]*)"/.exec(attrs)?.[1] ?? '';
    if (src.startsWith('data:')) return tag;
    if (src.startsWith('/')) {
      const upload = uploadOf(src, links);
      if (!upload) return alt ? `<span class="missing-image">${alt}</span>` : '';
      links.useUpload(upload);
      return `<img${attrs.replace(/\ssrc="[^"]*"/, ` src="${root}uploads/${upload}"`)}>`;
    }
    if (/^https?:\/\//i.test(src))
      return `<a href="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" rel="nofollow noopener noreferrer">${alt || src.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</a>`;
    return alt ? `<span class="missing-image">${alt}</span>` : '';
  });
  // a link inside the site: to its page in the archive, or (a page the archive lacks) plain text
  out = out.replace(/<a\b([^>]*?)\shref="(\/[^"]*)"([^>]*)>/g, (_m, before: string, href: string, after: string) => {
    const to = href.startsWith('//') ? null : archiveHref(href.replace(ESCAPED_AMP, '&'), root, links);
    return to === null ? `<a${before}${after}>` : `<a${before} href="${to}"${after}>`;
  });
  return out;
}

/** The plain text of some HTML (for the search index): tags dropped, the common entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(
      /&(lt|gt|quot|#39|nbsp|amp);/g,
      (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', amp: '&' })[e] ?? ' ',
    );
}

/** Text escaped for HTML (element content and double-quoted attributes). */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
