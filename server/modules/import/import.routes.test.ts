import { deflateRawSync, crc32 } from 'node:zlib';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { DumpRefused, prepareDump } from './dump-files.js';
import { SOURCE_KEY } from './stackexchange.repository.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DATA = process.env.LANTERN_SE_DATA ?? join(ROOT, '../shared/data/stackexchange');
const HAVE_DUMPS = existsSync(join(DATA, 'coffee', 'Posts.xml'));
const ADMIN = '/answer/admin/api';

/** A zip archive of the given entries (deflated), names written as given, so ../ and absolute ones too. */
export function makeZip(entries: { name: string; data: string | Buffer; claimSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const packed = deflateRawSync(data);
    const name = Buffer.from(e.name);
    const crc = crc32(data);
    const size = e.claimSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const xml = (root: string, rows: string[], head = '') =>
  `\uFEFF<?xml version="1.0" encoding="utf-8"?>\n${head}<${root}>\n${rows.map((r) => `  <row ${r} />`).join('\n')}\n</${root}>\n`;
const POSTS = xml('posts', [
  'Id="1" PostTypeId="1" CreationDate="2016-01-02T10:00:00.000" Score="6" ViewCount="40" Body="&lt;p&gt;How long do roasted beans keep their aroma in a jar?&lt;/p&gt;" OwnerUserId="7" Title="Keeping roasted beans" Tags="&lt;storage&gt;&lt;beans&gt;" AnswerCount="1"',
  'Id="2" PostTypeId="2" ParentId="1" CreationDate="2016-01-03T10:00:00.000" Score="3" Body="&lt;p&gt;About two weeks, airtight and dark.&lt;/p&gt;" OwnerUserId="8"',
  'Id="3" PostTypeId="4" CreationDate="2016-01-02T10:00:00.000" Score="0" Body="Storing coffee beans and grounds." OwnerUserId="7"',
]);
const USERS = xml('users', [
  'Id="7" Reputation="120" CreationDate="2015-12-01T10:00:00.000" DisplayName="Ada Roaster" LastAccessDate="2016-02-01T10:00:00.000"',
  'Id="8" Reputation="45" CreationDate="2015-12-02T10:00:00.000" DisplayName="Bo Brewer" LastAccessDate="2016-02-01T10:00:00.000"',
]);
const COMMENTS = xml('comments', [
  'Id="1" PostId="2" Score="2" Text="Two weeks matches my experience." CreationDate="2016-01-04T10:00:00.000" UserId="7"',
]);

let app: TestApp;
let admin: string;
let scratch: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminToken(app);
  scratch = mkdtempSync(join(tmpdir(), 'se-upload-'));
});
afterAll(async () => {
  await app.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function upload(files: { name: string; data: string | Buffer }[], site?: string, token = admin) {
  const form = new FormData();
  if (site !== undefined) form.append('site', site);
  for (const f of files) form.append('files', new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)]), f.name);
  const res = await fetch(`${app.url}${ADMIN}/import/stackexchange`, { method: 'POST', headers: { authorization: token }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** The job's status. */
async function status(): Promise<any> {
  const r = await app.call('GET', `${ADMIN}/import/stackexchange`, { token: admin });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** Waits for the job to be no longer running (polled, as the admin page does). */
async function finished(): Promise<any> {
  return vi.waitFor(
    async () => {
      const s = await status();
      if (s.state === 'running') throw new Error(`still ${s.step} (${s.percent}%)`);
      return s;
    },
    { timeout: 170_000, interval: 50 },
  );
}

const importedCount = async (host: string) =>
  Number(
    (
      await app.lantern.ctx.db
        .selectFrom('meta')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', '=', SOURCE_KEY)
        .where('value', 'like', `${host}/%`)
        .executeTakeFirstOrThrow()
    ).n,
  );
const questionCount = async () =>
  Number(
    (
      await app.lantern.ctx.db
        .selectFrom('question')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const uploadsLeft = () => (existsSync(join(app.dataDir, 'import-uploads')) ? readdirSync(join(app.dataDir, 'import-uploads')) : []);

describe('POST import/stackexchange (admin)', () => {
  it('imports uploaded XML files with progress and a summary; the upload folder is removed', async () => {
    const r = await upload(
      [
        { name: 'Posts.xml', data: POSTS },
        { name: 'users.xml', data: USERS },
        { name: 'Comments.xml', data: COMMENTS },
      ],
      'beans.stackexchange.com',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      state: 'running',
      site: 'beans.stackexchange.com',
      files: ['Users.xml', 'Posts.xml', 'Comments.xml'],
    });
    const done = await finished();
    expect(done).toMatchObject({ state: 'done', percent: 100, error: '' });
    expect(done.report.questions).toMatchObject({ rows: 1, imported: 1 });
    expect(done.report.answers).toMatchObject({ rows: 1, imported: 1 });
    expect(done.report.users).toMatchObject({ rows: 2, imported: 2 });
    expect(done.report.comments).toMatchObject({ rows: 1, imported: 1 });
    expect(done.finished_at).toBeGreaterThanOrEqual(done.started_at);
    expect(await importedCount('beans.stackexchange.com')).toBe(5);
    expect(uploadsLeft()).toEqual([]);
  });

  it('takes Badges.xml, PostLinks.xml, Votes.xml and PostHistory.xml too: bad rows are skipped with why, a malformed file refuses the whole dump', async () => {
    const badges = xml('badges', [
      'Id="1" UserId="7" Name="Autobiographer" Date="2016-01-05T10:00:00.000" Class="3" TagBased="False"',
      'Id="2" UserId="7" Name="Autobiographer" Date="not a date" Class="3"',
    ]);
    const links = xml('postlinks', [
      'Id="1" CreationDate="2016-01-05T10:00:00.000" PostId="2" RelatedPostId="1" LinkTypeId="1"',
      'Id="2" CreationDate="2016-01-05T10:00:00.000" PostId="1" RelatedPostId="2" LinkTypeId="x"',
    ]);
    const votes = xml('votes', [
      'Id="1" PostId="1" VoteTypeId="2" CreationDate="2016-01-05T00:00:00.000"',
      'Id="2" PostId="1" VoteTypeId="5" UserId="8" CreationDate="2016-01-05T00:00:00.000"',
      'Id="3" PostId="1" VoteTypeId="two" CreationDate="2016-01-05T00:00:00.000"',
    ]);
    const history = xml('posthistory', [
      'Id="1" PostHistoryTypeId="2" PostId="2" RevisionGUID="a" CreationDate="2016-01-03T10:00:00.000" UserId="8" Text="About two weeks."',
      'Id="2" PostHistoryTypeId="5" PostId="2" RevisionGUID="b" CreationDate="2016-01-04T10:00:00.000" UserId="8" Comment="airtight" Text="About two weeks, airtight and dark."',
      'Id="3" PostHistoryTypeId="5" PostId="2" CreationDate="2016-01-04T10:00:00.000" UserId="8" Text="no guid"',
    ]);
    const base = [
      { name: 'Posts.xml', data: POSTS.replaceAll('beans', 'grounds') },
      { name: 'Users.xml', data: USERS },
    ];
    const truncated = votes.slice(0, votes.indexOf('VoteTypeId="5"'));
    const before = await questionCount();
    const refused = await upload(
      [...base, { name: 'badges.xml', data: badges }, { name: 'Votes.xml', data: truncated }],
      'grounds.stackexchange.com',
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const failed = await finished();
    expect(failed.state).toBe('failed');
    expect(failed.report.errors).toEqual([expect.stringMatching(/^Votes\.xml: /)]);
    expect(await questionCount()).toBe(before);
    expect(await importedCount('grounds.stackexchange.com')).toBe(0);

    const r = await upload(
      [
        ...base,
        { name: 'badges.xml', data: badges },
        { name: 'PostLinks.xml', data: links },
        { name: 'Votes.xml', data: votes },
        { name: 'PostHistory.xml', data: history },
      ],
      'grounds.stackexchange.com',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.files).toEqual(['Users.xml', 'Posts.xml', 'Votes.xml', 'Badges.xml', 'PostLinks.xml', 'PostHistory.xml']);
    const done = await finished();
    expect(done).toMatchObject({ state: 'done', error: '' });
    expect(done.report.badges).toEqual({ rows: 2, imported: 1, existing: 0, skipped: 1, reasons: { 'invalid Date': 1 } });
    expect(done.report.postLinks).toEqual({
      rows: 2,
      imported: 0,
      existing: 0,
      skipped: 2,
      reasons: { 'links its own question': 1, 'invalid LinkTypeId': 1 },
    });
    expect(done.report.votes).toEqual({
      rows: 3,
      imported: 1,
      existing: 0,
      skipped: 1,
      votes: 0,
      bookmarks: 1,
      inScore: 1,
      reasons: { 'invalid VoteTypeId': 1 },
    });
    expect(done.report.history).toEqual({ rows: 3, imported: 2, existing: 0, skipped: 1, reasons: { 'invalid RevisionGUID': 1 } });
    expect(done.report.revisions).toBe(2);
    expect(uploadsLeft()).toEqual([]);
  });

  it('takes a zip of the dump (in a folder too), names the site after the archive and leaves other entries out; a repeat adds nothing', async () => {
    const zip = makeZip([
      { name: 'tea.stackexchange.com/Posts.xml', data: POSTS.replaceAll('beans', 'leaves') },
      { name: 'tea.stackexchange.com/readme.txt', data: 'hello' },
      { name: 'Users.xml', data: USERS },
    ]);
    const r = await upload([{ name: 'tea.stackexchange.com.zip', data: zip }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      site: 'tea.stackexchange.com',
      files: ['Users.xml', 'Posts.xml'],
      ignored: ['tea.stackexchange.com/readme.txt'],
    });
    expect((await finished()).report.questions.imported).toBe(1);
    const again = await upload([{ name: 'tea.stackexchange.com.zip', data: zip }]);
    const repeat = await finished();
    expect(again.status).toBe(200);
    expect(repeat.report.questions).toMatchObject({ imported: 0, existing: 1 });
    expect(repeat.report.users).toMatchObject({ imported: 0, existing: 2 });
  });

  it.each([
    ['a zip with a ../ entry', [{ name: 'evil.zip', data: makeZip([{ name: '../../Posts.xml', data: POSTS }]) }], 'error.import.zip_path'],
    [
      'a zip with an absolute entry',
      [{ name: 'evil.zip', data: makeZip([{ name: '/tmp/Posts.xml', data: POSTS }]) }],
      'error.import.zip_path',
    ],
    ['a .7z that is not one', [{ name: 'coffee.stackexchange.com.7z', data: Buffer.from('377abcaf271c', 'hex') }], 'error.import.bad_7z'],
    ['a file that is no dump file', [{ name: 'Secrets.xml', data: POSTS }], 'error.import.unknown_file'],
    ['another kind of file', [{ name: 'Posts.json', data: '{}' }], 'error.import.file_type'],
    ['a zip that is not one', [{ name: 'dump.zip', data: 'PK not really' }], 'error.import.bad_zip'],
    [
      'Posts.xml twice',
      [
        { name: 'Posts.xml', data: POSTS },
        { name: 'posts.xml', data: POSTS },
      ],
      'error.import.duplicate_file',
    ],
    ['no Posts or Users', [{ name: 'Comments.xml', data: COMMENTS }], 'error.import.no_posts'],
    ['no files', [], 'error.import.no_files'],
  ])('refuses %s with a message, importing nothing', async (_label, files, reason) => {
    const before = await questionCount();
    const r = await upload(files, 'x.stackexchange.com');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, reason });
    expect(r.body.msg.length).toBeGreaterThan(10);
    expect(r.body.data).toEqual([{ error_field: 'files', error_msg: r.body.msg }]);
    expect(await questionCount()).toBe(before);
    expect(uploadsLeft()).toEqual([]);
    if (reason === 'error.import.bad_7z') expect(r.body.msg).toContain('could not be read as a 7-Zip archive');
  });

  it('needs the site for loose XML files and refuses a bad one', async () => {
    for (const site of [undefined, 'not a host', 'javascript:alert(1)']) {
      const r = await upload([{ name: 'Posts.xml', data: POSTS }], site);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ reason: 'error.import.site_invalid', data: [{ error_field: 'site' }] });
    }
  });

  it.each([
    [
      'a DOCTYPE with an external entity',
      xml(
        'posts',
        ['Id="9" PostTypeId="1" CreationDate="2016-01-02T10:00:00.000" Body="&lt;p&gt;&xxe;&lt;/p&gt;" Title="XXE" OwnerUserId="7"'],
        '<!DOCTYPE posts [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n',
      ),
    ],
    [
      'billion laughs',
      xml(
        'posts',
        ['Id="9" PostTypeId="1" CreationDate="2016-01-02T10:00:00.000" Body="&lol3;" Title="Laughs" OwnerUserId="7"'],
        '<!DOCTYPE posts [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n',
      ),
    ],
    ['truncated XML', POSTS.replace('beans', 'grinders').slice(0, POSTS.indexOf('PostTypeId="2"') + 40)],
  ])('refuses %s whole: the job fails with the problem, nothing is imported, the server goes on', async (_label, posts) => {
    const before = await questionCount();
    const r = await upload(
      [
        { name: 'Posts.xml', data: posts },
        { name: 'Users.xml', data: USERS },
      ],
      'evil.stackexchange.com',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished();
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/nothing was imported/);
    expect(done.report.errors[0]).toMatch(/^Posts\.xml: /);
    expect(await questionCount()).toBe(before);
    expect(await importedCount('evil.stackexchange.com')).toBe(0);
    expect((await app.call('GET', '/answer/api/v1/question/page?page=1&page_size=5')).status).toBe(200);
  });

  it('skips rows of the wrong types, counting why, and imports the rest', async () => {
    const posts = xml('posts', [
      'Id="1" PostTypeId="1" CreationDate="yesterday" Body="&lt;p&gt;Bad date&lt;/p&gt;" Title="Bad date"',
      'Id="two" PostTypeId="1" CreationDate="2016-01-02T10:00:00.000" Body="&lt;p&gt;Bad id&lt;/p&gt;" Title="Bad id"',
      'Id="3" PostTypeId="1" CreationDate="2016-01-02T10:00:00.000" Score="many" Body="&lt;p&gt;Bad score&lt;/p&gt;" Title="Bad score"',
      'Id="4" PostTypeId="1" CreationDate="2016-01-02T10:00:00.000" Body="&lt;p&gt;A fine question about kettles&lt;/p&gt;" Title="Kettles" OwnerUserId="1"',
    ]);
    const r = await upload([{ name: 'Posts.xml', data: posts }], 'kettles.stackexchange.com');
    expect(r.status).toBe(200);
    const done = await finished();
    expect(done.state).toBe('done');
    expect(done.report.questions).toEqual({
      rows: 4,
      imported: 1,
      existing: 0,
      skipped: 3,
      reasons: { 'invalid CreationDate': 1, 'invalid Id': 1, 'invalid Score': 1 },
    });
  });

  it.skipIf(!HAVE_DUMPS)(
    'runs one import at a time; the site answers while it runs',
    async () => {
      const posts = readFileSync(join(DATA, 'coffee', 'Posts.xml'));
      const first = await upload([{ name: 'Posts.xml', data: posts }], 'coffee.stackexchange.com');
      expect(first.body.data.state).toBe('running');
      const second = await upload([{ name: 'Posts.xml', data: posts }], 'coffee.stackexchange.com');
      expect(second.body).toMatchObject({ code: 400, reason: 'error.import.running' });
      expect((await app.call('GET', '/answer/api/v1/question/page?page=1&page_size=5')).status).toBe(200);
      const seen = new Set<string>();
      await vi.waitFor(
        async () => {
          const s = await status();
          seen.add(`${s.step} ${s.percent}`);
          if (s.state === 'running') throw new Error('running');
        },
        { timeout: 170_000, interval: 50 },
      );
      // progress went through the steps with a growing percentage
      const steps = [...seen].map((x) => x.split(' ')[0]);
      expect(steps).toEqual(expect.arrayContaining(['questions', 'answers']));
      const done = await finished();
      expect(done.state).toBe('done');
      expect(done.report.questions.imported).toBeGreaterThan(100);
    },
    180_000,
  );
});

describe('prepareDump', () => {
  const put = (name: string, data: string | Buffer) => {
    const path = join(scratch, `${Math.random().toString(36).slice(2)}-${name}`);
    writeFileSync(path, data);
    return { path, originalname: name };
  };
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      return err instanceof DumpRefused ? err.key : String(err);
    }
    return 'accepted';
  };

  it('refuses a zip bomb by what it unpacks to, even when its headers claim less', async () => {
    const big = Buffer.alloc(200_000, 0x20);
    expect(
      await refusal(
        prepareDump([put('bomb.zip', makeZip([{ name: 'Posts.xml', data: big }]))], join(scratch, 'a'), {
          maxUncompressed: 100_000,
          maxEntries: 10,
        }),
      ),
    ).toBe('error.import.zip_too_large');
    // the header says 10 bytes: counted while unpacking (and yauzl checks the size) it is refused too
    const lying = makeZip([{ name: 'Posts.xml', data: big, claimSize: 10 }]);
    expect(await refusal(prepareDump([put('liar.zip', lying)], join(scratch, 'b'), { maxUncompressed: 100_000, maxEntries: 10 }))).toMatch(
      /error\.import\.(zip_too_large|bad_zip)/,
    );
    expect(existsSync(join(scratch, 'b', 'Posts.xml')) ? readFileSync(join(scratch, 'b', 'Posts.xml')).length : 0).toBeLessThanOrEqual(
      100_000,
    );
  });

  it('refuses an archive of too many entries', async () => {
    const entries = Array.from({ length: 6 }, (_, i) => ({ name: `junk${i}.txt`, data: 'x' }));
    expect(
      await refusal(prepareDump([put('many.zip', makeZip(entries))], join(scratch, 'c'), { maxUncompressed: 100_000, maxEntries: 5 })),
    ).toBe('error.import.zip_too_many');
  });
});
