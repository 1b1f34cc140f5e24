import { closeSync, fsyncSync, openSync, readdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

/** What a restore's check leaves free on the disk after unpacking: the site must still be able to write. */
export const UNPACK_MARGIN_BYTES = 512 * 1024 * 1024;

/**
 * The most a backup may unpack to in `dir`: the space free there (for this account) less
 * UNPACK_MARGIN_BYTES. A gzip bomb (a small archive that unpacks to terabytes) is refused at the
 * first entry whose declared size goes past it, before anything is written.
 */
export function unpackLimit(dir: string): number {
  try {
    const s = statfsSync(dir);
    return Math.max(0, Number(s.bavail) * Number(s.bsize) - UNPACK_MARGIN_BYTES);
  } catch {
    // no statfs (an unusual file system): the largest archive accepted, unpacked 100 times over
    return 200 * 1024 ** 3;
  }
}

/**
 * Flushes one file or folder to the disk with `sync` (fsync by default). A folder's fsync makes the
 * names in it (renames, new files) durable; where a folder cannot be opened (Windows) it is skipped.
 */
export function syncPath(path: string, sync: (fd: number) => void = fsyncSync): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    sync(fd);
    return true;
  } catch (err) {
    // folders cannot be fsynced on some systems (EISDIR, EINVAL, EPERM): their files still are
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'EINVAL' || code === 'EPERM' || code === 'EBADF') return false;
    throw err;
  } finally {
    closeSync(fd);
  }
}

/**
 * Flushes every file under `dir`, then each folder (deepest first) and `dir` itself, so that an
 * unpacked backup is on the disk before it replaces the site's data. Returns the paths synced.
 */
export function syncTree(dir: string, sync: (fd: number) => void = fsyncSync): string[] {
  const synced: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) synced.push(...syncTree(path, sync));
    else if (e.isFile() && syncPath(path, sync)) synced.push(path);
  }
  if (syncPath(dir, sync)) synced.push(dir);
  return synced;
}
