import { createWriteStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Entry as ZipEntry, ZipFile } from 'yauzl';
import { STORED_PATH_IN_TEXT } from '../upload/upload.service.js';
import { isFailure, sevenZipInWorker, type SevenZipFailure } from './seven-zip.js';

/** The files of a Stack Exchange dump, by their lower-case name. */
export const DUMP_FILES = [
  'Users.xml',
  'Posts.xml',
  'Comments.xml',
  'Tags.xml',
  'Votes.xml',
  'Badges.xml',
  'PostLinks.xml',
  'PostHistory.xml',
];
const BY_LOWER = new Map(DUMP_FILES.map((f) => [f.toLowerCase(), f]));

/** Limits on what an upload may unpack to. */
export interface UnpackLimits {
  /** Total uncompressed bytes of the dump files taken from archives. */
  maxUncompressed: number;
  /** Entries an archive may hold. */
  maxEntries: number;
}

export const DEFAULT_LIMITS: UnpackLimits = { maxUncompressed: 8 * 1024 ** 3, maxEntries: 10_000 };

/** An upload that cannot be imported, with the message the admin sees. */
export class DumpRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'DumpRefused';
  }
}

/** An uploaded file: where multer put it and the name the browser gave. */
export interface UploadedFile {
  path: string;
  originalname: string;
}

/** What went into the dump folder. */
export interface PreparedDump {
  files: string[];
  /** Archive entries left out (not dump files). */
  ignored: string[];
}

/** The dump file a name stands for (any case, any folder), or undefined. */
export function dumpFileName(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop() ?? '';
  return BY_LOWER.get(base.toLowerCase());
}

const EXPORTED_UPLOAD = new RegExp(String.raw`^(?:[^/\\]+/)?(uploads/${STORED_PATH_IN_TEXT})$`);

/** A Lantern export's upload entry (`uploads/post/<24 hex>.png`, in a folder too) as its path in the dump folder, else undefined. */
export function exportedUpload(name: string): string | undefined {
  const m = EXPORTED_UPLOAD.exec(name);
  return m?.[1];
}

/** The kind of an uploaded file by its name. */
function kindOf(name: string): 'xml' | 'zip' | '7z' | 'other' {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xml')) return 'xml';
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.7z')) return '7z';
  return 'other';
}

/** An entry name that would land outside the folder: absolute, a drive, or with a .. segment. */
export function unsafeEntryName(name: string): boolean {
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split(/[\\/]/).some((part) => part === '..');
}

/**
 * Puts uploaded dump files into `dir` under their dump names: XML files as they are, the dump
 * files inside .zip and .7z archives unpacked (and a Lantern export zip's uploads/ files; nothing else; .7z with Lantern's own reader, ./seven-zip.ts, in
 * a worker thread: LZMA, LZMA2, BZip2 and uncompressed, streamed to the files). Refuses other kinds, names that are no dump file, the same file twice, archive entries that would land
 * outside the folder, and archives unpacking to more than the limits (counted as they unpack, not
 * trusted from the archive's headers).
 */
export async function prepareDump(uploads: UploadedFile[], dir: string, limits: UnpackLimits = DEFAULT_LIMITS): Promise<PreparedDump> {
  if (uploads.length === 0) throw new DumpRefused('error.import.no_files');
  await mkdir(dir, { recursive: true });
  const taken = new Set<string>();
  const ignored: string[] = [];
  const take = (name: string) => {
    if (taken.has(name)) throw new DumpRefused('error.import.duplicate_file', { name });
    taken.add(name);
  };
  let unpacked = 0;
  for (const up of uploads) {
    const kind = kindOf(up.originalname);
    if (kind === 'other') throw new DumpRefused('error.import.file_type', { name: up.originalname });
    if (kind === 'xml') {
      const name = dumpFileName(up.originalname);
      if (!name) throw new DumpRefused('error.import.unknown_file', { name: up.originalname });
      take(name);
      await rename(up.path, join(dir, name));
      continue;
    }
    unpacked =
      kind === '7z'
        ? await un7z(up.path, up.originalname, dir, limits, unpacked, take, ignored)
        : await unzip(up.path, up.originalname, dir, limits, unpacked, take, ignored);
  }
  if (!taken.has('Posts.xml') && !taken.has('Users.xml')) throw new DumpRefused('error.import.no_posts');
  return { files: DUMP_FILES.filter((f) => taken.has(f)), ignored };
}

async function openZip(path: string): Promise<ZipFile> {
  // the zip reader is loaded by the first import of a .zip, not at the server's start
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve, reject) => {
    // decodeStrings keeps yauzl's own name checks (absolute, ..) as a second line; validateEntrySizes
    // makes a stream that unpacks to more or less than its header said fail
    yauzl.open(path, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, autoClose: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    );
  });
}

