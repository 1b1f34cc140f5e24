import { createRequire } from 'node:module';
import type TurndownService from 'turndown';

// turndown (and the DOM it parses with) is loaded when an import first converts a post, not at the
// server's start: only imports need it
const requireOnUse = createRequire(import.meta.url);
let converter: TurndownService | undefined;

function makeConverter(): TurndownService {
  const Turndown = requireOnUse('turndown') as typeof TurndownService;
  const turndown = new Turndown({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    hr: '---',
    linkStyle: 'inlined',
  });
  // markup markdown has no syntax for stays as HTML; the renderer's sanitiser decides what survives
  turndown.keep(['kbd', 'sup', 'sub', 'del', 's']);
  turndown.remove(['script', 'style', 'iframe', 'object', 'embed', 'form']);
  // text that looks like a tag (a post quoting "<a href=...>" as text) stays text: unescaped, markdown would read it
  // as HTML, so the post would show a link (or nothing) where the dump showed the characters
  const escapeText = turndown.escape.bind(turndown);
  turndown.escape = (text: string) => escapeText(text).replace(/<(?=[A-Za-z/!?])/g, '\\<');
  // the whitespace at a link's ends goes outside it, as one space: turndown leaves it inside a link that holds only an
  // image ("<a>\n<img>\n</a>"), and the space then moves on every round trip
  turndown.addRule('inlineLinkTrimmed', {
    filter: (node) => node.nodeName === 'A' && !!(node as HTMLElement).getAttribute('href'),
    replacement: (content, node) => {
      const a = node as HTMLElement;
      const href = (a.getAttribute('href') ?? '').replace(/([()])/g, '\\$1');
      const title = (a.getAttribute('title') ?? '').replace(/(\n+\s*)+/g, '\n');
      const text = content.trim();
      const [before, after] = [text && /^\s/.test(content) ? ' ' : '', text && /\s$/.test(content) ? ' ' : ''];
      return `${before}[${text}](${href}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})${after}`;
    },
  });
  // Stack Exchange marks a code block's language as <pre class="lang-py ..."><code>
  turndown.addRule('fencedWithLanguage', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName === 'CODE',
    replacement: (_content, node) => {
      const pre = node as HTMLElement;
      const lang = /(?:^|\s)lang-([a-z0-9+#-]+)/i.exec(pre.getAttribute('class') ?? '')?.[1] ?? '';
      const code = (pre.firstChild as HTMLElement).textContent ?? '';
      const longest = Math.max(2, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
      const fence = '`'.repeat(longest + 1);
      return `\n\n${fence}${lang === 'none' ? '' : lang}\n${code.replace(/\n$/, '')}\n${fence}\n\n`;
    },
  });
  return turndown;
}

/** Markdown for a post body in HTML (Stack Exchange dumps store rendered HTML). */
export function htmlToMarkdown(html: string): string {
  return (converter ??= makeConverter()).turndown(html).trim();
}

/** Text with markdown's special characters escaped, for names put into generated markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+\-.!<>|~])/g, '\\$1');
}
