import { describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { HIGHLIGHT_MAX_CHARS, HIGHLIGHT_MAX_LINE } from './render-core.js';
import { htmlToExcerpt, keepsAttribution, plainTextHtml, renderMarkdown, urlTitle } from './render.js';

describe('renderMarkdown', () => {
  it('renders GFM: tables, strikethrough, autolinks, hard breaks and footnotes', async () => {
    const html = await renderMarkdown('a | b\n--|--\n1 | 2\n\n~~old~~ https://example.com\nline two[^1]\n\n[^1]: note');
    expect(html).toContain('<table>');
    expect(html).toContain('<s>old</s>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">https://example.com</a><br />');
    expect(html).toMatch(/footnote/);
  });

  it('highlights fenced code by language', async () => {
    const html = await renderMarkdown('```js\nconst x = 1;\n```');
    expect(html).toContain('<pre><code class="hljs language-js">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
  });

  it('removes scripts, event handlers, javascript: links and iframes', async () => {
    const html = await renderMarkdown(
      '<script>alert(1)</script><img src="x.png" onerror="alert(1)"> [x](javascript:alert(1)) <iframe src="https://e.com"></iframe> <a href="data:text/html,hi">d</a>',
    );
    expect(html).not.toMatch(/<script|onerror|href="javascript:|<iframe|data:text/);
    expect(html).toContain('<img src="x.png" />');
  });

  it('keeps kbd and site-relative links', async () => {
    const html = await renderMarkdown('<kbd>Ctrl</kbd> [q](/questions/1)');
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('<a href="/questions/1">q</a>');
  });
});

describe('renderMarkdown: classes and ids in user HTML', () => {
  it('drops classes the renderer does not make itself (a post cannot dress a link as an app button)', async () => {
    const html = await renderMarkdown(
      '<a href="/x" class="p-button p-button-danger">Delete account</a> <span class="sr-only hljs-keyword">s</span> <code class="language-js layout-topbar">c</code> <li class="footnote-item admin">x</li>',
    );
    expect(html).not.toMatch(/p-button|sr-only|layout-topbar|admin/);
    expect(html).toContain('<span class="hljs-keyword">s</span>');
    expect(html).toContain('<code class="language-js">c</code>');
  });

  it('keeps the classes of highlighted code, footnotes and their sub-scopes', async () => {
    const html = await renderMarkdown('text[^1]\n\n```ts\nclass A extends B { f() {} }\n```\n\n[^1]: note');
    expect(html).toContain('<code class="hljs language-ts">');
    expect(html).toContain('<span class="hljs-title class_ inherited__">B</span>');
    expect(html).toContain('<span class="hljs-title function_">f</span>');
    expect(html).toContain('<sup class="footnote-ref">');
    expect(html).toContain('<section class="footnotes">');
    expect(html).toContain('class="footnote-item"');
    expect(html).toContain('class="footnote-backref"');
    expect(html).toContain('<hr class="footnotes-sep" />');
  });

  it("prefixes every id with user-content- so a post cannot take the layout's ids", async () => {
    const html = await renderMarkdown('<div id="root">a</div> <span id="app-header">b</span> <a id="main" href="/x">c</a>\n\n## Setup');
    expect(html).not.toMatch(/id="(root|app-header|main|setup)"/);
    expect(html).toContain('<a id="user-content-main" href="/x">c</a>');
    expect(html).toContain('<h2 id="user-content-setup">Setup</h2>');
  });

  it('rewrites in-page links to the prefixed ids, so footnotes and heading links still work', async () => {
    const html = await renderMarkdown('# Install steps\n\nsee [below](#install-steps) and text[^n]\n\n[^n]: the note');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const targets = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets).toEqual(['user-content-install-steps', 'user-content-fn1', 'user-content-fnref1']);
    for (const t of targets) expect(ids).toContain(t);
    // written already prefixed, a link or id is not prefixed twice
    expect(await renderMarkdown('<a id="user-content-x" href="#user-content-x">x</a>')).toBe(
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

/**
 * Runs `work` while a 5 ms timer ticks on this thread: the longest this thread went without a tick
 * (ms, counted to the end of the work; wall time, so a busy machine adds to it), the time this
 * thread spent running code meanwhile (ms, its event loop's active time: what a render on it costs,
 * whatever the machine's load), and how long the work took.
 */
async function stallDuring<T>(work: () => Promise<T>): Promise<{ value: T; stall: number; busy: number; ms: number }> {
  const started = Date.now();
  const loop = performance.eventLoopUtilization();
  let last = started;
  let stall = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 5);
  try {
    const value = await work();
    const end = Date.now();
    const busy = performance.eventLoopUtilization(loop).active;
    return { value, stall: Math.max(stall, end - last), busy, ms: end - started };
  } finally {
    clearInterval(timer);
  }
}

describe('renderMarkdown: bounded in time whatever the input', () => {
  it('a 64 KB js block of one long token is shown escaped, quickly, without stalling this thread', async () => {
    await renderMarkdown('```js\nconst warm = 1;\n```'); // the workers' start is not what is measured
    const token = `${'a'.repeat(65536)}<b>`;
    const { value, stall, busy, ms } = await stallDuring(() => renderMarkdown(`\`\`\`js\n${token}\n\`\`\``));
    expect(busy).toBeLessThan(500);
    expect(value).toBe(`<pre><code class="hljs">${'a'.repeat(65536)}&lt;b&gt;\n</code></pre>`);
    expect(stall).toBeLessThan(500);
    expect(ms).toBeLessThan(5000);
  }, 30_000);

  it('highlights only blocks under the size and line limits', async () => {
    const long = await renderMarkdown(`\`\`\`js\nconst a = '${'x'.repeat(HIGHLIGHT_MAX_LINE)}';\n\`\`\``);
    expect(long).toContain('<pre><code class="hljs">const a = ');
    expect(long).not.toContain('hljs-keyword');
    const big = await renderMarkdown(`\`\`\`js\n${'const a = 1;\n'.repeat(HIGHLIGHT_MAX_CHARS / 10)}\`\`\``);
    expect(big).toContain('<pre><code class="hljs">const a = 1;');
    expect(big).not.toContain('hljs-keyword');
    const fine = await renderMarkdown(`\`\`\`js\n${'const a = 1;\n'.repeat(100)}\`\`\``);
    expect(fine.match(/hljs-keyword/g)).toHaveLength(100);
  });

  const K64 = 64 * 1024;
  it.each([
    ['a 64 KB table', `a|b\n-|-\n${'x|y\n'.repeat(K64 / 4)}`],
    ['64 KB of autolinks', 'http://a.b '.repeat(K64 / 11)],
    ['a 64 KB run of [', '['.repeat(K64)],
    ['64 KB of [ lines', '[\n'.repeat(K64 / 2)],
    ['64 KB of ![ runs', '!['.repeat(K64 / 2)],
    ['64 KB of e-mail autolinks', 'x@a.b '.repeat(K64 / 6)],
  ])(
    '%s renders (or falls back to escaped text) without stalling this thread',
    async (_name, hostile) => {
      const { value, stall, busy, ms } = await stallDuring(() => renderMarkdown(`${hostile}\n\n<script>alert(1)</script>`));
      // rendered on this thread these cost it 0.2-3 s (the old renderer); the pool, ~10 ms a stopped worker (more under vitest)
      expect(busy).toBeLessThan(500);
      expect(value.length).toBeGreaterThan(K64 / 2);
      expect(value).not.toContain('<script');
      // wall time: generous, as the machine's load adds to it
      expect(stall).toBeLessThan(1000);
      // the deadline (2 s), once: a worker stopped, the text shown escaped (waiting for a free worker aside)
      expect(ms).toBeLessThan(8000);
    },
    30_000,
  );

  it('a render past its deadline is stopped and falls back to paragraphs of escaped text; the next render works', async () => {
    // a table of 2,400 cells costs a warm worker ~100 ms of CPU: past the 1 ms deadline whatever the
    // granularity of the thread's CPU clock (a short text could finish before the pool looks at it)
    const table = `| a | b |\n|---|---|\n${'| x | y |\n'.repeat(1200)}`;
    const source = `# Title\n\n<b>bold</b> & "q"\nline two ${'word '.repeat(400)}\n\n${table}\n\n\`\`\`js\nconst x = 1;\n\`\`\``;
    const html = await renderMarkdown(source, { deadlineMs: 1 });
    expect(html).toBe(plainTextHtml(source));
    expect(html.startsWith(`<p># Title</p>\n<p>&lt;b&gt;bold&lt;/b&gt; &amp; &quot;q&quot;<br />\nline two word`)).toBe(true);
    expect(html.endsWith(`<p>\`\`\`js<br />\nconst x = 1;<br />\n\`\`\`</p>`)).toBe(true);
    const again = await renderMarkdown(source);
    expect(again).toContain('<h1 id="user-content-title">Title</h1>');
    expect(again).toContain('<span class="hljs-keyword">const</span>');
  }, 30_000);

  it('plainTextHtml escapes every tag', () => {
    expect(plainTextHtml('<img src=x onerror=alert(1)>\n\n\n a & b ')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>\n<p>a &amp; b</p>');
  });
});

describe("renderMarkdown: only the importer's credit line is styled as one", () => {
  const credit =
    '<section class="post-attribution">\n\n---\n\n*Originally posted by Ann on [example.org](https://example.org/q/1).*\n\n</section>';

  it('a member cannot write a post-attribution section', async () => {
    for (const spoof of [
      '<section class="post-attribution">Originally posted by Jon Skeet</section>',
      `Text\n\n${credit}`,
      '<section class="footnotes post-attribution">x</section>',
      '<section class="post&#45;attribution">x</section>',
      `${'long text '.repeat(100)}\n\n${credit}`,
    ]) {
      const html = await renderMarkdown(spoof);
      expect(html).not.toContain('post-attribution');
      expect(html).toContain('<section');
    }
  });

  it("the importer's text keeps its credit line's class, and only that one", async () => {
    const html = await renderMarkdown(
      `Body[^1]\n\n<section class="post-attribution">fake</section>\n\n[^1]: <section class="post-attribution">x</section>\n\n<!-- attribution -->\n\n${credit}`,
      {
        attribution: true,
      },
    );
    expect(html.match(/post-attribution/g)).toHaveLength(1);
    expect(html).toMatch(
      /<section class="post-attribution">\n<hr \/>\n<p><em>Originally posted by Ann on <a href="https:\/\/example.org\/q\/1" rel="nofollow noopener noreferrer">example.org<\/a>.<\/em><\/p>\n<\/section>$/,
    );
    expect(html).toContain('<section>fake</section>');
  });

  it('an edit keeps the credit line only when it leaves it as it was', () => {
    const imported = `Body\n\n<!-- attribution -->\n\n${credit}`;
    expect(keepsAttribution(imported, `New body\n\n<!-- attribution -->\n\n${credit}`)).toBe(true);
    expect(keepsAttribution(imported, `New body\n\n${credit.replace('Ann', 'Jon Skeet')}`)).toBe(false);
    expect(keepsAttribution(imported, 'New body')).toBe(false);
    expect(keepsAttribution('Member text', `Member text\n\n${credit}`)).toBe(false);
  });
});
