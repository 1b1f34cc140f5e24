import { describe, expect, it } from 'vitest';
import { htmlToExcerpt, renderMarkdown, urlTitle } from './render.js';

describe('renderMarkdown', () => {
  it('renders GFM: tables, strikethrough, autolinks, hard breaks and footnotes', () => {
    const html = renderMarkdown('a | b\n--|--\n1 | 2\n\n~~old~~ https://example.com\nline two[^1]\n\n[^1]: note');
    expect(html).toContain('<table>');
    expect(html).toContain('<s>old</s>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">https://example.com</a><br />');
    expect(html).toMatch(/footnote/);
  });

  it('highlights fenced code by language', () => {
    const html = renderMarkdown('```js\nconst x = 1;\n```');
    expect(html).toContain('<pre><code class="hljs language-js">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
  });

  it('removes scripts, event handlers, javascript: links and iframes', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src="x.png" onerror="alert(1)"> [x](javascript:alert(1)) <iframe src="https://e.com"></iframe> <a href="data:text/html,hi">d</a>');
    expect(html).not.toMatch(/<script|onerror|href="javascript:|<iframe|data:text/);
    expect(html).toContain('<img src="x.png" />');
  });

  it('keeps kbd and site-relative links', () => {
    const html = renderMarkdown('<kbd>Ctrl</kbd> [q](/questions/1)');
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('<a href="/questions/1">q</a>');
  });
});

describe('htmlToExcerpt and urlTitle', () => {
  it('makes a plain excerpt cut at 240 characters', () => {
    expect(htmlToExcerpt('<p>Hello <b>world</b></p><pre><code>x</code></pre>')).toBe('Hello world {code...}');
    expect(htmlToExcerpt(`<p>${'a'.repeat(300)}</p>`)).toBe(`${'a'.repeat(240)}...`);
  });

  it('slugs titles as the reference does', () => {
    expect(urlTitle('How do I use SQLite & Node?')).toBe('how-do-i-use-sqlite-and-node');
    expect(urlTitle('Café crème')).toBe('cafe-creme');
    expect(urlTitle('如何使用')).toBe('ru-he-shi-yong');
    expect(urlTitle('🎉🎉')).toBe('topic');
  });
});
