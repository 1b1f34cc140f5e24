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
