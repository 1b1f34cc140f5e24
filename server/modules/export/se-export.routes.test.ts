import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { claimExport } from './se-export.js';

const PATH = '/answer/admin/api/export/stackexchange';
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
});
afterAll(async () => app.stop());

/** The entries of a zip and the text of one of them. */
function readZip(bytes: Buffer, want: string): Promise<{ names: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const names: string[] = [];
      let text = '';
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        if (e.fileName !== want) return zip.readEntry();
        zip.openReadStream(e, (e2, stream) => {
          if (e2 || !stream) return reject(e2 ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => {
              text = Buffer.concat(chunks).toString('utf8');
              zip.readEntry();
            });
        });
      });
      zip.on('end', () => resolve({ names, text })).on('error', reject);
      zip.readEntry();
    });
  });
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
});
