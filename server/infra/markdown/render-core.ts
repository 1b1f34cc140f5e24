import type { HLJSApi } from 'highlight.js';
import type MarkdownItConstructor from 'markdown-it';
import type * as PinyinPro from 'pinyin-pro';
import type sanitizeHtmlType from 'sanitize-html';

/** How one render may differ from the default (a member's post). */
export interface RenderOptions {
  /** Highlight fenced code that names a language (within the size limits below); default true. */
  highlight?: boolean;
  /**
   * The text ends with the importer's credit line, `<section class="post-attribution">...</section>`,
   * which keeps its class: only for text the importer wrote, or an edit that keeps its credit line
   * unchanged (keepsAttribution in render.ts). Any other section loses that class.
   */
  attribution?: boolean;
}

/** What the renderer makes: markdown to sanitised HTML, and titles to URL slugs. */
export interface Renderer {
  render(source: string, options?: RenderOptions): string;
  urlTitle(title: string): string;
}

/** Code blocks longer than this are shown escaped, not highlighted (highlight.js is slow on long input). */
export const HIGHLIGHT_MAX_CHARS = 16384;
/** Nor are blocks with a line longer than this: highlight.js is quadratic on a long token (C++: 5 ms for 256 characters, 100 ms for 4 KB). */
export const HIGHLIGHT_MAX_LINE = 256;
/** At most this many characters of code are highlighted in one document; later blocks are escaped. */
export const HIGHLIGHT_MAX_TOTAL = 32768;

/**
 * Work caps per document, for the shapes markdown-it is slow on (measured with bench/render-shapes.ts):
 * - `linkScan`: characters that link and image labels of one paragraph may scan looking for their
 *   `]` (four times as many in the whole document). A run of `[` (or `![`) makes each one scan to the
 *   end of its paragraph: quadratic (64 KB: 1-3 s). Past the cap a `[` is plain text.
 * - `autolinks`: links made from bare URLs and e-mail addresses (linkify); each costs a URL parse,
 *   punycode and sanitising (6,000 in 64 KB: 2-3 s). Past the cap the text stays text.
 * - `tableCells`: cells rendered as tables (a 64 KB table has 32,000); later rows, and tables past it,
 *   stay text. `tableCols`: a table wider than this stays text.
 * - `footnotes`: footnote definitions (and inline footnotes); markdown-it-footnote copies the whole
 *   token list once per footnote (quadratic: 2,000 in 44 KB took 0.5-2 s). Past the cap they stay text.
 * - `breaks`: line breaks shown as `<br />`; each costs two tokens and a tag to sanitise (32,000 short
 *   lines: 0.35 s). Past the cap a line break is a plain newline (the lines run on).
 */
export const RENDER_WORK_LIMITS = Object.freeze({
  linkScan: 500_000,
  autolinks: 500,
  tableCells: 2500,
  tableCols: 64,
  footnotes: 100,
  breaks: 4000,
});

/**
 * Builds the renderer from `load` (require, or the worker's loader by module id). The request thread
 * and the render workers (render-worker.ts, their entry) both build it, so the same code renders on
 * either thread; the worker is handed the modules' resolved paths and the size limits (workerData).
 * Modules load on first use: highlight.js when a block names a language, pinyin-pro when a title has
 * Chinese characters, markdown-it on the first render.
 */
