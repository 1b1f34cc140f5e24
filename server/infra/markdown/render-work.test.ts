import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { makeRenderer, RENDER_WORK_LIMITS } from './render-core.js';
import { DEFAULT_RENDER_POOL } from './render-pool.js';
import { RENDER_LIMITS, renderMarkdown } from './render.js';

// the renderer the workers run, here on this thread, so its CPU time can be read
const renderer = makeRenderer(createRequire(import.meta.url), RENDER_LIMITS);
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;
const K64 = 64 * 1024;

describe('render work caps: the shapes markdown-it is slow on stay within them', () => {
  it(`a 64 KB table renders at most ${RENDER_WORK_LIMITS.tableCells} cells as a table; the rows past them stay text`, () => {
    const html = renderer.render(`a|b\n-|-\n${Array.from({ length: K64 / 8 }, (_, i) => `x${i}|y${i}`).join('\n')}`);
    expect(count(html, /<t[dh]>/g)).toBeLessThanOrEqual(RENDER_WORK_LIMITS.tableCells);
    expect(count(html, /<td>/g)).toBeGreaterThan(RENDER_WORK_LIMITS.tableCells / 2);
    expect(html).toContain(`x${K64 / 8 - 1}|y${K64 / 8 - 1}`);
    // a later table in the same text stays text too
    const two = renderer.render(`${'a|b\n-|-\n'}${'x|y\n'.repeat(1300)}\nc|d\n-|-\n1|2`);
    expect(count(two, /<table>/g)).toBe(1);
    expect(two).toContain('c|d');
  });

  it(`a table wider than ${RENDER_WORK_LIMITS.tableCols} columns stays text; a narrower one is a table`, () => {
    const table = (cols: number) => `${'a|'.repeat(cols)}\n${'-|'.repeat(cols)}\n${'x|'.repeat(cols)}`;
    expect(renderer.render(table(RENDER_WORK_LIMITS.tableCols + 1))).not.toContain('<table>');
    expect(renderer.render(table(RENDER_WORK_LIMITS.tableCols))).toContain('<table>');
  });

  it(`at most ${RENDER_WORK_LIMITS.autolinks} bare URLs and e-mail addresses become links; the rest stay text`, () => {
    for (const unit of ['http://a.b ', 'x@a.b ']) {
      const html = renderer.render(unit.repeat(K64 / unit.length));
      expect(count(html, /<a /g)).toBe(RENDER_WORK_LIMITS.autolinks);
      expect(html.length).toBeGreaterThan(K64 / 2);
    }
    expect(renderer.render('see https://example.com and <x@example.com>')).toContain('<a href="https://example.com"');
  });

  it(`at most ${RENDER_WORK_LIMITS.footnotes} footnotes; the rest stay text`, () => {
    const n = RENDER_WORK_LIMITS.footnotes + 50;
    const text = `${Array.from({ length: n }, (_, i) => `w[^${i}]`).join(' ')}\n\n${Array.from({ length: n }, (_, i) => `[^${i}]: note ${i}`).join('\n')}`;
    const html = renderer.render(text);
    expect(count(html, /class="footnote-item"/g)).toBe(RENDER_WORK_LIMITS.footnotes);
    expect(html).toContain(`[^${n - 1}]: note ${n - 1}`);
  });

  it(`at most ${RENDER_WORK_LIMITS.breaks} line breaks are shown as <br />; past them the lines run on`, () => {
    const html = renderer.render('line\n'.repeat(RENDER_WORK_LIMITS.breaks + 1000));
    expect(count(html, /<br \/>/g)).toBe(RENDER_WORK_LIMITS.breaks);
    expect(count(html, /line/g)).toBe(RENDER_WORK_LIMITS.breaks + 1000);
    expect(renderer.render('one\ntwo')).toBe('<p>one<br />\ntwo</p>');
  });

  it('links still work after runs of [ that found no ] (within the scan cap)', () => {
    const html = renderer.render(`${'['.repeat(2000)}\n\n[a link](https://example.com) ![alt](https://example.com/i.png)`);
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">a link</a>');
    expect(html).toContain('<img src="https://example.com/i.png" alt="alt" />');
  });

  it.each([
    ['a 64 KB table', `a|b\n-|-\n${'x|y\n'.repeat(K64 / 4)}`],
    ['64 KB of autolinks', 'http://a.b '.repeat(K64 / 11)],
    ['64 KB of e-mail autolinks', 'x@a.b '.repeat(K64 / 6)],
    ['a 64 KB run of [', '['.repeat(K64)],
    ['64 KB of [ lines', '[\n'.repeat(K64 / 2)],
    ['64 KB of ![ runs', '!['.repeat(K64 / 2)],
    [
      '2,000 footnotes',
      `${Array.from({ length: 3000 }, (_, i) => `[^${i}]`).join(' ')}\n\n${Array.from({ length: 2000 }, (_, i) => `[^${i}]: n`).join('\n')}`,
    ],
    ['64 KB of short lines', 'x\n'.repeat(K64 / 2)],
    ['a wide table', `${'a|'.repeat(2000)}\n${'-|'.repeat(2000)}\n${'x|'.repeat(2000)}\n`.repeat(6)],
  ])('%s renders in well under half a second of CPU time', (_name, text) => {
    const before = process.cpuUsage();
    renderer.render(text);
    const used = process.cpuUsage(before);
    // CPU time, not wall time: what an idle core takes (the machine's load barely changes it).
    // Uncapped these took 0.3-1 s of CPU on this machine, capped 0.02-0.3 s (bench/render-shapes.ts).
    expect((used.user + used.system) / 1000).toBeLessThan(500);
  });
});

/** The nice value of each thread of this process, by thread id (Linux). */
function threadNices(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

describe('render workers yield the cores to the request thread', () => {
  it.runIf(process.platform === 'linux')(
    `on Linux the render worker threads run ${DEFAULT_RENDER_POOL.nice} nice steps below this thread, and only they: this thread keeps its priority`,
    async () => {
      const before = threadNices();
      const self = Number(readlinkSync('/proc/thread-self').split('/').pop());
      // npm test runs vitest niced (tests/run-all.mjs): the workers go that much lower again, at most 19
      const base = before.get(self)!;
      const workerNice = Math.min(19, base + DEFAULT_RENDER_POOL.nice);
      // a text long enough to go to a worker (the workers start on first use)
      expect(await renderMarkdown(`a|b\n-|-\n${'x|y\n'.repeat(200)}`)).toContain('<table>');
      const after = threadNices();
      // the pool's workers (started here, or by an earlier file sharing this process's module registry)
      const niced = [...after].filter(([, nice]) => nice === workerNice);
      expect(niced.length).toBeGreaterThanOrEqual(1);
      expect(after.get(self)).toBe(base);
      expect(after.get(process.pid)).toBe(before.get(process.pid));
    },
    30_000,
  );
});
