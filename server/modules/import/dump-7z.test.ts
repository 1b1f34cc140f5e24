import * as fs from 'node:fs';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, adminToken } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { sevenZipMaker } from '../../../tests/support/make-7z.js';
import { writeTinyDump } from '../../../tests/support/tiny-dump.js';
import { DEFAULT_LIMITS, DumpRefused, prepareDump } from './dump-files.js';
import { makeSevenZip } from './seven-zip.js';

// Issue 15: the admin upload takes a .7z dump as Stack Exchange distributes it, with the zip's safety: no entry
// outside the folder, a bound on what it unpacks to and on its entries, only the dump's file names. Issue 35: read
// by Lantern's own reader (seven-zip.ts: LZMA, LZMA2, BZip2, uncompressed), streamed, in a worker thread; other
// methods are refused by name.

const HISTORY = join(fileURLToPath(new URL('../../..', import.meta.url)), '../shared/data/stackexchange/history-meta');
const HAVE_HISTORY = existsSync(join(HISTORY, 'Posts.xml'));

const work = mkdtempSync(join(tmpdir(), 'dump-7z-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let seq = 0;

const { make7z, describe7z } = sevenZipMaker(work);

/**
 * A real dump file's first rows, about `bytes` of them, closed as the file closes. The methods' tests take these
 * slices (a fifth of history-meta's 5.6 MB): compressing and unpacking the whole dump six ways was 40 s of npm test,
 * and the whole dump goes through a 7z import in `npm run test:long` (tests/long/import-7z.test.ts).
 */
function firstRows(file: string, bytes = 256 * 1024): Buffer {
  const text = readFileSync(file, 'utf8');
  if (text.length <= bytes) return Buffer.from(text);
  const closing = text.slice(text.trimEnd().lastIndexOf('\n') + 1);
  return Buffer.from(`${text.slice(0, text.lastIndexOf('\n', bytes) + 1)}${closing}`);
}

/** The history-meta dump's files (real data, their first rows), with the dump's other files made up small: all eight. */
function allDumpFiles(): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const f of ['Users.xml', 'Posts.xml', 'Comments.xml', 'Badges.xml']) files[f] = firstRows(join(HISTORY, f));
  const small = (root: string) => Buffer.from(`<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n</${root}>\n`);
  files['Tags.xml'] = small('tags');
  files['Votes.xml'] = small('votes');
  files['PostLinks.xml'] = small('postlinks');
  files['PostHistory.xml'] = small('posthistory');
  return files;
}

// the eight files in 7-Zip's default archive (several seconds of 7-Zip on a loaded machine): made once, for the tests that
// only read it
let history7z: Promise<string> | undefined;
const historyArchive = () => (history7z ??= make7z(allDumpFiles()));

const USERS =
  '<?xml version="1.0" encoding="utf-8"?>\n<users>\n  <row Id="5" Reputation="10" CreationDate="2015-01-01T00:00:00.000" DisplayName="Seven Zed" />\n</users>\n';
const POSTS = '<?xml version="1.0" encoding="utf-8"?>\n<posts>\n</posts>\n';

