// The ceiling: a bare Express app on the same database file, one route per workload, each
// running the single SQL query closest to that workload through better-sqlite3 directly.
// Started by run.ts as its own process: node --import tsx bench/ceiling.ts <db file> <port>
import Database from 'better-sqlite3';
import express from 'express';
import { CEILING_QUERIES } from './workloads.js';

const [file, portArg] = process.argv.slice(2);
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma('journal_mode = WAL');
const app = express();
for (const [name, { sql }] of Object.entries(CEILING_QUERIES)) {
  const stmt = db.prepare(sql);
  app.get(`/c/${name}`, (req, res) => {
    const params = Object.fromEntries(
      Object.entries(req.query).map(([k, v]) => [k, /^\d+$/.test(String(v)) && String(v).length < 15 ? Number(v) : String(v)]),
    );
    res.json({ code: 200, data: stmt.all(params) });
  });
}
app.listen(Number(portArg), '127.0.0.1', () => process.send?.({ ready: true }));
// read-only, nothing to finish: requests still queued (a run's last, slow ones) are dropped
process.on('SIGTERM', () => process.exit(0));
