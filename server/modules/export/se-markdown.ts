import MarkdownIt from 'markdown-it';
import { UNINDEXED_TRAILER } from '../../db/dialect/sqlite-search.js';

// The dump's Body attribute is HTML, as Stack Exchange renders it: a fenced block's language on the
// <pre> as class "lang-x", which is what the importer's HTML-to-markdown step reads back. Line
// breaks and bare links as Lantern shows them (breaks, linkify); no sanitiser: the importer
// sanitises when it renders.
let renderer: InstanceType<typeof MarkdownIt> | undefined;

function dumpRenderer(): InstanceType<typeof MarkdownIt> {
  if (renderer) return renderer;
  const md = new MarkdownIt({ html: true, linkify: true, breaks: true });
  const escape = md.utils.escapeHtml;
  md.renderer.rules.fence = (tokens, idx) => {
    const token = tokens[idx];
    const lang = token.info.trim().split(/\s+/)[0] ?? '';
    const cls = /^[a-z0-9+#-]+$/i.test(lang) ? ` class="lang-${lang}"` : '';
    return `<pre${cls}><code>${escape(token.content)}</code></pre>\n`;
  };
  // other markup (a "<location>" placeholder typed as text, a <div>) stays text: an import would
  // drop it for good (the site's sanitiser already hides it when showing the post)
  const keepOrEscape = (content: string) => (isKnownMarkup(content) ? content : escape(content));
  md.renderer.rules.html_inline = (tokens, idx) => keepOrEscape(tokens[idx].content);
  // a raw HTML block would come back from an import as paragraphs of markdown, not as itself: text too
  md.renderer.rules.html_block = (tokens, idx) => `<p>${escape(tokens[idx].content.trim())}</p>\n`;
  return (renderer = md);
}

// the elements the importer's HTML-to-markdown step turns back into markdown or keeps as HTML
const ELEMENTS = new Set('a b blockquote br code del em h1 h2 h3 h4 h5 h6 hr i img kbd li ol p pre s strong sub sup ul'.split(' '));

/** Whether raw markup in markdown is HTML an import reads back, not text that looks like a tag (or markup it would drop). */
function isKnownMarkup(content: string): boolean {
  const trimmed = content.trimStart();
  const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(trimmed)?.[1];
  return name !== undefined && ELEMENTS.has(name.toLowerCase());
}

/** A post body (markdown) as the dump's HTML Body. */
export function bodyHtml(markdown: string): string {
  return markdown.trim() ? dumpRenderer().render(markdown) : '';
}

/** A post's markdown without the importer's credit section (everything from the unindexed marker on). */
export function withoutPostCredit(markdown: string): string {
  const cut = markdown.indexOf(UNINDEXED_TRAILER);
  return (cut >= 0 ? markdown.slice(0, cut) : markdown).trimEnd();
}

// " — *Name on [host](https://host/posts/comments/12), [CC BY-SA 3.0](...)*" at the end of an imported comment
const COMMENT_CREDIT =
  / — \*(?:\[(?:\\.|[^\]\\\n])*\]\(https?:\/\/[^)\s]+\)|[^\n]*?) on \[[^\]\n]+\]\(https?:\/\/[^)\s]+\/posts\/comments\/\d+\), \[CC BY-SA [34]\.0\]\(https:\/\/creativecommons\.org\/licenses\/by-sa\/[34]\.0\/\)\*$/;

/** A comment's markdown without the credit the importer appended. */
export function withoutCommentCredit(markdown: string): string {
  return markdown.replace(COMMENT_CREDIT, '').trim();
}

// "*From the [slug tag wiki](https://host/tags/slug/info) on host, licensed under [CC BY-SA 4.0](...).*"
const WIKI_CREDIT =
  /\n*\*From the \[[^\]\n]+ tag wiki\]\(https?:\/\/[^)\s]+\/info\) on [^\s,]+, licensed under \[CC BY-SA [34]\.0\]\(https:\/\/creativecommons\.org\/licenses\/by-sa\/[34]\.0\/\)\.\*$/;

/** A tag's description as the dump's excerpt (first paragraph, plain text) and wiki body (the rest, markdown). */
export function tagWikiParts(description: string): { excerpt: string; wiki: string } {
  const text = description.replace(WIKI_CREDIT, '').trim();
  const cut = text.search(/\n\s*\n/);
  if (cut < 0) return { excerpt: text.replace(/\s+/g, ' '), wiki: '' };
  return { excerpt: text.slice(0, cut).replace(/\s+/g, ' ').trim(), wiki: text.slice(cut).trim() };
}

/**
 * Rewrites links to this site's own questions and answers (`/questions/<id>/<slug>[/<answer id>]`,
 * as the importer localised them or a member wrote them) to the dump's post URLs, so that an import
 * of the dump points them at its own copies again. Links to posts not exported stay.
 */
export function dumpLinks(markdown: string, host: string, postId: (localId: string) => number | undefined): string {
  return markdown.replace(
    /(?<![\w.\-/])(?:https?:\/\/[^\s/()"'<>]+)?\/questions\/(\d{13,20})(?:\/[^\s()[\]"'<>?#/]*)?(?:\/(\d{13,20}))?(?![\w/])/g,
    (match: string, q: string, a?: string) => {
      const answer = a ? postId(a) : undefined;
      if (answer !== undefined) return `https://${host}/a/${answer}`;
      const question = postId(q);
      return question !== undefined ? `https://${host}/questions/${question}` : match;
    },
  );
}
