import { lstat, mkdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { ImportCounts } from '../../contract/api/import.js';
import type { DbOrTrx } from '../../db/database.js';
import { sniffImage } from '../upload/upload.images.js';
import { recordStoredFile, sourceOfStoredPath, STORED_PATH_IN_TEXT, writeWhole } from '../upload/upload.service.js';
import { importedPostsContaining } from './image-fetch.repository.js';

// A Lantern export (lantern export-se) puts the site's uploads beside its XML, under uploads/ with the
// paths its posts name (`/uploads/post/<24 hex>.png`, site-relative). An import of such an export
// puts each file a post names back at the same path, so the post shows its picture again, and a
// second export is the same bytes as the first.

/** A file in the dump's uploads/ is read only when it is at most this large (the upload limit is 4 MB). */
export const DUMP_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Where the files go and where the posts were imported from. */
export interface DumpUploadsOptions {
  /** The dump folder (its uploads/ is read). */
  dumpDir: string;
  /** The host the posts were imported from. */
  host: string;
  /** The site's uploads folder and base path. */
  uploadsDir: string;
  basePath: string;
  now: number;
  signal?: AbortSignal;
}

/** A site-relative upload address in a post's text: `<base path>/uploads/<stored path>`, not part of a longer path or a URL. */
const NAMED = (basePath: string) =>
  new RegExp(
    String.raw`(?<![\w.~%/-])${basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/uploads/(?<rel>${STORED_PATH_IN_TEXT})(?![\w.~%/-])`,
    'g',
  );

const emptyCounts = (): ImportCounts => ({ rows: 0, imported: 0, existing: 0, skipped: 0, reasons: {} });

/**
 * Puts back the uploads that imported posts name and that the dump folder holds under uploads/:
 * each a real JPEG, PNG, GIF or WebP of the extension its name says, at most DUMP_UPLOAD_MAX_BYTES,
 * written whole at the same path below the site's uploads folder and recorded as an upload of the
 * post's author. A file already there with the same bytes counts as existing; anything else is
 * skipped with the reason, and the post keeps its text.
 */
export async function restoreDumpUploads(db: DbOrTrx, opts: DumpUploadsOptions): Promise<ImportCounts> {
  const counts = emptyCounts();
  const from = resolve(opts.dumpDir, 'uploads');
  if (
    !(await lstat(from).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    return counts;
  const root = resolve(opts.uploadsDir);
  const seen = new Set<string>();
  const skip = (why: string) => {
    counts.skipped++;
    counts.reasons[why] = (counts.reasons[why] ?? 0) + 1;
  };

  const restore = async (rel: string, userId: number) => {
    counts.rows++;
    const source = join(from, rel);
    const stat = await lstat(source).catch(() => null);
    if (!stat?.isFile()) return skip('not in the dump');
    if (stat.size > DUMP_UPLOAD_MAX_BYTES) return skip('too large');
    const bytes = await readFile(source);
    const image = await sniffImage(bytes);
    if (!image || !rel.endsWith(`.${image.ext}`)) return skip('not the image its name says');
    const target = join(root, rel);
    const there = await readFile(target).catch(() => null);
    if (there && !there.equals(bytes)) return skip('another file has its name');
    if (!there) {
      await mkdir(resolve(target, '..'), { recursive: true });
      await writeWhole(target, bytes);
    }
    const recorded = await recordStoredFile(db, {
      user_id: userId,
      file_url: `${opts.basePath}/uploads/${rel}`,
      file_path: rel,
      file_name: basename(rel),
      mime_type: image.mime,
      size: bytes.length,
      source: sourceOfStoredPath(rel) ?? 'post',
      now: opts.now,
    });
    if (recorded) counts.imported++;
    else counts.existing++;
  };

  const named = NAMED(opts.basePath);
  for (const table of ['question', 'answer'] as const) {
    for (let after = ''; ; ) {
      if (opts.signal?.aborted) return counts;
      const page = await importedPostsContaining(db, table, opts.host, after, 200, '/uploads/');
      if (!page.length) break;
      after = page[page.length - 1].id;
      for (const post of page) {
        for (const m of post.original_text.matchAll(named)) {
          const rel = m.groups!.rel;
          if (seen.has(rel)) continue;
          seen.add(rel);
          await restore(rel, post.user_id);
        }
      }
    }
  }
  return counts;
}
