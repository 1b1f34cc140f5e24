// `npm run import:se -- [--data-dir DIR] [--site HOST] DUMP_FOLDER`: imports a Stack Exchange dump
// folder (Users.xml, Posts.xml, Comments.xml) into a Lantern data dir and prints what it did.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { guessSite, importStackExchange, type Counts, type ImportReport } from './stackexchange.js';

const USAGE = `Usage: npm run import:se -- [--data-dir DIR] [--site HOST] [--batch-size N] DUMP_FOLDER

Imports a Stack Exchange data dump folder into a Lantern data dir.
  --data-dir DIR   the Lantern data dir (default: LANTERN_DATA_DIR or the per-user app data folder)
  --site HOST      the site the dump comes from, for the attribution links
                   (default: from the folder name: coffee -> coffee.stackexchange.com,
                   history-meta -> meta.history.stackexchange.com)
  --batch-size N   rows per transaction (default 500)
`;

function line(label: string, c: Counts): string {
  const reasons = Object.entries(c.reasons).map(([r, n]) => `${r}: ${n}`).join(', ');
  return `  ${label.padEnd(10)} ${String(c.rows).padStart(7)} rows, ${c.imported} imported, ${c.existing} already there, ${c.skipped} skipped${reasons ? ` (${reasons})` : ''}`;
}

function summary(r: ImportReport, total: number): string {
  return [
    `Imported ${r.files.join(', ')} from ${r.site}:`,
    line('users', r.users),
    line('questions', r.questions),
    line('answers', r.answers),
    line('comments', r.comments),
    `  other post types not imported: ${r.posts.otherTypes}; rows without a valid type: ${r.posts.invalidType}`,
    `  placeholder authors: ${r.placeholderUsers}; tags created: ${r.tagsCreated}; accepted answers: ${r.acceptedAnswers}`,
    ...r.errors.map((e) => `  error: ${e}`),
    `Import took ${r.seconds.toFixed(2)} s (${total.toFixed(2)} s with opening the database).`,
  ].join('\n');
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { 'data-dir': { type: 'string' }, site: { type: 'string' }, 'batch-size': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(USAGE);
    return 2;
  }
  const batchSize = values['batch-size'] ? Number(values['batch-size']) : 500;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) {
    process.stderr.write(`--batch-size must be a whole number from 1 to 100000\n`);
    return 2;
  }
  const dump = resolve(positionals[0]);
  const dataDir = resolve(values['data-dir'] ?? process.env.LANTERN_DATA_DIR ?? defaultDataDir());
  const site = values.site ?? guessSite(dump);
  const started = performance.now();
  const handle = await connectDatabase(dataDir);
  try {
    process.stdout.write(`Importing ${dump} (${site}) into ${dataDir}\n`);
    const report = await importStackExchange(handle.db, dump, { site, batchSize, log: (l) => process.stdout.write(`  ${l}\n`) });
    process.stdout.write(`${summary(report, (performance.now() - started) / 1000)}\n`);
    return report.errors.length ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`import failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
