// A real Stack Exchange dump as a .7z through Admin → Import (issue 15, 35): the history-meta dump (5.6 MB of XML)
// packed by 7-Zip as it distributes dumps (LZMA2, solid, in a folder named for the site), uploaded to the admin
// route of a fresh app, unpacked by Lantern's reader and imported with exactly the dump's counts. About 40 s on a
// loaded two-core machine, so it runs in `npm run test:long`; npm test's dump-7z.test.ts unpacks the same files with
// every method byte for byte and imports a small dump from a .7z.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff } from '../support/accounts.js';
import { sevenZipMaker } from '../support/make-7z.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { root } from './support.js';

const HISTORY = join(process.env.LANTERN_SE_DATA ?? join(root, '../shared/data/stackexchange'), 'history-meta');
const HAVE_HISTORY = existsSync(join(HISTORY, 'Posts.xml'));

const work = mkdtempSync(join(tmpdir(), 'import-7z-'));
const { make7z } = sevenZipMaker(work);

describe.skipIf(!HAVE_HISTORY)('a real dump as a .7z through Admin → Import', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await captchaOff(app);
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('imports the history-meta dump from a .7z (LZMA2, solid) with exactly its counts', async () => {
    const files = ['Users.xml', 'Posts.xml', 'Comments.xml', 'Badges.xml'];
    const archive = await make7z(
      Object.fromEntries(files.map((f) => [`meta.history.stackexchange.com/${f}`, readFileSync(join(HISTORY, f))])),
    );
    const token = await adminToken(app);
    const form = new FormData();
    form.append('files', new Blob([readFileSync(archive)]), 'meta.history.stackexchange.com.7z');
    const r = await fetch(`${app.url}/answer/admin/api/import/stackexchange`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    const body = (await r.json()) as { code: number; data: unknown };
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ site: 'meta.history.stackexchange.com', files });
    await expect
      .poll(async () => (await app.call('GET', '/answer/admin/api/import/stackexchange', { token })).body.data.state, {
        timeout: 170_000,
      })
      .toBe('done');
    const { report } = (await app.call('GET', '/answer/admin/api/import/stackexchange', { token })).body.data;
    expect(report.errors).toEqual([]);
    expect(report.users).toMatchObject({ rows: 2295, imported: 2295 });
    expect(report.questions).toMatchObject({ rows: 556, imported: 556 });
    expect(report.comments.rows).toBe(3454);
  }, 180_000);
});