async function refusal(archive: string, limits = DEFAULT_LIMITS): Promise<DumpRefused> {
  const out = join(work, `out-${++seq}`);
  try {
    await prepareDump([{ path: archive, originalname: 'dump.7z' }], out, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(DumpRefused);
    // nothing of the archive was left in the dump folder
    expect(readdirSync(out).filter((f) => !f.startsWith('.'))).toEqual([]);
    return err as DumpRefused;
  }
  throw new Error('not refused');
}

describe('a .7z dump', () => {
  it('unpacks its dump files (at the top or one folder down, any case) and leaves the rest out', async () => {
    const archive = await make7z({
      'coffee.stackexchange.com/Users.xml': USERS,
      'coffee.stackexchange.com/posts.xml': POSTS,
      'coffee.stackexchange.com/readme.txt': 'hello',
      'deep/er/Comments.xml': POSTS,
    });
    const out = join(work, 'out-ok');
    const prepared = await prepareDump([{ path: archive, originalname: 'coffee.stackexchange.com.7z' }], out);
    expect(prepared.files).toEqual(['Users.xml', 'Posts.xml']);
    expect(prepared.ignored.sort()).toEqual(['coffee.stackexchange.com/readme.txt', 'deep/er/Comments.xml']);
    expect(readFileSync(join(out, 'Users.xml'), 'utf8')).toBe(USERS);
    expect(readFileSync(join(out, 'Posts.xml'), 'utf8')).toBe(POSTS);
    expect(readdirSync(out).sort()).toEqual(['Posts.xml', 'Users.xml']);
  });

  it('refuses an entry that would land outside the folder: ../ or absolute', async () => {
    expect((await refusal(await make7z({ 'Posts.xml': POSTS }, [['Posts.xml', '../../Posts.xml']]))).key).toBe('error.import.zip_path');
    expect((await refusal(await make7z({ 'Posts.xml': POSTS }, [['Posts.xml', '/tmp/Posts.xml']]))).key).toBe('error.import.zip_path');
  });

  it('takes an entry name that looks like a 7-Zip switch as a name', async () => {
    const archive = await make7z({ 'x/Posts.xml': POSTS }, [['x/Posts.xml', '-ostray/Posts.xml']]);
    const out = join(work, 'out-switch');
    const prepared = await prepareDump([{ path: archive, originalname: 'dump.7z' }], out);
    expect(prepared.files).toEqual(['Posts.xml']);
    expect(readFileSync(join(out, 'Posts.xml'), 'utf8')).toBe(POSTS);
    expect(existsSync(join(process.cwd(), 'stray'))).toBe(false);
  });

  it('refuses one unpacking to more than the limit, and one with too many entries', async () => {
    const archive = await make7z({ 'Posts.xml': POSTS + ' '.repeat(5000), 'Users.xml': USERS });
    const big = await refusal(archive, { maxUncompressed: 4000, maxEntries: 100 });
    expect(big.key).toBe('error.import.zip_too_large');
    const many = await refusal(await make7z(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`n${i}.txt`, 'x']))), {
      maxUncompressed: 1e9,
      maxEntries: 10,
    });
    expect(many.key).toBe('error.import.zip_too_many');
  });

  it('refuses a file that is not a 7-Zip archive, and the same dump file twice', async () => {
    const fake = join(work, 'fake.7z');
    writeFileSync(fake, Buffer.from('377abcaf271c0004deadbeef', 'hex'));
    const bad = await refusal(fake);
    expect(bad.key).toBe('error.import.bad_7z');
    expect((await refusal(await make7z({ 'a/Posts.xml': POSTS, 'b/Posts.xml': POSTS }))).key).toBe('error.import.duplicate_file');
  });
});

