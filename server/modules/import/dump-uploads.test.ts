import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { uploadsDir } from '../upload/upload.service.js';
import { importStackExchange } from './stackexchange.js';

// a 1x1 PNG
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);
const name = (c: string) => `post/${c.repeat(24)}.png`;
const [GOOD, FAKE, MISSING, TAKEN, ESCAPE] = [name('a'), name('b'), name('c'), name('d'), name('e')];

let app: TestApp;
let dump: string;

/** A question row whose body shows one picture at `src`. */
const question = (id: number, src: string) =>
  `  <row Id="${id}" PostTypeId="1" CreationDate="2020-01-0${id}T10:00:00.000" Score="1" Body="&lt;p&gt;See &lt;img src=&quot;${src}&quot; alt=&quot;p&quot;&gt;&lt;/p&gt;" Title="Picture question number ${id}" Tags="&lt;pictures&gt;" />`;

beforeAll(async () => {
  app = await startTestApp({ install: false });
  dump = mkdtempSync(join(tmpdir(), 'dump-uploads-'));
  writeFileSync(
    join(dump, 'Posts.xml'),
    [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<posts>',
      question(1, `/uploads/${GOOD}`),
      question(2, `/uploads/${FAKE}`),
      question(3, `/uploads/${MISSING}`),
      question(4, `/uploads/${TAKEN}`),
      // not a site-relative upload address: another site's, and a path that climbs out
      question(5, `https://elsewhere.example/uploads/${ESCAPE}`),
      question(6, `/uploads/../../${ESCAPE}`),
      '</posts>',
    ].join('\n'),
  );
  for (const [rel, bytes] of [
    [GOOD, PNG],
    [FAKE, Buffer.from('<svg onload="alert(1)"></svg>')],
    [TAKEN, PNG],
    [ESCAPE, PNG],
  ] as const) {
    mkdirSync(join(dump, 'uploads', 'post'), { recursive: true });
    writeFileSync(join(dump, 'uploads', rel), bytes);
  }
  // the site already has a different file at one of the names
  mkdirSync(join(uploadsDir(app.lantern.ctx), 'post'), { recursive: true });
  writeFileSync(join(uploadsDir(app.lantern.ctx), TAKEN), Buffer.from('a different file'));
});
afterAll(async () => {
  await app.stop();
  rmSync(dump, { recursive: true, force: true });
});

describe('an import of a Lantern export puts its uploads back', () => {
  it('restores the real pictures posts name at their paths, recorded; skips the rest with why; a repeat finds them there', async () => {
    const opts = { site: 'team.example.org', uploads: { dir: uploadsDir(app.lantern.ctx), basePath: '' } };
    const report = await importStackExchange(app.lantern.ctx.db, dump, opts);
    expect(report.errors).toEqual([]);
    expect(report.questions.imported).toBe(6);
    expect(report.uploads).toEqual({
      rows: 4,
      imported: 1,
      existing: 0,
      skipped: 3,
      reasons: { 'not the image its name says': 1, 'not in the dump': 1, 'another file has its name': 1 },
    });
    expect(readFileSync(join(uploadsDir(app.lantern.ctx), GOOD)).equals(PNG)).toBe(true);
    expect(readFileSync(join(uploadsDir(app.lantern.ctx), TAKEN), 'utf8')).toBe('a different file');
    const records = await app.lantern.ctx.db.selectFrom('file_record').select(['file_path', 'file_url', 'mime_type', 'source']).execute();
    expect(records).toEqual([{ file_path: GOOD, file_url: `/uploads/${GOOD}`, mime_type: 'image/png', source: 'post' }]);
    const served = await fetch(`${app.url}/uploads/${GOOD}`);
    expect(served.status).toBe(200);
    expect((await fetch(`${app.url}/uploads/${FAKE}`)).status).toBe(404);

    const again = await importStackExchange(app.lantern.ctx.db, dump, opts);
    expect(again.uploads).toMatchObject({ rows: 4, imported: 0, existing: 1, skipped: 3 });
    expect(await app.lantern.ctx.db.selectFrom('file_record').select('id').execute()).toHaveLength(1);
  });
});