export function makeRenderer(
  load: (id: string) => unknown,
  limits: {
    maxChars: number;
    maxLine: number;
    maxTotal: number;
    attributionClass: string;
    idPrefix: string;
    work: { linkScan: number; autolinks: number; tableCells: number; tableCols: number; footnotes: number; breaks: number };
  },
): Renderer {
  const interop = (m: unknown) => ((m as { default?: unknown }).default ?? m) as never;
  let hljsApi: HLJSApi | undefined;
  const hljs = (): HLJSApi => (hljsApi ??= load('highlight.js') as HLJSApi);
  let pinyinPro: typeof PinyinPro | undefined;
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  const REPLACE: Record<string, string> = { '&': ' and ', '@': ' at ' };
  const urlTitle = (title: string): string => {
    const withPinyin = /[\u4e00-\u9fff]/.test(title)
      ? (pinyinPro ??= load('pinyin-pro') as typeof PinyinPro)
          .pinyin(title, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
          .join('-')
      : title;
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
  };

  // per render: whether to highlight, how many characters of code it may still highlight, and what
  // is left of the work caps (limits.work)
  const state = { highlight: true, budget: 0, linkScan: 0, autolinks: 0, tableCells: 0, footnotes: 0, breaks: 0 };
  const highlightable = (code: string): boolean => {
    if (!state.highlight || code.length > limits.maxChars || code.length > state.budget) return false;
    let start = 0;
    while (start <= code.length) {
      let end = code.indexOf('\n', start);
      if (end < 0) end = code.length;
      if (end - start > limits.maxLine) return false;
      start = end + 1;
    }
    return true;
  };

  type MarkdownItType = InstanceType<typeof MarkdownItConstructor>;
  let md: MarkdownItType | undefined;
  const markdown = (): MarkdownItType => {
    if (md) return md;
    const MarkdownIt = interop(load('markdown-it')) as typeof MarkdownItConstructor;
    md = new MarkdownIt({
      html: true,
      linkify: true,
      breaks: true,
      highlight(code: string, lang: string) {
        const language = lang && highlightable(code) && hljs().getLanguage(lang) ? lang : '';
        if (language) state.budget -= code.length;
        const body = language ? hljs().highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
        return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>`;
      },
    })
      .use(interop(load('markdown-it-footnote')))
      .use(interop(load('markdown-it-anchor')), { slugify: (s: string) => urlTitle(s) });
    capWork(md);
    return md;
  };

  type Rule<A extends unknown[]> = (...args: A) => boolean;
  type Ruler = { __rules__: { name: string; fn: Rule<never[]> }[]; __cache__: unknown };
  /** Replaces rule `name` of `ruler` with `wrap(itself)`, keeping its place and the rules it may interrupt. */
  const wrapRule = <A extends unknown[]>(ruler: unknown, name: string, wrap: (rule: Rule<A>) => Rule<A>): void => {
    const r = ruler as Ruler;
    const entry = r.__rules__.find((e) => e.name === name)!;
    entry.fn = wrap(entry.fn as unknown as Rule<A>) as unknown as Rule<never[]>;
    r.__cache__ = null;
  };
  /** Wraps the rules that are slow on hostile shapes so each document stays within limits.work. */
  const capWork = (it: MarkdownItType): void => {
    type InlineState = { pos: number; posMax: number; src: string };
    // links and images: charge each label's scan (to its `]`, or to the paragraph's end when none),
    // per paragraph (a run of [ in one leaves the links of the others) and per document (4 times as much)
    let paragraph: InlineState | undefined;
    let paragraphScan = 0;
    for (const name of ['link', 'image'])
      wrapRule<[InlineState, boolean]>(it.inline.ruler, name, (rule) => (s, silent) => {
        const ch = s.src.charCodeAt(s.pos);
        if (ch !== 0x5b && ch !== 0x21) return false;
        if (s !== paragraph) {
          paragraph = s;
          paragraphScan = limits.work.linkScan;
        }
        if (paragraphScan <= 0 || state.linkScan <= 0) return false;
        const from = s.pos;
        const ok = rule(s, silent);
        const scanned = ok ? s.pos - from : s.posMax - from;
        paragraphScan -= scanned;
        state.linkScan -= scanned;
        return ok;
      });
    // bare URLs: at most limits.work.autolinks per document
    const linkify = it.linkify as unknown as {
      test(t: string): boolean;
      match(t: string): { index: number }[] | null;
      matchAtStart(t: string): unknown;
    };
    const test = linkify.test.bind(linkify);
    const match = linkify.match.bind(linkify);
    const matchAtStart = linkify.matchAtStart.bind(linkify);
    linkify.test = (t) => state.autolinks > 0 && test(t);
    linkify.match = (t) => {
      const found = match(t) ?? [];
      const kept = found.slice(0, Math.max(0, state.autolinks));
      state.autolinks -= kept.length;
      return kept;
    };
    linkify.matchAtStart = (t) => {
      if (state.autolinks <= 0) return null;
      const found = matchAtStart(t);
      if (found) state.autolinks -= 1;
      return found;
    };
    // tables: at most limits.work.tableCols wide, limits.work.tableCells per document; rows past it stay text
    type BlockState = { src: string; bMarks: number[]; eMarks: number[]; tShift: number[]; line: number };
    wrapRule<[BlockState, number, number, boolean]>(it.block.ruler, 'table', (table) => (s, startLine, endLine, silent) => {
      if (startLine + 2 > endLine) return false;
      const delimiter = s.src.slice(s.bMarks[startLine + 1]! + s.tShift[startLine + 1]!, s.eMarks[startLine + 1]);
      const cols = delimiter.split('|').filter((c) => c.trim()).length;
      if (cols > limits.work.tableCols) return false;
      const rows = Math.floor(state.tableCells / Math.max(1, cols)) - 1;
      if (rows < 1) return false;
      if (silent) return table(s, startLine, endLine, true);
      const ok = table(s, startLine, Math.min(endLine, startLine + 1 + rows), false);
      if (ok) state.tableCells -= (s.line - startLine) * cols;
      return ok;
    });
    // footnotes: at most limits.work.footnotes definitions and inline footnotes per document
    const counted =
      <A extends unknown[]>(silentAt: number) =>
      (rule: Rule<A>): Rule<A> =>
      (...args: A) => {
        if (state.footnotes <= 0) return false;
        const ok = rule(...args);
        if (ok && !args[silentAt]) state.footnotes -= 1;
        return ok;
      };
    wrapRule(it.block.ruler, 'footnote_def', counted(3));
    wrapRule(it.inline.ruler, 'footnote_inline', counted(1));
    // line breaks: past limits.work.breaks, plain newlines (joined with the text around them next)
    type Token = { type: string; content: string; children: Token[] | null };
    it.core.ruler.before('text_join', 'cap_breaks', ((s: { tokens: Token[] }) => {
      for (const block of s.tokens) {
        if (block.type !== 'inline' || !block.children) continue;
        for (const t of block.children)
          if ((t.type === 'softbreak' || t.type === 'hardbreak') && --state.breaks < 0) {
            t.type = 'text';
            t.content = '\n';
          }
      }
    }) as never);
  };

  const TITLE_OK = /^[\p{L}\p{N} \-_',[\]!./\\()]*$/u;
  const prefixed = (id: string) => (id.startsWith(limits.idPrefix) ? id : `${limits.idPrefix}${id}`);
  // A user-content allow-list: no scripts, styles elements, frames or event handlers; links and images
  // only to http(s), mailto or site-relative paths; only the classes this renderer makes itself
  // (highlighted code, footnotes); every id prefixed, and in-page links (#x) pointed at the prefixed id.
  const sanitizeOptions = (attribution: boolean): sanitizeHtmlType.IOptions => ({
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
      a: ['href', 'title', 'id', 'aria-label', 'data-footnote-ref', 'data-footnote-backref', 'rel'],
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
      // footnotes, and (only in imported text) the attribution under imported posts
      section: attribution ? ['footnotes', limits.attributionClass] : ['footnotes'],
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
  });
  let sanitizers: { member: sanitizeHtmlType.IOptions; imported: sanitizeHtmlType.IOptions } | undefined;

  const renderPart = (source: string, attribution: boolean): string => {
    const sanitizeHtml = interop(load('sanitize-html')) as typeof sanitizeHtmlType;
    sanitizers ??= { member: sanitizeOptions(false), imported: sanitizeOptions(true) };
    return sanitizeHtml(markdown().render(source), attribution ? sanitizers.imported : sanitizers.member).trim();
  };
  const render = (source: string, options: RenderOptions = {}): string => {
    state.highlight = options.highlight !== false;
    state.budget = limits.maxTotal;
    state.linkScan = limits.work.linkScan * 4;
    state.autolinks = limits.work.autolinks;
    state.tableCells = limits.work.tableCells;
    state.footnotes = limits.work.footnotes;
    state.breaks = limits.work.breaks;
    if (!options.attribution) return renderPart(source, false);
    // The credit line is the text's last section, rendered on its own with its class; the text
    // before it is the post's, rendered as any member's (a section it holds loses the class)
    const open = `<section class="${limits.attributionClass}">`;
    const at = source.lastIndexOf(open);
    const tail = at >= 0 ? source.slice(at) : '';
    if (!tail || !tail.trimEnd().endsWith('</section>') || tail.indexOf('<section', 1) >= 0) return renderPart(source, false);
    const head = renderPart(source.slice(0, at), false);
    return head ? `${head}\n${renderPart(tail, true)}` : renderPart(tail, true);
  };

  return { render, urlTitle };
}
