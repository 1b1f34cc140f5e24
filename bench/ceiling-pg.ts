// The ceiling on PostgreSQL: the same bare Express app as ceiling.ts, one route per workload, each
// running that workload's single closest query through a pg pool directly (the SQLite queries with
// PostgreSQL's spelling: "user" quoted, json_agg, the tsvector index for the word search).
// Started by run.ts as its own process: node --import tsx bench/ceiling-pg.ts <postgres url> <port>
import express from 'express';
import pg from 'pg';
import { CEILING_QUERIES } from './workloads.js';

const [url, portArg] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });

/** A ceiling query in PostgreSQL's spelling, its :named parameters numbered in order of use. */
function postgresQuery(name: string, sqliteSql: string): { text: string; names: string[] } {
  let text =
    name === 'search_words'
      ? `select id from search_index where doc @@ plainto_tsquery('search_english', :q)
         order by ts_rank(doc, plainto_tsquery('search_english', :q)) desc limit 20`
      : sqliteSql
          .replace(/\bjoin user u\b/g, 'join "user" u')
          .replace(/\bfrom user u\b/g, 'from "user" u')
          .replace(/json_group_array\(/g, 'json_agg(');
  const names: string[] = [];
  text = text.replace(/:(\w+)/g, (_, n: string) => {
    if (!names.includes(n)) names.push(n);
    return `$${names.indexOf(n) + 1}`;
  });
  return { text, names };
}

const app = express();
for (const [name, { sql }] of Object.entries(CEILING_QUERIES)) {
  const { text, names } = postgresQuery(name, sql);
  app.get(`/c/${name}`, async (req, res) => {
    const values = names.map((n) => {
      const v = String(req.query[n] ?? '');
      return /^\d+$/.test(v) && v.length < 15 ? Number(v) : v;
    });
    const r = await pool.query({ name: `ceiling_${name}`, text, values });
    res.json({ code: 200, data: r.rows });
  });
}
app.listen(Number(portArg), '127.0.0.1', () => process.send?.({ ready: true }));
process.on('SIGTERM', () => process.exit(0));
