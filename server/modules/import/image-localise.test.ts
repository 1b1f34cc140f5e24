import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { fetchRemote, isPublicAddress } from './image-fetch.js';
import { localiseImportedImages, remoteImageUrls, rewriteUrls } from './image-localise.js';
import { importStackExchange } from './stackexchange.js';
import { uploadsDir } from '../upload/upload.service.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/a.png' || req.url === '/b.png?s=2') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/moved.png') return res.writeHead(302, { location: '/a.png' }).end();
    // a type the server claims is not what is checked: the bytes are
    if (req.url === '/page.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
    if (req.url === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64 * 1024));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await t.stop();
});

describe('remote image addresses in imported markdown', () => {
  it('finds inline, reference-style and HTML images, and rewrites whole addresses only', () => {
    const md =
      '![a](https://i.stack.imgur.com/x.png "t")\n![b][1]\n<img src="http://e.org/y.gif">\n[link](https://e.org/page)\n\n  [1]: https://i.stack.imgur.com/z.png';
    expect(remoteImageUrls(md).sort()).toEqual([
      'http://e.org/y.gif',
      'https://i.stack.imgur.com/x.png',
      'https://i.stack.imgur.com/z.png',
    ]);
    const local = new Map([['https://e.org/a.png', '/uploads/post/1.png']]);
    expect(rewriteUrls('![](https://e.org/a.png) ![](https://e.org/a.png?s=2) <img src="https://e.org/a.png">', local)).toBe(
      '![](/uploads/post/1.png) ![](https://e.org/a.png?s=2) <img src="/uploads/post/1.png">',
    );
  });
});

