import fc from 'fast-check';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { onPostgres } from '../../../tests/support/pg-test-db.js';
import { MAIL_STATUS } from '../../contract/limits.js';
import { stripMetadata } from './upload.images.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

/** The JPEG with an EXIF segment (APP1) after SOI that carries a GPS marker text. */
function jpegWithExif(): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('GPS-SECRET-LOCATION 51.5N 0.12W', 'latin1')]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(payload.length + 2);
  return Buffer.concat([JPEG.subarray(0, 2), Buffer.from([0xff, 0xe1]), len, payload, JPEG.subarray(2)]);
}

/** A PNG whose header claims 3000 x 3000 pixels. */
function hugePngHeader(): Buffer {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(3000, 16);
  png.writeUInt32BE(3000, 20);
  return png;
}

let app: TestApp;
let user: { id: number; token: string };
let admin: string;

async function upload(opts: { token?: string; source?: string | null; file?: Buffer; name?: string; type?: string; field?: string }) {
  const form = new FormData();
  if (opts.source !== null) form.set('source', opts.source ?? 'post');
  if (opts.file)
    form.set(opts.field ?? 'file', new Blob([new Uint8Array(opts.file)], { type: opts.type ?? 'image/png' }), opts.name ?? 'picture.png');
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = opts.token;
  const res = await fetch(`${app.url}/answer/api/v1/file`, { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as any };
}

/** GET a raw path, without fetch's normalisation of ../ and percent escapes. */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const u = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const pathOf = (url: string) => new URL(url, 'http://x').pathname;

beforeAll(async () => {
  app = await startTestApp();
  user = await makeUser(app, { name: 'Uploader Person' });
  admin = await adminToken(app);
  // this file uploads more than an hour's quota as one member: the quotas are upload.quota.test.ts's
  const ctx = app.lantern.ctx;
  await ctx.settings.put('write', { ...(await ctx.settings.get('write')), max_uploads_per_hour: 0, max_upload_mb_per_day: 0 });
});
afterAll(async () => app.stop());

describe('POST file', () => {
  it('stores a PNG under a random name, records it and answers its URL', async () => {
    const r = await upload({ token: user.token, file: PNG, name: 'holiday photo.png' });
    expect(r.status).toBe(200);
    // absolute at the address the request came to (loopback here); stored site-relative (upload-url.ts)
    expect(r.body.data).toMatch(new RegExp(`^${app.url}/uploads/post/[a-f0-9]{24}\\.png$`));
    const rel = pathOf(r.body.data).replace('/uploads/', '');
    const onDisk = join(app.dataDir, 'uploads', rel);
    expect(readFileSync(onDisk).equals(PNG)).toBe(true);
    // written beside as a dot-named temporary file, then renamed: nothing else is left in the folder
    expect(readdirSync(dirname(onDisk)).filter((n) => n.startsWith('.'))).toEqual([]);
    const rec = await app.lantern.ctx.db.selectFrom('file_record').selectAll().where('file_path', '=', rel).executeTakeFirstOrThrow();
    expect(rec).toEqual(
      expect.objectContaining({
        user_id: user.id,
        file_url: pathOf(r.body.data),
        file_name: 'holiday photo.png',
        mime_type: 'image/png',
        size: PNG.length,
        source: 'post',
        status: 1,
      }),
    );
  });

  it('takes JPEG, GIF and WebP by their bytes, whatever the name and the sent type say', async () => {
    for (const [bytes, ext] of [
      [JPEG, 'jpg'],
      [GIF, 'gif'],
      [WEBP, 'webp'],
    ] as const) {
      const r = await upload({ token: user.token, file: bytes, name: 'misleading.txt', type: 'text/plain' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatch(new RegExp(`/uploads/post/[a-f0-9]{24}\\.${ext}$`));
    }
  });

  it('removes EXIF (location) data from JPEGs', async () => {
    const withExif = jpegWithExif();
    expect(withExif.includes('GPS-SECRET-LOCATION')).toBe(true);
    const r = await upload({ token: user.token, file: withExif, name: 'camera.jpg', type: 'image/jpeg' });
    expect(r.status).toBe(200);
    const stored = readFileSync(join(app.dataDir, pathOf(r.body.data)));
    expect(stored.includes('GPS-SECRET-LOCATION')).toBe(false);
    expect(stored.equals(JPEG)).toBe(true);
    expect(stripMetadata(PNG, 'png').equals(PNG)).toBe(true);
  });

  it('refuses bytes that are not an accepted image, with error_field file', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('just some text'), 'notes.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), 'logo.svg', 'image/svg+xml'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.jpg', 'image/jpeg'],
      [Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100)]), 'doc.png', 'image/png'],
      [PNG.subarray(0, 12), 'truncated.png', 'image/png'],
    ];
    for (const [bytes, name, type] of cases) {
      const r = await upload({ token: user.token, file: bytes, name, type });
      expect(r.status, name).toBe(400);
      expect(r.body.reason).toBe('error.upload.unsupported_file_format');
      expect(r.body.data).toEqual([{ error_field: 'file', error_msg: 'Unsupported file format.' }]);
    }
  });

  it('refuses files over 4 MB, and over a lower max_image_size setting', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    const r = await upload({ token: user.token, file: big });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ error_field: 'file', error_msg: 'The file is too large: the limit is 4 MB.' }]);

    const ctx = app.lantern.ctx;
    const write = await ctx.settings.get('write');
    await ctx.settings.put('write', { ...write, max_image_size: 1 });
    try {
      const mid = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
      const r2 = await upload({ token: user.token, file: mid });
      expect(r2.status).toBe(400);
      expect(r2.body.data).toEqual([{ error_field: 'file', error_msg: 'The file is too large: the limit is 1 MB.' }]);
      expect((await upload({ token: user.token, file: PNG })).status).toBe(200);
    } finally {
      await ctx.settings.put('write', write);
    }
    // a setting above 4 MB does not lift the cap
    await ctx.settings.put('write', { ...write, max_image_size: 100 });
    try {
      expect((await upload({ token: user.token, file: big })).status).toBe(400);
    } finally {
      await ctx.settings.put('write', write);
    }
  });

  it('refuses images over the megapixel setting and formats outside the allowed extensions', async () => {
    const ctx = app.lantern.ctx;
    const write = await ctx.settings.get('write');
    await ctx.settings.put('write', { ...write, max_image_megapixel: 1, authorized_image_extensions: ['png'] });
    try {
      const huge = await upload({ token: user.token, file: hugePngHeader() });
      expect(huge.status).toBe(400);
      expect(huge.body.reason).toBe('error.upload.unsupported_file_format');
      const gif = await upload({ token: user.token, file: GIF, name: 'a.gif', type: 'image/gif' });
      expect(gif.status).toBe(400);
      expect(gif.body.data[0].error_field).toBe('file');
      expect((await upload({ token: user.token, file: PNG })).status).toBe(200);
    } finally {
      await ctx.settings.put('write', write);
    }
  });

  it('checks the source: unknown refused, branding for admins only, attachments only for allowed extensions', async () => {
    for (const source of ['banner', '', '../post', 'constructor', '__proto__']) {
      const r = await upload({ token: user.token, file: PNG, source });
      expect(r.status, source).toBe(400);
      expect(r.body.reason).toBe('error.upload.source_unsupported');
    }
    const missing = await upload({ token: user.token, file: PNG, source: null });
    expect(missing.body.reason).toBe('error.upload.source_unsupported');

    expect((await upload({ token: user.token, file: PNG, source: 'branding' })).status).toBe(403);
    const brand = await upload({ token: admin, file: PNG, source: 'branding' });
    expect(brand.status).toBe(200);
    expect(brand.body.data).toMatch(/\/uploads\/branding\/[a-f0-9]{24}\.png$/);

    const avatar = await upload({ token: user.token, file: JPEG, source: 'avatar', name: 'me.jpg' });
    expect(avatar.body.data).toMatch(/\/uploads\/avatar\/[a-f0-9]{24}\.jpg$/);

    // attachments follow authorized_attachment_extensions, empty by default
    expect((await upload({ token: user.token, file: PNG, source: 'post_attachment' })).status).toBe(400);
    const ctx = app.lantern.ctx;
    const write = await ctx.settings.get('write');
    await ctx.settings.put('write', { ...write, authorized_attachment_extensions: ['png'] });
    try {
      const att = await upload({ token: user.token, file: PNG, source: 'post_attachment' });
      expect(att.status).toBe(200);
      expect(att.body.data).toMatch(/\/uploads\/files\/post\/[a-f0-9]{24}\.png$/);
    } finally {
      await ctx.settings.put('write', write);
    }
  });

  it('needs a logged-in, active account', async () => {
    const anon = await upload({ file: PNG });
    expect(anon.status).toBe(401);
    expect(anon.body.reason).toBe('base.unauthorized_error');
    const inactive = await makeUser(app, { mailStatus: MAIL_STATUS.unverified });
    const r = await upload({ token: inactive.token, file: PNG });
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('error.email.need_to_be_verified');
    const suspended = await makeUser(app, { status: 9 });
    expect((await upload({ token: suspended.token, file: PNG })).status).toBe(403);
  });

  it('malformed requests get a 400, never a 500', async () => {
    expect((await upload({ token: user.token })).body.data).toEqual([{ error_field: 'file', error_msg: 'File cannot be empty.' }]);
    const wrongField = await upload({ token: user.token, file: PNG, field: 'image' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.data).toEqual([{ error_field: 'image', error_msg: expect.any(String) }]);
    const empty = await upload({ token: user.token, file: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    const json = await app.call('POST', '/answer/api/v1/file', { token: user.token, body: { source: 'post', file: 'x' } });
    expect(json.status).toBe(400);
    const broken = await fetch(`${app.url}/answer/api/v1/file`, {
      method: 'POST',
      headers: { authorization: user.token, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated',
    });
    expect(broken.status).toBe(400);
    const twoFiles = new FormData();
    twoFiles.set('source', 'post');
    twoFiles.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    twoFiles.append('file', new Blob([new Uint8Array(PNG)]), 'b.png');
    const two = await fetch(`${app.url}/answer/api/v1/file`, { method: 'POST', body: twoFiles, headers: { authorization: user.token } });
    expect(two.status).toBe(400);
  });
});

describe('POST file: random input', () => {
  it('random bytes, names, types and sources never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.constant(new Uint8Array(PNG)),
          fc.constant(new Uint8Array(Buffer.concat([PNG.subarray(0, 8), Buffer.from('garbage')]))),
        ),
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 30 }),
        fc.oneof(fc.constantFrom('post', 'avatar', 'branding', 'post_attachment'), fc.string({ maxLength: 20 })),
        async (bytes, name, type, source) => {
          const form = new FormData();
          form.set('source', source);
          form.set('file', new Blob([bytes], { type }), name || 'x');
          const res = await fetch(`${app.url}/answer/api/v1/file`, { method: 'POST', body: form, headers: { authorization: user.token } });
          expect(res.status).toBeLessThan(500);
          const body = (await res.json()) as { code: number };
          expect(body.code).toBe(res.status);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('GET /uploads/...', () => {
  let pngPath: string;
  let jpgPath: string;
  beforeAll(async () => {
    pngPath = pathOf((await upload({ token: user.token, file: PNG })).body.data);
    jpgPath = pathOf((await upload({ token: user.token, file: JPEG, name: 'x.jpg' })).body.data);
  });

  it('serves the bytes with the right type, nosniff, a locked-down CSP, a long cache and its generated name inline', async () => {
    for (const [path, bytes, type] of [
      [pngPath, PNG, 'image/png'],
      [jpgPath, JPEG, 'image/jpeg'],
    ] as const) {
      const r = await rawGet(path);
      expect(r.status).toBe(200);
      expect(r.body.equals(bytes)).toBe(true);
      expect(r.headers['content-type']).toBe(type);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers['content-disposition']).toBe(`inline; filename="${path.split('/').pop()}"`);
    }
  });

  it('refuses path traversal and anything this server did not write', async () => {
    const name = pngPath.split('/').pop()!;
    const attempts = [
      '/uploads/../lantern.db',
      '/uploads/post/../../lantern.db',
      '/uploads/post/..%2f..%2flantern.db',
      '/uploads/%2e%2e/%2e%2e/lantern.db',
      '/uploads/post/%2e%2e%2f%2e%2e%2flantern.db',
      '/uploads/..%5c..%5clantern.db',
      `/uploads/post/${name}/..`,
      `/uploads/post//${name}`,
      `/uploads/./post/${name}`,
      `/uploads/POST/${name}`,
      `/uploads/post/${name}%00.png`,
      '/uploads/post/',
      '/uploads/',
      '/uploads/post/000000000000000000000000.png',
      `/uploads/avatar/${name}`,
      '/uploads/lantern.db',
      '/uploads/files/post/../../../lantern.db',
    ];
    // every SQLite file starts with this header: no answer may carry the database
    const db = Buffer.from('SQLite format 3\u0000');
    for (const path of attempts) {
      const r = await rawGet(path);
      expect(r.status, path).not.toBe(200);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body.includes(db.subarray(0, 16)), path).toBe(false);
    }
    expect(existsSync(join(app.dataDir, 'uploads', 'post'))).toBe(true);
    expect(readdirSync(join(app.dataDir, 'uploads', 'post')).every((f) => /^[a-f0-9]{24}\.(png|jpg|gif|webp)$/.test(f))).toBe(true);
  });

  it('private mode needs the visit cookie of a live session, except for branding', async () => {
    const ctx = app.lantern.ctx;
    const brand = pathOf((await upload({ token: admin, file: PNG, source: 'branding' })).body.data);
    const login = await ctx.settings.get('login');
    await ctx.settings.put('login', { ...login, login_required: true });
    try {
      const anon = await rawGet(pngPath);
      expect(anon.status).toBe(302);
      expect(anon.headers.location).toBe('/403');
      expect((await rawGet(pngPath, { cookie: 'visit=not-a-real-token' })).status).toBe(302);
      const { visitToken } = await ctx.sessions.issue(user.id);
      const withCookie = await rawGet(pngPath, { cookie: `visit=${visitToken}` });
      expect(withCookie.status).toBe(200);
      expect(withCookie.body.equals(PNG)).toBe(true);
      // a members-only file: no cache keeps it (a shared proxy's would serve it to anyone)
      expect(withCookie.headers['cache-control']).toBe('private, no-store');
      const brandServed = await rawGet(brand);
      expect(brandServed.status).toBe(200);
      // branding is public even then, and keeps the long cache
      expect(brandServed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await ctx.settings.put('login', { ...login, login_required: false });
    }
    // public again: the long cache is back
    expect((await rawGet(pngPath)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('GET /uploads/... under a data dir inside a dot-folder', () => {
  // the Linux default (~/.local/share/lantern) and the README's example (./.lantern-data)
  let parent: string;
  let dotApp: TestApp;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'lantern-dot-'));
    dotApp = await startTestApp({ config: { dataDir: join(parent, '.local', 'share', 'lantern') } });
  });
  afterAll(async () => {
    await dotApp.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('serves post images, avatars and branding with their bytes', async () => {
    const owner = await makeUser(dotApp, { name: 'Dot Folder Person' });
    const boss = await adminToken(dotApp);
    for (const [source, token, bytes, type] of [
      ['post', owner.token, PNG, 'image/png'],
      ['avatar', owner.token, JPEG, 'image/jpeg'],
      ['branding', boss, GIF, 'image/gif'],
    ] as const) {
      const form = new FormData();
      form.set('source', source);
      form.set('file', new Blob([new Uint8Array(bytes)], { type }), 'picture');
      const posted = await fetch(`${dotApp.url}/answer/api/v1/file`, { method: 'POST', body: form, headers: { authorization: token } });
      const url = ((await posted.json()) as { data: string }).data;
      expect(posted.status, source).toBe(200);
      const got = await fetch(`${dotApp.url}${pathOf(url)}`);
      expect(got.status, source).toBe(200);
      expect(got.headers.get('content-type'), source).toBe(type);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes), source).toBe(true);
    }
  });
});

describe('an uploads folder outside the data dir (--uploads-dir)', () => {
  it('stores and serves uploads from it, and the admin page backup says to copy it by hand', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'lantern-shared-uploads-'));
    const main = app;
    app = await startTestApp({ config: { uploadsDir: shared } });
    try {
      const writer = await makeUser(app, { name: 'Shared Uploader' });
      const r = await upload({ token: writer.token, file: PNG, name: 'shared.png' });
      expect(r.status).toBe(200);
      const rel = pathOf(r.body.data).replace('/uploads/', '');
      expect(readFileSync(join(shared, rel)).equals(PNG)).toBe(true);
      expect(existsSync(join(app.dataDir, 'uploads', rel))).toBe(false);
      const served = await rawGet(pathOf(r.body.data));
      expect(served.status).toBe(200);
      expect(served.body.equals(PNG)).toBe(true);
      const backup = await app.call('POST', '/answer/admin/api/backups', { token: await adminToken(app) });
      expect(backup.status).toBe(400);
      expect(backup.body.reason).toBe(onPostgres ? 'error.backup.postgres' : 'error.backup.uploads_elsewhere');
    } finally {
      await app.stop();
      app = main;
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
