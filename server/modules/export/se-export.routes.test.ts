import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { claimExport } from './se-export.js';

const PATH = '/answer/admin/api/export/stackexchange';
// a 1x1 PNG
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
});
afterAll(async () => app.stop());

/** The entries of a zip, by name. */
function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (e2, stream) => {
          if (e2 || !stream) return reject(e2 ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => {
              entries.set(e.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
        });
      });
      zip.on('end', () => resolve(entries)).on('error', reject);
      zip.readEntry();
    });
  });
}

/** The entries of a zip and the text of one of them. */
async function readZip(bytes: Buffer, want: string): Promise<{ names: string[]; text: string }> {
  const entries = await zipEntries(bytes);
  return { names: [...entries.keys()], text: entries.get(want)?.toString('utf8') ?? '' };
}

/** An app's Stack Exchange export, as the admin downloads it. */
async function download(on: TestApp, token: string): Promise<Buffer> {
  const res = await fetch(on.url + PATH, { headers: { authorization: token } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('GET /answer/admin/api/export/stackexchange', () => {
  it('sends the site as a Stack Exchange dump zip holding the question just asked', async () => {
    const asked = await app.call('POST', '/answer/api/v1/question', {
      token: admin,
      body: {
        title: 'How long should a French press steep?',
        content: 'I steep it for **four** minutes; is that right?',
        tags: [{ slug_name: 'french-press' }],
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const res = await fetch(app.url + PATH, { headers: { authorization: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="lantern-stackexchange-\d{4}-\d{2}-\d{2}\.zip"$/);
    const { names, text } = await readZip(Buffer.from(await res.arrayBuffer()), 'Posts.xml');
    expect(names).toEqual(
      expect.arrayContaining([
        'Users.xml',
        'Posts.xml',
        'PostHistory.xml',
        'Tags.xml',
        'Comments.xml',
        'Votes.xml',
        'Badges.xml',
        'PostLinks.xml',
        'lantern-export.json',
      ]),
    );
    expect(text).toContain('Title="How long should a French press steep?"');
    expect(text).toContain('Tags="&lt;french-press&gt;"');
    expect(text).toContain('Body="&lt;p&gt;I steep it for &lt;strong&gt;four&lt;/strong&gt; minutes; is that right?&lt;/p&gt;&#xA;"');
  });

  it('refuses a second export while one runs with 409 error.export_se.busy, then works again', async () => {
    const release = claimExport(app.lantern.ctx.db);
    try {
      const busy = await app.call('GET', PATH, { token: admin });
      expect(busy.status).toBe(409);
      expect(busy.body).toMatchObject({
        code: 409,
        reason: 'error.export_se.busy',
        msg: 'An export of this site is already running; try again when it has finished.',
      });
    } finally {
      release();
    }
    expect((await fetch(app.url + PATH, { headers: { authorization: admin } })).status).toBe(200);
  });

  it('is for admins only', async () => {
    const member = await makeUser(app);
    expect((await app.call('GET', PATH, { token: member.token })).body).toMatchObject({ code: 403 });
    expect((await app.call('GET', PATH)).status).toBe(401);
  });

  it("brings a post's picture along: the export zip holds it under uploads/, and an import of that zip serves it again", async () => {
    const form = new FormData();
    form.set('source', 'post');
    form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'grinder.png');
    const up = await fetch(`${app.url}/answer/api/v1/file`, { method: 'POST', body: form, headers: { authorization: admin } });
    const picture = ((await up.json()) as { data: string }).data;
    const rel = /\/uploads\/(post\/[a-f0-9]{24}\.png)$/.exec(picture)?.[1];
    expect(rel, picture).toBeTruthy();
    const asked = await app.call('POST', '/answer/api/v1/question', {
      token: admin,
      body: {
        title: 'Which burr grinder suits a small office?',
        content: `This one jams: ![grinder](${picture})`,
        tags: [{ slug_name: 'grinders' }],
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const zip = await download(app, admin);
    const first = await zipEntries(zip);
    const file = first.get(`uploads/${rel}`);
    expect(file, [...first.keys()].join(', ')).toBeTruthy();
    expect(first.get('Posts.xml')!.toString('utf8')).toContain(`src=&quot;/uploads/${rel}&quot;`);

    // the zip as the admin of a new site uploads it on Admin → Import
    const other = await startTestApp();
    try {
      const otherAdmin = await adminToken(other);
      const body = new FormData();
      body.append('site', 'team.example.org');
      body.append('files', new Blob([new Uint8Array(zip)]), 'lantern-stackexchange.zip');
      const started = await fetch(`${other.url}/answer/admin/api/import/stackexchange`, {
        method: 'POST',
        headers: { authorization: otherAdmin },
        body,
      });
      expect(started.status, await started.clone().text()).toBe(200);
      const done = await vi.waitFor(
        async () => {
          const s = (await other.call('GET', '/answer/admin/api/import/stackexchange', { token: otherAdmin })).body.data;
          if (s.state === 'running') throw new Error(`still ${s.step}`);
          return s;
        },
        { timeout: 60_000, interval: 50 },
      );
      expect(done.state, JSON.stringify(done)).toBe('done');
      expect(done.report.uploads).toEqual({ rows: 1, imported: 1, existing: 0, skipped: 0, reasons: {} });
      const served = await fetch(`${other.url}/uploads/${rel}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(file!)).toBe(true);
      const page = await other.call('GET', '/answer/api/v1/question/page?page=1&page_size=20&order=newest');
      const q = page.body.data.list.find((x: { title: string }) => x.title === 'Which burr grinder suits a small office?');
      const shown = await other.call('GET', `/answer/api/v1/question/info?id=${q.id}`);
      expect(shown.body.data.html).toContain(`/uploads/${rel}`);
      // and its own export holds the same file
      const again = await zipEntries(await download(other, otherAdmin));
      expect(again.get(`uploads/${rel}`)?.equals(file!)).toBe(true);
    } finally {
      await other.stop();
    }
  });
});