async function unzip(
  path: string,
  archive: string,
  dir: string,
  limits: UnpackLimits,
  already: number,
  take: (name: string) => void,
  ignored: string[],
): Promise<number> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch (err) {
    throw new DumpRefused('error.import.bad_zip', { name: archive, problem: err instanceof Error ? err.message : String(err) });
  }
  let total = already;
  let entries = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => {
        if (err instanceof DumpRefused) return reject(err);
        const problem = err instanceof Error ? err.message : String(err);
        // yauzl's own check of entry names (absolute, .., backslashes) says the same as ours
        const path = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(problem);
        reject(
          path
            ? new DumpRefused('error.import.zip_path', { name: archive, entry: path[2].slice(0, 200) })
            : new DumpRefused('error.import.bad_zip', { name: archive, problem: problem.slice(0, 300) }),
        );
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: ZipEntry) => {
        void (async () => {
          entries += 1;
          if (entries > limits.maxEntries) throw new DumpRefused('error.import.zip_too_many', { name: archive, max: limits.maxEntries });
          const name = entry.fileName;
          if (unsafeEntryName(name)) throw new DumpRefused('error.import.zip_path', { name: archive, entry: name.slice(0, 200) });
          if (name.endsWith('/')) return;
          const upload = exportedUpload(name);
          const dumpName = upload ?? (posix.normalize(name).split('/').length <= 2 ? dumpFileName(name) : undefined);
          if (!dumpName) {
            ignored.push(name.slice(0, 200));
            return;
          }
          take(dumpName);
          if (upload) await mkdir(join(dir, posix.dirname(upload)), { recursive: true });
          if (total + entry.uncompressedSize > limits.maxUncompressed)
            throw new DumpRefused('error.import.zip_too_large', { name: archive, max: limits.maxUncompressed });
          const stream = await new Promise<NodeJS.ReadableStream>((res, rej) =>
            zip.openReadStream(entry, (err, s) => (err || !s ? rej(err ?? new Error('no stream')) : res(s))),
          );
          // counted as it unpacks: headers can lie
          const counter = new Transform({
            transform(chunk: Buffer, _enc, cb) {
              total += chunk.length;
              if (total > limits.maxUncompressed)
                cb(new DumpRefused('error.import.zip_too_large', { name: archive, max: limits.maxUncompressed }));
              else cb(null, chunk);
            },
          });
          await pipeline(stream, counter, createWriteStream(join(dir, dumpName)));
        })().then(() => zip.readEntry(), fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return total;
}

/** A reader's failure as the admin's message: a method it lacks, the size limit, or a damaged archive. */
function refused7z(archive: string, failure: SevenZipFailure, max: number): DumpRefused {
  if (failure.kind === 'too_large') return new DumpRefused('error.import.zip_too_large', { name: archive, max });
  if (failure.kind === 'unsupported')
    return new DumpRefused('error.import.7z_method', { name: archive, method: failure.message.slice(0, 100) });
  return new DumpRefused('error.import.bad_7z', { name: archive, problem: failure.message.slice(0, 300) });
}

/**
 * The dump files inside a .7z archive, unpacked into `dir` (the same rules as a zip: no entry
 * outside the folder, only dump file names at the top or one folder down, each name once, the
 * total within the limits counted from the listing and again, byte by byte, while unpacking).
 * The archive is read by Lantern's own 7z reader (./seven-zip.ts) in a worker thread.
 */
async function un7z(
  path: string,
  archive: string,
  dir: string,
  limits: UnpackLimits,
  already: number,
  take: (name: string) => void,
  ignored: string[],
): Promise<number> {
  const listed = await sevenZipInWorker({ op: 'list', path });
  if (isFailure(listed)) throw refused7z(archive, listed, limits.maxUncompressed);
  if (listed.length > limits.maxEntries) throw new DumpRefused('error.import.zip_too_many', { name: archive, max: limits.maxEntries });
  const wanted: { index: number; name: string }[] = [];
  let total = already;
  for (const e of listed) {
    if (unsafeEntryName(e.path)) throw new DumpRefused('error.import.zip_path', { name: archive, entry: e.path.slice(0, 200) });
    if (e.folder) continue;
    const name = posix.normalize(e.path.replace(/\\/g, '/')).split('/').length <= 2 ? dumpFileName(e.path) : undefined;
    if (!name || e.link) {
      ignored.push(e.path.slice(0, 200));
      continue;
    }
    take(name);
    total += e.size;
    if (total > limits.maxUncompressed) throw new DumpRefused('error.import.zip_too_large', { name: archive, max: limits.maxUncompressed });
    wanted.push({ index: e.index, name });
  }
  if (wanted.length === 0) return total;
  // unpacked into a private folder first, then moved in under the dump names
  const staging = await mkdtemp(join(dir, '.7z-'));
  try {
    const written = await sevenZipInWorker({
      op: 'extract',
      path,
      targets: wanted.map((w) => ({ index: w.index, file: join(staging, w.name) })),
      // every byte decoded counts, wanted or passed over in a solid block
      budget: limits.maxUncompressed - already,
    });
    if (isFailure(written)) throw refused7z(archive, written, limits.maxUncompressed);
    for (const w of wanted) {
      const st = await lstat(join(staging, w.name)).catch(() => undefined);
      if (!st?.isFile()) throw new DumpRefused('error.import.bad_7z', { name: archive, problem: `${w.name} was not unpacked` });
      await rename(join(staging, w.name), join(dir, w.name));
    }
    return already + written;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
