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
    const html = renderMarkdown(
      '<script>alert(1)</script><img src="x.png" onerror="alert(1)"> [x](javascript:alert(1)) <iframe src="https://e.com"></iframe> <a href="data:text/html,hi">d</a>',
    );
    expect(html).not.toMatch(/<script|onerror|href="javascript:|<iframe|data:text/);
    expect(html).toContain('<img src="x.png" />');
  });

  it('keeps kbd and site-relative links', () => {
    const html = renderMarkdown('<kbd>Ctrl</kbd> [q](/questions/1)');
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('<a href="/questions/1">q</a>');
  });
});

describe('renderMarkdown: classes and ids in user HTML', () => {
  it('drops classes the renderer does not make itself (a post cannot dress a link as an app button)', () => {
    const html = renderMarkdown(
      '<a href="/x" class="p-button p-button-danger">Delete account</a> <span class="sr-only hljs-keyword">s</span> <code class="language-js layout-topbar">c</code> <li class="footnote-item admin">x</li>',
    );
    expect(html).not.toMatch(/p-button|sr-only|layout-topbar|admin/);
    expect(html).toContain('<span class="hljs-keyword">s</span>');
    expect(html).toContain('<code class="language-js">c</code>');
  });

  it('keeps the classes of highlighted code, footnotes and their sub-scopes', () => {
    const html = renderMarkdown('text[^1]\n\n```ts\nclass A extends B { f() {} }\n```\n\n[^1]: note');
    expect(html).toContain('<code class="hljs language-ts">');
    expect(html).toContain('<span class="hljs-title class_ inherited__">B</span>');
    expect(html).toContain('<span class="hljs-title function_">f</span>');
    expect(html).toContain('<sup class="footnote-ref">');
    expect(html).toContain('<section class="footnotes">');
    expect(html).toContain('class="footnote-item"');
    expect(html).toContain('class="footnote-backref"');
    expect(html).toContain('<hr class="footnotes-sep" />');
  });

  it("prefixes every id with user-content- so a post cannot take the layout's ids", () => {
    const html = renderMarkdown('<div id="root">a</div> <span id="app-header">b</span> <a id="main" href="/x">c</a>\n\n## Setup');
    expect(html).not.toMatch(/id="(root|app-header|main|setup)"/);
    expect(html).toContain('<a id="user-content-main" href="/x">c</a>');
    expect(html).toContain('<h2 id="user-content-setup">Setup</h2>');
  });

  it('rewrites in-page links to the prefixed ids, so footnotes and heading links still work', () => {
    const html = renderMarkdown('# Install steps\n\nsee [below](#install-steps) and text[^n]\n\n[^n]: the note');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const targets = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets).toEqual(['user-content-install-steps', 'user-content-fn1', 'user-content-fnref1']);
    for (const t of targets) expect(ids).toContain(t);
    // written already prefixed, a link or id is not prefixed twice
    expect(renderMarkdown('<a id="user-content-x" href="#user-content-x">x</a>')).toBe(
      '<p><a id="user-content-x" href="#user-content-x">x</a></p>',
    );
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
