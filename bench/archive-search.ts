// npx tsx bench/archive-search.ts DIR [word ...]: opens a static archive's search page from file:// in Chromium
// (the network refused) and prints, per search, the time from navigation to the results' count being shown, the
// index files it loaded and their size, and the largest index files of the archive.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../tests/support/find-browser.mjs';

const [dir, ...given] = process.argv.slice(2);
if (!dir) throw new Error('usage: bench/archive-search.ts DIR [word ...]');
const words = given.length ? given : ['coffee', 'water temperature', 'the', 'espresso machine pressure', 'grind', 'history of'];
const found = findBrowser();
if (!found.ok) throw new Error(found.reason);
const browser = await chromium.launch({
  executablePath: found.path,
  args: [...CHROMIUM_ARGS],
});
const page = await browser.newPage();
await page.route('**', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
const sizes = new Map<string, number>();
for (const sub of ['search/terms', 'search/docs'])
  for (const f of readdirSync(join(dir, sub))) sizes.set(`${sub}/${f}`, statSync(join(dir, sub, f)).size);
const rows: { search: string; ms: number; results: string; loaded_kb: number }[] = [];
for (const w of words) {
  const loaded: string[] = [];
  const onReq = (r: { url(): string }) => loaded.push(r.url());
  page.on('request', onReq);
  const started = performance.now();
  await page.goto(`${pathToFileURL(join(dir, 'search.html')).href}?q=${encodeURIComponent(w)}`);
  await page.waitForFunction(() => {
    const s = document.getElementById('search-status')?.textContent ?? '';
    const list = document.getElementById('search-results');
    return s !== '' && !/…|\.\.\./.test(s) && (list?.hidden || (list?.children.length ?? 0) > 0);
  });
  const ms = performance.now() - started;
  page.off('request', onReq);
  const results = (await page.locator('#search-status').textContent()) ?? '';
  const kb = loaded.map((u) => sizes.get(u.slice(u.indexOf('search/'))) ?? 0).reduce((a, b) => a + b, 0) / 1024;
  rows.push({ search: w, ms: Math.round(ms), results, loaded_kb: Math.round(kb) });
}
await browser.close();
const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 3);
process.stdout.write(
  `${JSON.stringify({ searches: rows, largest_index_files_kb: largest.map(([f, s]) => [f, Math.round(s / 1024)]) }, null, 1)}\n`,
);
