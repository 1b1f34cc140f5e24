import { describe, expect, it } from 'vitest';
import { bodyHtml } from '../export/se-markdown.js';
import { htmlToMarkdown } from './html-to-markdown.js';

/** HTML → markdown → HTML twice: an export read back must give the same text again. */
const twice = (html: string) => {
  const first = bodyHtml(htmlToMarkdown(html));
  return { first, second: bodyHtml(htmlToMarkdown(first)) };
};

describe('htmlToMarkdown', () => {
  it('keeps text that looks like a tag as text, so the page shows the characters the dump showed', () => {
    const md = htmlToMarkdown('<p>Use &lt;a href="/x"&gt;here&lt;/a&gt; in the template</p>');
    expect(md).toBe('Use \\<a href="/x">here\\</a> in the template');
    const { first, second } = twice('<p>Use &lt;a href="/x"&gt;here&lt;/a&gt; in the template</p>');
    expect(first).toContain('&lt;a href=');
    expect(first).not.toContain('<a href');
    expect(second).toBe(first);
  });

  it('takes the whitespace out of a link that holds only an image, so a second round gives the same HTML', () => {
    const html =
      '<p><a href="https://a.example/u/1">\n<img src="https://a.example/1.png">\n</a>\n' +
      '<a href="https://b.example/u/2">\n<img src="https://b.example/2.png" alt="b" title="b">\n</a></p>';
    // turndown folds the newlines between the links into the first link's whitespace and drops it there, so the two
    // pictures touch (as they did before this rule); what this rule adds is that no space is left inside the second link
    const md = htmlToMarkdown(html);
    expect(md).toBe('[![](https://a.example/1.png)](https://a.example/u/1)[![b](https://b.example/2.png "b")](https://b.example/u/2)');
    expect(htmlToMarkdown('<p>see <a href="/q/1"> the question </a>and more</p>')).toBe('see [the question](/q/1) and more');
    const { first, second } = twice(html);
    expect(second).toBe(first);
  });

  it('keeps a link title and escapes parentheses in its address', () => {
    expect(htmlToMarkdown('<a href="https://e.example/a_(b)" title="the &quot;b&quot; page">b page</a>')).toBe(
      '[b page](https://e.example/a_\\(b\\) "the \\"b\\" page")',
    );
  });
});
