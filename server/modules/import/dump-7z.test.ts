import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import SevenZip from '7z-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, adminToken } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { writeTinyDump } from '../../../tests/support/tiny-dump.js';
import { DEFAULT_LIMITS, DumpRefused, prepareDump } from './dump-files.js';

// Issue 15: the admin upload takes a .7z dump as Stack Exchange distributes it, unpacked offline by
// 7-Zip compiled to WebAssembly, with the zip's safety: no entry outside the folder, a bound on
// what it unpacks to and on its entries, only the dump's file names.

const work = mkdtempSync(join(tmpdir(), 'dump-7z-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let seq = 0;

/**
 * Makes a .7z of `files` (path inside the archive → text) with 7-Zip itself; `rename` then renames
 * entries (7-Zip stores what it is told, ../ and absolute names too).
 */
async function make7z(files: Record<string, string>, rename: [string, string][] = []): Promise<string> {
  const dir = join(work, `src-${++seq}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const archive = join(work, `a-${seq}.7z`);
  const sz = await SevenZip({ print: () => {}, printErr: () => {} });
  sz.FS.mkdir('/w');
  sz.FS.mount(sz.NODEFS, { root: work }, '/w');
  sz.FS.chdir(`/w/src-${seq}`);
  sz.callMain(['a', '-t7z', `/w/a-${seq}.7z`, ...Object.keys(files)]);
  for (const [from, to] of rename) sz.callMain(['rn', `/w/a-${seq}.7z`, '--', from, to]);
  sz.FS.chdir('/');
  sz.FS.unmount('/w');
  expect(existsSync(archive)).toBe(true);
  return archive;
}

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
});