describe.skipIf(!HAVE_HISTORY)('the methods 7-Zip uses for a dump', () => {
  const files = HAVE_HISTORY ? allDumpFiles() : {};
  const names = Object.keys(files).sort();
  const archiveOf = (switches: string[]) => (switches.length ? make7z(files, [], switches) : historyArchive());

  async function unpacked(archive: string): Promise<void> {
    const out = join(work, `out-${++seq}`);
    const prepared = await prepareDump([{ path: archive, originalname: 'history.stackexchange.com.7z' }], out);
    expect([...prepared.files].sort()).toEqual(names);
    expect(prepared.ignored).toEqual([]);
    for (const f of names) expect(readFileSync(join(out, f)).equals(files[f]), f).toBe(true);
    expect(readdirSync(out).sort()).toEqual(names);
  }

  it.each([
    ["LZMA2 (7-Zip's default), solid, its header compressed too", [], /Method = LZMA2/],
    ['LZMA, solid', ['-m0=LZMA'], /Method = LZMA:/],
    ['LZMA with the largest dictionary of -mx=9', ['-m0=LZMA', '-mx=9'], /Method = LZMA:/],
    ['BZip2', ['-m0=BZip2'], /Method = BZip2/],
    ['no compression', ['-m0=Copy'], /Method = Copy/],
    ['LZMA2, one block a file, the header not compressed', ['-ms=off', '-mhc=off'], /Solid = -/],
  ])(
    'unpacks every dump file of a 7z with %s, byte for byte',
    async (_label, switches, method) => {
      const archive = await archiveOf(switches);
      expect(await describe7z(archive)).toMatch(method);
      await unpacked(archive);
    },
    180_000,
  );

  it('the default archive is one solid block of all eight files, behind a compressed (encoded) header', async () => {
    const archive = await archiveOf([]);
    const listing = await describe7z(archive);
    expect(listing).toMatch(/Solid = \+/);
    expect(listing).toMatch(/Blocks = 1\b/);
    // the start header points at the next header; 0x17 is kEncodedHeader: the header is itself LZMA-compressed
    const raw = readFileSync(archive);
    expect(raw[32 + Number(raw.readBigUInt64LE(12))]).toBe(0x17);
    await unpacked(archive);
  }, 180_000);

  it('refuses a truncated or damaged archive with a clear message, leaving nothing', async () => {
    const archive = await archiveOf([]);
    const size = statSync(archive).size;
    for (const keep of [size - 10, Math.floor(size / 2), 40]) {
      const cut = join(work, `cut-${++seq}.7z`);
      writeFileSync(cut, readFileSync(archive).subarray(0, keep));
      const refused = await refusal(cut);
      expect(refused.key).toBe('error.import.bad_7z');
      expect(String(refused.params.problem)).toMatch(/truncated|damaged/);
    }
    // the data cut short while the header (at the end) is whole
    const raw = readFileSync(archive);
    const headerAt = 32 + Number(raw.readBigUInt64LE(12));
    const gap = join(work, `gap-${++seq}.7z`);
    writeFileSync(gap, Buffer.concat([raw.subarray(0, 32), raw.subarray(headerAt)]));
    expect((await refusal(gap)).key).toBe('error.import.bad_7z');
    // a flipped byte in the compressed data: the decoder or the entry's CRC says so
    for (const at of [100, Math.floor(headerAt / 2), headerAt - 20]) {
      const bad = Buffer.from(raw);
      bad[at] ^= 0x55;
      const path = join(work, `flip-${++seq}.7z`);
      writeFileSync(path, bad);
      const refused = await refusal(path);
      expect(refused.key).toBe('error.import.bad_7z');
    }
    // only the signature
    const sig = join(work, `sig-${++seq}.7z`);
    writeFileSync(sig, raw.subarray(0, 32));
    expect((await refusal(sig)).key).toBe('error.import.bad_7z');
    truncateSync(sig, 0);
    expect((await refusal(sig)).key).toBe('error.import.bad_7z');
  }, 180_000);

  it.each([
    ['PPMd', ['-m0=PPMd'], /PPMd/],
    ['AES-256 encryption', ['-pSECRET'], /7zAES/],
    ['AES-256 encryption of the names too', ['-pSECRET', '-mhe=on'], /7zAES/],
    ['Deflate', ['-m0=Deflate'], /Deflate/],
    ['a filter before LZMA2 (BCJ, for programs)', ['-mf=BCJ'], /BCJ/],
    ['a Delta filter', ['-mf=Delta:4'], /Delta/],
  ])('refuses an archive that uses %s, naming the method and what to do instead', async (_label, switches, method) => {
    const archive = await make7z({ 'Posts.xml': POSTS, 'Users.xml': USERS }, [], switches);
    const refused = await refusal(archive);
    expect(refused.key).toBe('error.import.7z_method');
    expect(String(refused.params.method)).toMatch(method);
  });
});

