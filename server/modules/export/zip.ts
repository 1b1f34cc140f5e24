import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'express';
import yazl from 'yazl';

/** Every file under `dir` (paths with /), in a stable order, leaving out names `skip` refuses. */
export function folderFiles(dir: string, skip: (name: string) => boolean, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (skip(e.name)) continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...folderFiles(dir, skip, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

export interface SendZipOptions {
  /** The folder the entries sit in inside the zip (none: at its top). */
  root?: string;
  /** Whether a file is deflated (default: all are). */
  compress?: (file: string) => boolean;
}

/**
 * Streams `files` (paths under `dir`) to the response as the attachment `name`, reading each file
 * from disk as it goes (yazl, which writes ZIP64 records when the archive passes 65,534 files or 4 GiB).
 */
export function sendZip(res: Response, dir: string, files: string[], name: string, opts: SendZipOptions = {}): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const f of files) {
    zip.addFile(join(dir, ...f.split('/')), opts.root ? `${opts.root}/${f}` : f, { compress: opts.compress?.(f) ?? true });
  }
  zip.end();
  res.set({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${name}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  return new Promise((resolve, reject) => {
    zip.outputStream.on('error', reject).pipe(res).on('finish', resolve).on('close', resolve).on('error', reject);
  });
}
