// Distinct two-word searches, one at a time, against a running server: the latency of a search that nothing
// reuses, without the load of the bench's 32 connections. The words come from the site's own question titles
// (PostgreSQL), a different set for each --skip, so two servers on the same database can be compared on
// fresh searches each: `node bench/search-latency.mjs --base http://127.0.0.1:18080 --database-url postgres://… --skip 1000`.
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    'database-url': { type: 'string' },
    n: { type: 'string', default: '40' },
    skip: { type: 'string', default: '0' },
  },
});
if (!values.base || !values['database-url']) {
  process.stderr.write('usage: node bench/search-latency.mjs --base URL --database-url URL [--n 40] [--skip 0]\n');
  process.exit(2);
}
const n = Math.min(1000, Math.max(1, Number(values.n)));
const client = new pg.Client({ connectionString: values['database-url'] });
await client.connect();
const { rows } = await client.query("SELECT title FROM question WHERE id LIKE '1%' ORDER BY md5(id) OFFSET $1 LIMIT $2", [
  Math.max(0, Number(values.skip)),
  n * 10,
]);
await client.end();
const searches = new Set();
for (const { title } of rows) {
  if (searches.size >= n) break;
  const words = title.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  const i = words.findIndex((w, k) => k + 1 < words.length && w !== words[k + 1]);
  if (i >= 0) searches.add(`${words[i]} ${words[i + 1]}`);
}
const times = [];
for (const q of searches) {
  const started = performance.now();
  const res = await fetch(`${values.base}/answer/api/v1/search?q=${encodeURIComponent(q)}&order=relevance&page=1&size=20`);
  if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
  await res.arrayBuffer();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(0);
process.stdout.write(
  `${JSON.stringify({ searches: times.length, median_ms: Number(at(0.5)), p90_ms: Number(at(0.9)), max_ms: Number(at(1)), total_s: Number((times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)) })}\n`,
);