describe('the 7z reader', () => {
  const reader = makeSevenZip(fs, zlib);

  it('stops at the first byte past its budget, having written no more', async () => {
    const big = 'x'.repeat(300_000);
    const archive = await make7z({ 'Posts.xml': big });
    const [entry] = reader.list(archive);
    const file = join(work, `budget-${++seq}`);
    expect(reader.extract(archive, [{ index: entry.index, file }], 300_000)).toBe(300_000);
    expect(readFileSync(file, 'utf8')).toBe(big);
    let failure: unknown;
    try {
      reader.extract(archive, [{ index: entry.index, file }], 299_999);
    } catch (err) {
      failure = err;
    }
    expect(failure).toMatchObject({ kind: 'too_large' });
    expect(statSync(file).size).toBeLessThanOrEqual(299_999);
  });

  it('counts what it passes over in a solid block: a large entry before the dump files is refused while unpacking', async () => {
    // Aaa.xml is no dump file (left out) but comes first in the block: reaching Posts.xml decodes it
    const archive = await make7z({ 'Aaa.xml': ' '.repeat(50_000), 'Posts.xml': POSTS, 'Users.xml': USERS });
    expect(reader.list(archive).map((e) => e.path)).toEqual(['Aaa.xml', 'Posts.xml', 'Users.xml']);
    const refused = await refusal(archive, { maxUncompressed: 20_000, maxEntries: 10 });
    expect(refused.key).toBe('error.import.zip_too_large');
  });

  it.skipIf(!HAVE_HISTORY)(
    'keeps the request thread free: unpacking runs in a worker',
    async () => {
      const archive = await historyArchive();
      let last = performance.now();
      let longest = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      try {
        await prepareDump([{ path: archive, originalname: 'h.7z' }], join(work, `out-${++seq}`));
      } finally {
        clearInterval(timer);
      }
      const took = performance.now() - started;
      // 5.6 MB of XML take a while to decode (hundreds of ms); the timers kept running all along (on the request
      // thread they would wait for the whole of it, and the longest gap would be about `took`)
      expect(took).toBeGreaterThan(50);
      expect(longest).toBeLessThan(took / 2);
    },
    180_000,
  );
});

describe('POST /answer/admin/api/import/stackexchange with a .7z', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await captchaOff(app);
  });
  afterAll(async () => app.stop());

  it('imports the dump inside it, the site named by the archive', async () => {
    const dir = writeTinyDump([{ id: 31, name: 'Zip Less', reputation: 321 }]);
    const archive = await make7z({
      'Users.xml': readFileSync(join(dir, 'Users.xml'), 'utf8'),
      'Posts.xml': readFileSync(join(dir, 'Posts.xml'), 'utf8'),
    });
    rmSync(dir, { recursive: true, force: true });
    const token = await adminToken(app);
    const form = new FormData();
    form.append('files', new Blob([readFileSync(archive)]), 'tea.stackexchange.com.7z');
    const r = await fetch(`${app.url}/answer/admin/api/import/stackexchange`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    const body = (await r.json()) as { code: number; data: { site: string; files: string[] } };
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ site: 'tea.stackexchange.com', files: ['Users.xml', 'Posts.xml'] });
    await expect
      .poll(async () => (await app.call('GET', '/answer/admin/api/import/stackexchange', { token })).body.data.state, { timeout: 20_000 })
      .toBe('done');
    const status = (await app.call('GET', '/answer/admin/api/import/stackexchange', { token })).body.data;
    expect(status.report.users.imported).toBe(1);
    expect(status.report.questions.imported).toBe(1);
  });

  const upload = (archive: string, name: string) => uploadTo(app, archive, name);

  it('answers an archive of a method it cannot unpack with a 400 in the envelope, naming what to do', async () => {
    const archive = await make7z({ 'Posts.xml': POSTS, 'Users.xml': USERS }, [], ['-m0=PPMd']);
    const { status, body } = await upload(archive, 'tea.stackexchange.com.7z');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, reason: 'error.import.7z_method' });
    expect(body.msg).toContain('PPMd');
    expect(body.msg).toContain('Unpack it with 7-Zip and upload the XML files');
    expect(body.data).toEqual([{ error_field: 'files', error_msg: body.msg }]);
  });
});

async function uploadTo(app: TestApp, archive: string, name: string) {
  const token = await adminToken(app);
  const form = new FormData();
  form.append('files', new Blob([readFileSync(archive)]), name);
  const r = await fetch(`${app.url}/answer/admin/api/import/stackexchange`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  return { token, status: r.status, body: (await r.json()) as { code: number; reason: string; msg: string; data: unknown } };
}

// the real history-meta dump as a .7z through Admin → Import (about 40 s): tests/long/import-7z.test.ts (npm run test:long)
