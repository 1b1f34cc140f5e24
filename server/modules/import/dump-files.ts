import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { lstat, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { Entry as ZipEntry, ZipFile } from 'yauzl';

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
 * files inside .zip and .7z archives unpacked (nothing else; .7z with 7-Zip compiled to WebAssembly,
 * which needs no network or native binary). Refuses other kinds, names that are no dump file, the same file twice, archive entries that would land
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
          const dumpName = posix.normalize(name).split('/').length <= 2 ? dumpFileName(name) : undefined;
          if (!dumpName) {
            ignored.push(name.slice(0, 200));
            return;
          }
          take(dumpName);
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

/** One entry of a 7z listing (7zz l -slt). */
interface SevenZipEntry {
  path: string;
  size: number;
  folder: boolean;
  link: boolean;
}

/**
 * The worker that runs 7-Zip: one command, the real folders mounted at /m0, /m1, ..., its output
 * lines and exit code posted back. 7-Zip's WebAssembly runs synchronously, so it runs off the main
 * thread: the site keeps answering while a large archive unpacks.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
(async () => {
  const lines = [];
  let exitCode = 0;
  try {
    const SevenZip = (await import(pathToFileURL(workerData.module).href)).default;
    const sz = await SevenZip({ print: (l) => lines.push(l), printErr: (l) => lines.push(l), quit: (code) => (exitCode = code), noExitRuntime: true });
    const mounts = workerData.folders.map((root, i) => { const at = '/m' + i; sz.FS.mkdir(at); sz.FS.mount(sz.NODEFS, { root }, at); return at; });
    const args = [...workerData.args.map((a) => a.replace(/\\{m(\\d)\\}/g, (_, i) => mounts[Number(i)])), ...workerData.entries];
    try { sz.callMain(args); } catch (err) { if (typeof (err && err.status) !== 'number') throw err; exitCode = err.status; }
    parentPort.postMessage({ lines, exitCode });
  } catch (err) {
    parentPort.postMessage({ lines: [...lines, 'ERROR: ' + String(err && err.message || err)], exitCode: 2 });
  }
})();
`;

/**
 * Runs 7-Zip (WebAssembly, in a worker) with the real `folders` visible as {m0}, {m1}, ... in `args`,
 * then `entries` taken as they are (after "--": a name is never read as a switch); its output lines
 * and whether it said all went well.
 */
async function run7z(args: string[], folders: string[], entries: string[] = []): Promise<{ lines: string[]; ok: boolean }> {
  const module = createRequire(import.meta.url).resolve('7z-wasm');
  const { lines, exitCode } = await new Promise<{ lines: string[]; exitCode: number }>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { module, args, folders, entries: entries.length ? ['--', ...entries] : [] },
    });
    worker.once('message', (m: { lines: string[]; exitCode: number }) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`7-Zip worker stopped (${code})`)));
  });
  return { lines, ok: exitCode === 0 && !lines.some((l) => /^(ERROR|Can't open|Is not archive)/i.test(l.trim())) };
}

/** The entries of a 7z archive (its technical listing: blocks of "Key = value" lines). */
async function list7z(path: string): Promise<SevenZipEntry[] | string> {
  const { lines, ok } = await run7z(['l', '-slt', '-ba', '-bsp0', '-sccUTF-8', `{m0}/${posix.basename(path)}`], [dirname(path)]);
  if (!ok)
    return (
      lines
        .filter((l) => /error|can't|not archive/i.test(l))
        .join(' ')
        .slice(0, 300) || 'not a 7z archive'
    );
  const entries: SevenZipEntry[] = [];
  let cur: Record<string, string> = {};
  const flush = () => {
    if (cur.Path !== undefined) {
      const attributes = cur.Attributes ?? '';
      entries.push({
        path: cur.Path,
        size: Number(cur.Size ?? 0),
        folder: cur.Folder === '+' || /^D/.test(attributes),
        link: cur['Symbolic Link'] !== undefined || / l[rwx-]{9}/.test(attributes),
      });
    }
    cur = {};
  };
  for (const raw of lines) {
    // a progress line may run into the first "Path = " (progress is off, but be sure)
    const at = raw.indexOf('Path = ');
    const line = at > 0 && !/^[A-Za-z ]+ = /.test(raw) ? raw.slice(at) : raw;
    const m = /^([A-Za-z ]+) = (.*)$/.exec(line);
    if (m) {
      if (m[1] === 'Path' && cur.Path !== undefined) flush();
      cur[m[1]] = m[2];
    } else if (line.trim() === '') flush();
  }
  flush();
  return entries;
}

/**
 * The dump files inside a .7z archive, unpacked into `dir` (the same rules as a zip: no entry
 * outside the folder, only dump file names at the top or one folder down, each name once, the
 * total within the limits counted from the listing and again from what was written).
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
  const listed = await list7z(path);
  if (typeof listed === 'string') throw new DumpRefused('error.import.bad_7z', { name: archive, problem: listed });
  if (listed.length > limits.maxEntries) throw new DumpRefused('error.import.zip_too_many', { name: archive, max: limits.maxEntries });
  const wanted: { entry: string; name: string; size: number }[] = [];
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
    total += Number.isFinite(e.size) ? e.size : Infinity;
    if (total > limits.maxUncompressed) throw new DumpRefused('error.import.zip_too_large', { name: archive, max: limits.maxUncompressed });
    wanted.push({ entry: e.path, name, size: e.size });
  }
  if (wanted.length === 0) return total;
  // unpacked into a private folder first (flat: "e"), then each file checked and moved under its dump name
  const staging = await mkdtemp(join(dir, '.7z-'));
  try {
    const { lines, ok } = await run7z(
      ['e', `{m0}/${posix.basename(path)}`, '-o{m1}', '-spd', '-y', '-bsp0', '-bso0', '-sccUTF-8'],
      [dirname(path), staging],
      wanted.map((w) => w.entry),
    );
    if (!ok)
      throw new DumpRefused('error.import.bad_7z', {
        name: archive,
        problem: lines
          .filter((l) => l.trim())
          .join(' ')
          .slice(0, 300),
      });
    let written = already;
    for (const w of wanted) {
      const file = join(staging, posix.basename(w.entry.replace(/\\/g, '/')));
      const st = await lstat(file).catch(() => undefined);
      if (!st?.isFile()) throw new DumpRefused('error.import.bad_7z', { name: archive, problem: `${w.entry} was not unpacked` });
      written += st.size;
      if (written > limits.maxUncompressed)
        throw new DumpRefused('error.import.zip_too_large', { name: archive, max: limits.maxUncompressed });
      await rename(file, join(dir, w.name));
    }
    return written;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
