import { join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { defaultDataDir } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { exportDump } from '../modules/export/se-export.js';
import type { CliIo } from './progress.js';
import { reporter } from './report.js';

/** `lantern export-se --out DIR`: the site as a Stack Exchange data dump (XML files, uploads/, a manifest). */
export function exportSeCommand(io: CliIo): Command {
  return new Command('export-se')
    .description(
      'Export a data dir as a Stack Exchange data dump folder (Posts, Users, Comments, Votes, Badges, Tags, PostHistory, PostLinks .xml, uploads/), which import-se reads back',
    )
    .requiredOption('--out <dir>', 'the folder to write into (made when missing)')
    .addOption(new Option('--data-dir <dir>', 'the Lantern data dir (default: LANTERN_DATA_DIR or the per-user app data folder)'))
    .option('--site <host>', 'the host the ids are numbered under when nothing was imported (default: localhost)')
    .addOption(new Option('--json', 'print one JSON object on stdout; progress goes to stderr'))
    .action(async (opts: { out: string; dataDir?: string; site?: string; json?: boolean }) => {
      const out = reporter(io, 'export-se', opts.json);
      const dataDir = resolve(opts.dataDir ?? process.env.LANTERN_DATA_DIR ?? defaultDataDir());
      const outDir = resolve(opts.out);
      const started = performance.now();
      const handle = await connectDatabase(dataDir);
      try {
        out.io.err(`Exporting ${dataDir} into ${outDir}\n`);
        const result = await exportDump(handle.db, {
          outDir,
          onProgress: (line) => out.io.err(`${line}\n`),
          uploadsRoot: process.env.LANTERN_UPLOADS_DIR?.trim() || join(dataDir, 'uploads'),
          fallbackHost: opts.site ?? 'localhost',
          now: Math.floor(Date.now() / 1000),
        });
        const seconds = (performance.now() - started) / 1000;
        const counts = Object.entries(result.counts)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ');
        out.done(`Exported ${counts} into ${outDir} in ${seconds.toFixed(2)} s.\n`, { dataDir, outDir, ...result, seconds });
      } finally {
        await handle.close();
      }
    });
}