describe('import-se --fetch-images', () => {
  it('stores the images of imported posts as local uploads and points the posts at them; failures keep their link', async () => {
    const dump = mkdtempSync(join(tmpdir(), 'img-dump-'));
    const body = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const html = `<p>Diagram: <img src="${base}/a.png" alt="a"> again <img src="${base}/moved.png" alt="m"> <img src="${base}/page.png" alt="p"> <img src="${base}/huge.png" alt="h"> <img src="${base}/missing.png" alt="x"></p>`;
    writeFileSync(
      join(dump, 'Users.xml'),
      '<?xml version="1.0" encoding="utf-8"?>\n<users>\n  <row Id="7" Reputation="5" CreationDate="2015-03-01T10:00:00.000" DisplayName="Ann" />\n</users>\n',
    );
    writeFileSync(
      join(dump, 'Posts.xml'),
      `<?xml version="1.0" encoding="utf-8"?>\n<posts>\n  <row Id="101" PostTypeId="1" CreationDate="2016-05-01T10:00:00.000" Score="1" Body="${body(html)}" OwnerUserId="7" Title="How do I draw a lantern diagram?" Tags="&lt;drawing&gt;" AnswerCount="0" CommentCount="0" />\n</posts>\n`,
    );
    const imported = await importStackExchange(t.lantern.ctx.db, dump, { site: 'coffee.stackexchange.com' });
    expect(imported.questions.imported).toBe(1);
    const report = await localiseImportedImages(t.lantern.ctx.db, {
      host: 'coffee.stackexchange.com',
      uploadsDir: uploadsDir(t.lantern.ctx),
      basePath: '',
      now: t.lantern.ctx.clock.now(),
      limits: { maxBytes: 32 * 1024, addressAllowed: () => true },
    });
    expect(report).toEqual({ posts: 1, images: 5, stored: 2, failed: 3 });
    const q = await t.lantern.ctx.db
      .selectFrom('question')
      .select(['original_text', 'parsed_text'])
      .where('title', '=', 'How do I draw a lantern diagram?')
      .executeTakeFirstOrThrow();
    const local = [...q.original_text.matchAll(/\/uploads\/post\/[a-f0-9]{24}\.png/g)].map((m) => m[0]);
    expect(local).toHaveLength(2);
    expect(q.original_text).not.toContain(`${base}/a.png`);
    expect(q.parsed_text).toContain(`src="${local[0]}"`);
    for (const kept of ['page.png', 'huge.png', 'missing.png']) expect(q.original_text).toContain(`${base}/${kept}`);
    for (const path of local) {
      expect(existsSync(join(uploadsDir(t.lantern.ctx), path.replace('/uploads/', '')))).toBe(true);
      const served = await fetch(t.url + path);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
    const records = await t.lantern.ctx.db
      .selectFrom('file_record')
      .select(['file_url', 'mime_type', 'source'])
      .where('file_url', 'in', local)
      .execute();
    expect(records).toHaveLength(2);
  });
});

describe('the address check (SSRF)', () => {
  it('refuses loopback, private, link-local and other non-public addresses, IPv4-mapped ones too', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['93.184.216.34', '151.101.1.69', '2606:4700::6810:85e5']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('does not connect to this machine by default: an IP literal, a name that resolves to it, a redirect to it, another scheme', async () => {
    const limits = { maxBytes: 1024 * 1024, timeoutMs: 5000, maxRedirects: 3 };
    const before = hits.length;
    await expect(fetchRemote(`${base}/a.png`, limits)).rejects.toThrow(/refused address 127\.0\.0\.1/);
    await expect(fetchRemote(`${base.replace('127.0.0.1', 'localhost')}/a.png`, limits)).rejects.toThrow(/refused address/);
    await expect(fetchRemote(`http://[::ffff:127.0.0.1]:${new URL(base).port}/a.png`, limits)).rejects.toThrow(/refused address/);
    await expect(fetchRemote('ftp://example.com/a.png', limits)).rejects.toThrow(/not http/);
    expect(hits.length).toBe(before);
    // a public-looking first hop that redirects here is checked again at the redirect (the check is per connection)
    const allowOnce = (() => {
      let first = true;
      return () => {
        const ok = first;
        first = false;
        return ok;
      };
    })();
    await expect(fetchRemote(`${base}/moved.png`, { ...limits, addressAllowed: allowOnce })).rejects.toThrow(/refused address/);
  });
});

describe('POST admin import/stackexchange with fetch_images', () => {
  it('runs the images pass after the import, which by default refuses this machine (nothing is fetched from it)', async () => {
    const token = await adminToken(t);
    const posts = `<?xml version="1.0" encoding="utf-8"?>\n<posts>\n  <row Id="5" PostTypeId="1" CreationDate="2016-05-01T10:00:00.000" Score="1" Body="&lt;p&gt;&lt;img src=&quot;${base}/a.png&quot; alt=&quot;a&quot;&gt;&lt;/p&gt;" OwnerUserId="9" Title="Which wick suits a storm lantern?" Tags="&lt;wicks&gt;" AnswerCount="0" CommentCount="0" />\n</posts>\n`;
    const form = new FormData();
    form.append('site', 'lamps.stackexchange.com');
    form.append('fetch_images', 'true');
    form.append('files', new Blob([posts]), 'Posts.xml');
    const before = hits.length;
    const res = await fetch(`${t.url}/answer/admin/api/import/stackexchange`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(res.status).toBe(200);
    const done = await vi.waitFor(
      async () => {
        const s = (await t.call('GET', '/answer/admin/api/import/stackexchange', { token })).body.data;
        if (s.state === 'running') throw new Error(`still ${s.step}`);
        return s;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(done.state).toBe('done');
    expect(done.images).toEqual({ posts: 0, images: 1, stored: 0, failed: 1 });
    expect(hits.length).toBe(before);
    const q = await t.lantern.ctx.db
      .selectFrom('question')
      .select('original_text')
      .where('title', '=', 'Which wick suits a storm lantern?')
      .executeTakeFirstOrThrow();
    expect(q.original_text).toContain(`${base}/a.png`);
  });
});
