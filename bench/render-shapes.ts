/**
 * Worst-case markdown shapes of 64 KB, each rendered alone on this thread with the renderer the
 * render workers run (render-core), so the figures are the render's own cost: median of `runs`
 * runs (default 3) of CPU time (what an idle core would take; this process has no other work) and
 * of wall time, in ms, and the machine's load average. UNCAPPED=1 turns RENDER_WORK_LIMITS off. Run: npx tsx bench/render-shapes.ts [runs]
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  HIGHLIGHT_MAX_CHARS,
  HIGHLIGHT_MAX_LINE,
  HIGHLIGHT_MAX_TOTAL,
  makeRenderer,
  RENDER_WORK_LIMITS,
} from '../server/infra/markdown/render-core.js';

const K64 = 64 * 1024;
/** The shapes: name and text (each about 64 KB). */
export const SHAPES: [string, string][] = [
  ['table 2 cols', `a|b\n-|-\n${'x|y\n'.repeat(K64 / 4)}`],
  ['table wide', `${'a|'.repeat(2000)}\n${'-|'.repeat(2000)}\n${'x|'.repeat(2000)}\n`.repeat(6)],
  ['autolinks', 'http://a.b '.repeat(K64 / 11)],
  ['e-mail autolinks', 'x@a.b '.repeat(K64 / 6)],
  ['www autolinks', 'www.a.bc '.repeat(K64 / 9)],
  ['run of [', '['.repeat(K64)],
  ['[ paragraphs', `${'['.repeat(1400)}\n\n`.repeat(K64 / 1402)],
  ['[ lines', '[\n'.repeat(K64 / 2)],
  ['![ runs', '!['.repeat(K64 / 2)],
  ['[a]( runs', '[a]('.repeat(K64 / 4)],
  ['nested >', '>'.repeat(K64)],
  ['emphasis *_', '*_'.repeat(K64 / 2)],
  ['backticks', '`a'.repeat(K64 / 2)],
  ['html tags', '<a '.repeat(K64 / 3)],
  ['list nesting', Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i % 60)}- x`).join('\n')],
  ['ref defs', Array.from({ length: 3000 }, (_, i) => `[r${i}]: http://a.b/${i}`).join('\n') + '\n' + '[r1] '.repeat(3000)],
  [
    'footnotes',
    Array.from({ length: 3000 }, (_, i) => `[^${i}]`).join(' ') + '\n\n' + Array.from({ length: 2000 }, (_, i) => `[^${i}]: n`).join('\n'),
  ],
  ['short lines', 'x\n'.repeat(K64 / 2)],
  ['prose', 'Lorem ipsum dolor sit amet, *consectetur* adipiscing elit. '.repeat(K64 / 60)],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const only = process.argv[3];
  const renderer = makeRenderer(createRequire(import.meta.url), {
    maxChars: HIGHLIGHT_MAX_CHARS,
    maxLine: HIGHLIGHT_MAX_LINE,
    maxTotal: HIGHLIGHT_MAX_TOTAL,
    attributionClass: 'post-attribution',
    idPrefix: 'user-content-',
    // UNCAPPED=1: the caps off (the figures before them)
    work: process.env.UNCAPPED
      ? { linkScan: Infinity, autolinks: Infinity, tableCells: Infinity, tableCols: Infinity, footnotes: Infinity, breaks: Infinity }
      : RENDER_WORK_LIMITS,
  });
  renderer.render('*warm* https://example.com\n\na|b\n-|-\n1|2');
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; median of ${runs} runs`,
  );
  for (const [name, text] of SHAPES) {
    if (only && !name.includes(only)) continue;
    const times: number[] = [];
    const cpu: number[] = [];
    let out = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      out = renderer.render(text).length;
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      times.push(performance.now() - t);
    }
    console.log(
      `${name.padEnd(18)} ${String(text.length).padStart(6)} chars  cpu ${median(cpu).toFixed(0).padStart(5)} ms  wall ${median(times).toFixed(0).padStart(5)} ms  html ${out}`,
    );
  }
}

await main();
