import { createRequire } from 'node:module';
import { decodeHTML } from 'entities';
import type { HLJSApi } from 'highlight.js';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import footnote from 'markdown-it-footnote';
import type * as PinyinPro from 'pinyin-pro';
import sanitizeHtml from 'sanitize-html';

// highlight.js with all its languages and pinyin-pro with its dictionary cost about 250 ms of a cold
// start together, and most requests need neither: each is loaded on first use (a code block that
// names a language; a title with Chinese characters), once per process
const requireOnUse = createRequire(import.meta.url);
let hljsApi: HLJSApi | undefined;
const hljs = (): HLJSApi => (hljsApi ??= requireOnUse('highlight.js') as HLJSApi);
let pinyinPro: typeof PinyinPro | undefined;
/** The title's words with Chinese characters spelt in pinyin (other text kept as it runs). */
const pinyinWords = (title: string): string[] =>
  (pinyinPro ??= requireOnUse('pinyin-pro') as typeof PinyinPro).pinyin(title, { toneType: 'none', type: 'array', nonZh: 'consecutive' });

const EXCERPT_SCAN = 16384;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const md = new MarkdownIt({
  html: true,
  linkify: true,
  breaks: true,
  highlight(code, lang) {
    const language = lang && hljs().getLanguage(lang) ? lang : '';
    const body = language ? hljs().highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
    return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>`;
  },
})
  .use(footnote)
  .use(anchor, { slugify: (s: string) => urlTitle(s) });

const TITLE_OK = /^[\p{L}\p{N} \-_',[\]!./\\()]*$/u;

/**
 * The class of the section holding an imported post's attribution (author, original link, licence):
 * shown under the post, left out of excerpts.
 */
export const ATTRIBUTION_CLASS = 'post-attribution';
const ATTRIBUTION_START = `<section class="${ATTRIBUTION_CLASS}">`;

/** User ids are prefixed so a post cannot take (or style itself as) one of the layout's ids. */
export const USER_ID_PREFIX = 'user-content-';
const prefixed = (id: string) => (id.startsWith(USER_ID_PREFIX) ? id : `${USER_ID_PREFIX}${id}`);

// A user-content allow-list: no scripts, styles elements, frames or event handlers; links and images
// only to http(s), mailto or site-relative paths; only the classes this renderer makes itself
// (highlighted code, footnotes); every id prefixed, and in-page links (#x) pointed at the prefixed id.
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'code',
    'del',
    'details',
    'dd',
    'div',
    'dl',
    'dt',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'input',
    'ins',
    'kbd',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    's',
    'section',
    'span',
    'strike',
    'strong',
    'sub',
    'summary',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'id', 'aria-label', 'data-footnote-ref', 'data-footnote-backref'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    li: ['id'],
    sup: ['id'],
    ol: ['start'],
    td: ['align', 'style'],
    th: ['align', 'style'],
    input: ['type', 'checked', 'disabled'],
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
  },
  allowedClasses: {
    // highlight.js: hljs-<scope> and its sub-scopes (class_, function_, inherited__)
    code: ['hljs', /^language-[\w+#.-]{1,40}$/],
    span: [/^hljs-[a-z0-9_-]{1,40}$/, /^[a-z]{1,20}_{1,3}$/],
    // markdown-it-footnote
    a: ['footnote-backref'],
    sup: ['footnote-ref'],
    // footnotes, and the attribution under imported posts (ATTRIBUTION_CLASS)
    section: ['footnotes', 'post-attribution'],
    ol: ['footnotes-list'],
    li: ['footnote-item'],
    hr: ['footnotes-sep'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.title && !TITLE_OK.test(out.title)) delete out.title;
      const href = out.href ?? '';
      if (/^https?:\/\//i.test(href)) out.rel = 'nofollow noopener noreferrer';
      if (href.length > 1 && href.startsWith('#')) out.href = `#${prefixed(href.slice(1))}`;
      return { tagName, attribs: out };
    },
    '*': (tagName, attribs) => (attribs.id ? { tagName, attribs: { ...attribs, id: prefixed(attribs.id) } } : { tagName, attribs }),
  },
};

/** Renders user markdown to sanitised HTML with highlighted code blocks. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(md.render(source), {
    ...SANITIZE,
    allowedAttributes: { ...SANITIZE.allowedAttributes, a: [...(SANITIZE.allowedAttributes as Record<string, string[]>).a, 'rel'] },
  }).trim();
}

/** Whether rendered HTML shows nothing: no text and no image. */
export function isBlankHtml(html: string): boolean {
  return !html.replace(/<[^>]*>/g, '').trim() && !/<img/i.test(html);
}

/** Plain text of rendered HTML, whitespace collapsed, cut to `max` characters with "...". */
export function htmlToExcerpt(html: string, max = 240): string {
  // Lists show an excerpt of every item: the HTML is our own sanitised output, so its tags can be
  // dropped by pattern (a parser per item cost a tenth of a list request at 100k questions), and
  // only its beginning is read (enough for `max` characters of text in all but tag-only posts).
  let head = html.length > EXCERPT_SCAN ? html.slice(0, EXCERPT_SCAN) : html;
  const attribution = head.indexOf(ATTRIBUTION_START);
  if (attribution >= 0) head = head.slice(0, attribution);
  const text = decodeHTML(head.replace(/<pre[\s\S]*?(<\/pre>|$)/gi, ' {code...} ').replace(/<[^>]*(>|$)/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

const REPLACE: Record<string, string> = { '&': ' and ', '@': ' at ' };

/** The URL slug of a title (url_title): Chinese to pinyin, accents stripped, [a-z0-9-], at most 150 bytes. */
export function urlTitle(title: string): string {
  const withPinyin = /[\u4e00-\u9fff]/.test(title) ? pinyinWords(title).join('-') : title;
  const ascii = Array.from(withPinyin)
    .filter((c) => c.codePointAt(0)! < 0x10000)
    .map((c) => REPLACE[c] ?? c)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = ascii.slice(0, 150).replace(/-+$/, '');
  return cut || 'topic';
}
