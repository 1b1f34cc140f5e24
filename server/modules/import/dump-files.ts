import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** The files of a Stack Exchange dump, by their lower-case name. */
export const DUMP_FILES = ['Users.xml', 'Posts.xml', 'Comments.xml', 'Tags.xml', 'Votes.xml', 'Badges.xml', 'PostLinks.xml', 'PostHistory.xml'];
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
 * files inside .zip archives unpacked (nothing else). Refuses .7z (no maintained pure-JS reader),
 * other kinds, names that are no dump file, the same file twice, archive entries that would land
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
    if (kind === '7z') throw new DumpRefused('error.import.no_7z', { name: up.originalname });
    if (kind === 'other') throw new DumpRefused('error.import.file_type', { name: up.originalname });
    if (kind === 'xml') {
      const name = dumpFileName(up.originalname);
      if (!name) throw new DumpRefused('error.import.unknown_file', { name: up.originalname });
      take(name);
      await rename(up.path, join(dir, name));
      continue;
    }
    unpacked = await unzip(up.path, up.originalname, dir, limits, unpacked, take, ignored);
  }
  if (!taken.has('Posts.xml') && !taken.has('Users.xml')) throw new DumpRefused('error.import.no_posts');
  return { files: DUMP_FILES.filter((f) => taken.has(f)), ignored };
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings keeps yauzl's own name checks (absolute, ..) as a second line; validateEntrySizes
    // makes a stream that unpacks to more or less than its header said fail
    yauzl.open(path, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, autoClose: true }, (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)));
  });
}

async function unzip(path: string, archive: string, dir: string, limits: UnpackLimits, already: number, take: (name: string) => void, ignored: string[]): Promise<number> {
  let zip: yauzl.ZipFile;
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
        reject(path ? new DumpRefused('error.import.zip_path', { name: archive, entry: path[2].slice(0, 200) }) : new DumpRefused('error.import.bad_zip', { name: archive, problem: problem.slice(0, 300) }));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          entries += 1;
          if (entries > limits.maxEntries) throw new DumpRefused('error.import.zip_too_many', { name: archive, max: limits.maxEntries });
          const name = entry.fileName;
          if (unsafeEntryName(name)) throw new DumpRefused('error.import.zip_path', { name: archive, entry: name.slice(0, 200) });
          if (name.endsWith('/')) return;
          const dumpName = posix.normalize(name).split('/').length <= 2 ? dumpFileName(name) : undefined;
          if (!dumpName) {
            ignored.push(name.slice(0, 200));
            return;
          }
          take(dumpName);
          if (total + entry.uncompressedSize > limits.maxUncompressed) throw new DumpRefused('error.import.zip_too_large', { name: archive, max: limits.maxUncompressed });
          const stream = await new Promise<NodeJS.ReadableStream>((res, rej) => zip.openReadStream(entry, (err, s) => (err || !s ? rej(err ?? new Error('no stream')) : res(s))));
          // counted as it unpacks: headers can lie
          const counter = new Transform({
            transform(chunk: Buffer, _enc, cb) {
              total += chunk.length;
              if (total > limits.maxUncompressed) cb(new DumpRefused('error.import.zip_too_large', { name: archive, max: limits.maxUncompressed }));
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
