import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';

/** The archive's manifest: every file it wrote, by its path in the archive, with a hash of its content. */
export const MANIFEST_FILE = '.lantern-archive.json';

interface Manifest {
  format: 1;
  files: Record<string, { hash: string; size: number }>;
}

function readManifest(outDir: string): Manifest {
  try {
    const m = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;
    if (m.format === 1 && m.files && typeof m.files === 'object') return m;
  } catch {
    /* no manifest yet, or a damaged one: every file is written */
  }
  return { format: 1, files: {} };
}

const hashOf = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * Writes the archive's files into a folder, skipping each one whose content is what the last export
 * wrote there (by the manifest's hashes, and only while the file is still there with that size), and
 * removes at the end the files the last export wrote that this one did not.
 */
export class ArchiveWriter {
  private readonly previous: Manifest;
  private readonly next: Manifest = { format: 1, files: {} };
  private readonly dirs = new Set<string>();
  written = 0;
  unchanged = 0;

  constructor(readonly outDir: string) {
    mkdirSync(outDir, { recursive: true });
    this.previous = readManifest(outDir);
  }

  private unchangedFile(path: string, hash: string, size: number): boolean {
    const before = this.previous.files[path];
    if (!before || before.hash !== hash || before.size !== size) return false;
    try {
      return statSync(join(this.outDir, path)).size === size;
    } catch {
      return false;
    }
  }

  private target(path: string): string {
    if (path.startsWith('/') || path.split('/').some((p) => p === '..' || p === '')) throw new Error(`bad archive path ${path}`);
    const file = join(this.outDir, ...path.split('/'));
    const dir = dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return file;
  }

  /** Writes one file (a path inside the archive with / between folders) unless it is unchanged. */
  write(path: string, content: string | Buffer): void {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const hash = hashOf(data);
    this.next.files[path] = { hash, size: data.length };
    if (this.unchangedFile(path, hash, data.length)) {
      this.unchanged++;
      return;
    }
    const file = this.target(path);
    // whole or not at all: a reader of the share never sees half a page
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
    this.written++;
  }

  /** Copies a file from disk into the archive unless the copy there is unchanged (by size and hash). */
  copy(path: string, source: string): void {
    const size = statSync(source).size;
    const before = this.previous.files[path];
    // an upload never changes under its generated name: same size, same file
    if (before && before.size === size && existsSync(join(this.outDir, ...path.split('/')))) {
      this.next.files[path] = before;
      this.unchanged++;
      return;
    }
    const data = readFileSync(source);
    this.next.files[path] = { hash: hashOf(data), size };
    const file = this.target(path);
    copyFileSync(source, file);
    this.written++;
  }

  /** Whether a file of this export is already written (or copied). */
  has(path: string): boolean {
    return path in this.next.files;
  }

  /** Removes what the last export wrote and this one did not, then saves the manifest; returns how many were removed. */
  finish(): number {
    let removed = 0;
    for (const path of Object.keys(this.previous.files)) {
      if (path in this.next.files) continue;
      rmSync(join(this.outDir, ...path.split('/')), { force: true });
      removed++;
    }
    const tmp = join(this.outDir, `${MANIFEST_FILE}.tmp`);
    writeFileSync(tmp, JSON.stringify(this.next));
    renameSync(tmp, join(this.outDir, MANIFEST_FILE));
    return removed;
  }
}

/** A path inside the archive that is safe as a file name part (letters, digits, - and _). */
export function safeName(raw: string): string {
  return raw.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || '_';
}

/** The relative prefix from a file at `path` back to the archive's root ('' at the root, '../' one folder down ...). */
export function rootOf(path: string): string {
  return '../'.repeat(path.split('/').length - 1);
}

/** The lock of a folder being exported into: the pid and host of the process writing it. */
export const LOCK_FILE = '.lantern-archive.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder for one export (two at once would write the same files); a lock left by a process
 * of this machine that is gone is taken over. Returns the release.
 */
export function lockFolder(outDir: string): () => void {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let held: { pid?: number; host?: string } = {};
      try {
        held = JSON.parse(readFileSync(file, 'utf8')) as typeof held;
      } catch {
        /* a lock being written, or damaged: treated as held */
      }
      const stale = held.host === hostname() && typeof held.pid === 'number' && !alive(held.pid);
      if (!stale) throw new Error(`another export is writing into ${outDir} (${LOCK_FILE})`);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`another export is writing into ${outDir} (${LOCK_FILE})`);
}
