import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { uploadsDir } from '../upload/upload.service.js';
import { oneAtATime } from './one-at-a-time.js';
import * as repo from './se-export.repository.js';
import { DumpIds, PAGE } from './se-ids.js';
import { writePosts } from './se-posts.js';
import { writeBadges, writeComments, writePostLinks, writeUsers, writeVotes } from './se-rows.js';
import { ExportStopped, nextPage, type DumpRun } from './se-run.js';

export { ExportStopped };

/** The manifest beside the XML files: the site the ids belong to, when, and the counts. */
export const SE_MANIFEST = 'lantern-export.json';

/** Options of an export. */
export interface SeExportOptions {
  outDir: string;
  onProgress?: (line: string) => void;
  signal?: AbortSignal;
}

/** What an export wrote: its files (relative to outDir) and the rows of each kind. */
export interface SeExportResult {
  files: string[];
  counts: Record<string, number>;
}

/** The refusal of an export while another runs on the same site. */
export const exportBusy = () => new AppError(409, 'error.export_se.busy');

/**
 * Marks an export of this database as running (one at a time per database: the admin route, the CLI
 * and the scheduled exports share it); throws the 409 refusal when one already is. Returns the release.
 */
export const claimExport = oneAtATime<Db>(exportBusy);

/**
 * Exports the site as a Stack Exchange data dump into `outDir`: Posts, Users, Comments, Votes,
 * Badges, Tags, PostHistory and PostLinks .xml, the uploaded files under uploads/, and a manifest.
 * Reads a page at a time and yields between pages; refuses (409) while another export of the site runs.
 */
export async function exportStackExchange(ctx: AppContext, opts: SeExportOptions): Promise<SeExportResult> {
  const general = await ctx.settings.get('general');
  let host = 'localhost';
  try {
    host = new URL(general.site_url).host || host;
  } catch {
    // no site URL yet: the dump's own ids are numbered under localhost
  }
  return exportDump(ctx.db, { ...opts, uploadsRoot: uploadsDir(ctx), fallbackHost: host, now: ctx.clock.now() });
}

/** The export on a database (the CLI has no running app): see exportStackExchange. */
export async function exportDump(
  db: Db,
  opts: SeExportOptions & { uploadsRoot: string; fallbackHost: string; now: number },
): Promise<SeExportResult> {
  const release = claimExport(db);
  try {
    const progress = opts.onProgress ?? (() => {});
    await mkdir(opts.outDir, { recursive: true });
    const ids = new DumpIds();
    progress('Numbering users, posts and comments...');
    await ids.load(db, opts.fallbackHost);
    const run: DumpRun = { db, dir: opts.outDir, ids, counts: {}, progress, signal: opts.signal };
    const files = [await writeUsers(run), ...(await writePosts(run))];
    files.push(await writeComments(run), await writeVotes(run), await writeBadges(run), await writePostLinks(run));
    const uploads = await copyUploads(run, opts.uploadsRoot);
    await writeFile(
      join(opts.outDir, SE_MANIFEST),
      `${JSON.stringify({ format: 'stackexchange', site: ids.host, exported_at: new Date(opts.now * 1000).toISOString(), counts: run.counts }, null, 2)}\n`,
    );
    progress(
      `Exported ${Object.entries(run.counts)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')} (site ${ids.host}).`,
    );
    return { files: [...files, ...uploads, SE_MANIFEST], counts: run.counts };
  } finally {
    release();
  }
}

/** Copies the uploaded files into uploads/ (same relative paths as the site's /uploads/ URLs). */
async function copyUploads(run: DumpRun, root: string): Promise<string[]> {
  const base = resolve(root);
  const files: string[] = [];
  for (let after = 0; ; ) {
    await nextPage(run);
    const page = await repo.uploadsPage(run.db, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    for (const f of page) {
      const source = resolve(base, f.file_path);
      if (!source.startsWith(base + sep) || !existsSync(source)) continue;
      const rel = `uploads/${f.file_path.split(sep).join('/')}`;
      const target = join(run.dir, rel);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(source, target);
      files.push(rel);
    }
    run.progress(`uploads: ${files.length} files`);
  }
  run.counts.uploads = files.length;
  return files;
}
