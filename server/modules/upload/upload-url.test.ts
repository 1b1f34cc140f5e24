import { request } from 'node:http';
import type { NetworkInterfaceInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, makeUser, useSmtp } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer, postComment } from '../../../tests/support/factories.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { headlessHost, type HostControl } from '../../infra/host-control.js';

// Found across two network namespaces: Lantern served on every interface while its site URL was the
// loopback address; a member's picture went out as <img src="http://127.0.0.1:…/uploads/…">, which a
// visitor on another machine cannot load. Uploads are now stored site-relative and only the upload
// endpoint answers an absolute URL, at the address the request came to when that is one of the site's.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);
const LAN = '10.99.0.2';
const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
/** This machine as the tests pretend it: loopback and one LAN address. */
const host: HostControl = {
  ...headlessHost,
  networkInterfaces: () => ({ lo: [iface('127.0.0.1', 'IPv4', true)], eth0: [iface(LAN, 'IPv4')] }),
};

let app: TestApp;
let port: string;
let member: { id: number; token: string };
let admin: string;
const V1 = '/answer/api/v1';
const UPLOAD_PATH = /\/uploads\/post\/[a-f0-9]{24}\.png/;

/** A request as a browser on another machine makes it: any Host header (fetch cannot set one). */
function send(
  method: string,
  path: string,
  opts: { host?: string; token?: string; body?: Buffer; type?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { host: opts.host ?? `127.0.0.1:${port}` };
  if (opts.token) headers.authorization = opts.token;
  if (opts.type) headers['content-type'] = opts.type;
  if (opts.body) headers['content-length'] = String(opts.body.length);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(port), path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** POST file (a PNG) with the given Host header; answers the envelope's data. */
async function upload(token: string, source = 'post', hostHeader?: string): Promise<string> {
  const form = new FormData();
  form.set('source', source);
  form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'lamp.png');
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const r = await send('POST', `${V1}/file`, { host: hostHeader, token, body, type: encoded.headers.get('content-type')! });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as string;
}

const pathOf = (url: string) => new URL(url, 'http://x').pathname;

beforeAll(async () => {
  app = await startTestApp({ deps: { host } });
  port = new URL(app.url).port;
  member = await makeUser(app, { rank: 10000 });
  admin = await adminToken(app);
  // the site URL of a desktop install that has not switched the LAN on
  const general = await app.lantern.ctx.settings.get('general');
  await app.lantern.ctx.settings.put('general', { ...general, site_url: `http://127.0.0.1:${port}` });
});
afterAll(async () => app.stop());

describe('pictures that follow the address', () => {
  it('shows a LAN visitor a picture uploaded while the site URL was loopback at a relative address', async () => {
    const url = await upload(member.token);
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/uploads/post/[a-f0-9]{24}\\.png$`));
    const qid = await askQuestion(app, member.token, { content: `The wick:\n\n![lamp](${url})` });
    const seen = await send('GET', `${V1}/question/info?id=${qid}`, { host: `${LAN}:${port}` });
    expect(seen.status).toBe(200);
    const src = /<img src="([^"]+)"/.exec(seen.body.data.html)?.[1];
    expect(src).toBe(pathOf(url));
    expect(seen.body.data.html).not.toContain('127.0.0.1');
    expect(seen.body.data.content).toBe(`The wick:\n\n![lamp](${pathOf(url)})`);
    // and the picture loads from there
    expect((await send('GET', pathOf(url), { host: `${LAN}:${port}` })).status).toBe(200);
  });

  it('keeps what it stores relative: the post, its revision and the upload record', async () => {
    const url = await upload(member.token);
    const qid = await askQuestion(app, member.token, { content: `Look: ![lamp](${url})` });
    const db = app.lantern.ctx.db;
    const q = await db.selectFrom('question').select(['original_text', 'parsed_text']).where('id', '=', qid).executeTakeFirstOrThrow();
    expect(q.original_text).toBe(`Look: ![lamp](${pathOf(url)})`);
    expect(q.parsed_text).toContain(`src="${pathOf(url)}"`);
    const rev = await db.selectFrom('revision').select('content').where('object_id', '=', qid).executeTakeFirstOrThrow();
    expect(rev.content).toContain(`(${pathOf(url)})`);
    expect(rev.content).not.toContain('http://127.0.0.1');
    const rec = await db
      .selectFrom('file_record')
      .select('file_url')
      .where('file_path', '=', pathOf(url).slice('/uploads/'.length))
      .executeTakeFirstOrThrow();
    expect(rec.file_url).toBe(pathOf(url));
  });
});

describe('POST /answer/api/v1/file', () => {
  it("answers an absolute URL at the request's host when that host is one of the site's", async () => {
    expect(await upload(member.token, 'post', `${LAN}:${port}`)).toMatch(new RegExp(`^http://10\\.99\\.0\\.2:${port}/uploads/post/`));
    expect(await upload(member.token, 'post', `localhost:${port}`)).toMatch(new RegExp(`^http://localhost:${port}/uploads/post/`));
  });

  it('answers at the site URL for a host that is not the site’s', async () => {
    for (const foreign of ['evil.example', `192.0.2.1:${port}`, 'user@127.0.0.1'])
      expect(await upload(member.token, 'post', foreign)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/uploads/post/`));
  });

  it("answers at the site URL's scheme for the site URL's host (behind a proxy)", async () => {
    const ctx = app.lantern.ctx;
    const general = await ctx.settings.get('general');
    await ctx.settings.put('general', { ...general, site_url: 'https://qa.example.com' });
    try {
      expect(await upload(member.token, 'post', 'qa.example.com')).toMatch(/^https:\/\/qa\.example\.com\/uploads\/post\//);
      expect(await upload(member.token, 'post', 'evil.example')).toMatch(/^https:\/\/qa\.example\.com\/uploads\/post\//);
      // a site URL with a path keeps it before /uploads/
      await ctx.settings.put('general', { ...general, site_url: 'https://qa.example.com/lamps' });
      expect(await upload(member.token, 'post', 'qa.example.com')).toMatch(/^https:\/\/qa\.example\.com\/lamps\/uploads\/post\//);
    } finally {
      await ctx.settings.put('general', general);
    }
  });
});

describe('what a stock client sends back', () => {
  const foreign = 'https://i.stack.imgur.com/AbC12.png';
  const otherLantern = 'http://10.0.0.9:9080/uploads/post/0123456789abcdef01234567.png';

  it('stores own absolute upload URLs of answers and comments relative, and leaves foreign ones alone', async () => {
    const url = await upload(member.token, 'post', `${LAN}:${port}`);
    const qid = await askQuestion(app, member.token);
    const body = `Mine ![a](${url}), theirs ![b](${foreign}) and ![c](${otherLantern}); as text: ${url}`;
    const aid = await postAnswer(app, member.token, qid, { content: body });
    const a = await app.call('GET', `${V1}/answer/info?id=${aid}`);
    expect(a.body.data.info.content).toBe(`Mine ![a](${pathOf(url)}), theirs ![b](${foreign}) and ![c](${otherLantern}); as text: ${url}`);
    expect(a.body.data.info.html).toContain(`<img src="${pathOf(url)}" alt="a" />`);
    expect(a.body.data.info.html).toContain(`<img src="${foreign}" alt="b" />`);
    expect(a.body.data.info.html).toContain(`<img src="${otherLantern}" alt="c" />`);
    // a bare URL in running text stays as written (relative, it would no longer be a link)
    expect(a.body.data.info.html).toContain(`<a href="${url}"`);
    const edited = await app.call('PUT', `${V1}/answer`, {
      token: member.token,
      body: { id: aid, question_id: qid, content: `Edited: ![a](${url}) again`, edit_summary: 'x' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await app.call('GET', `${V1}/answer/info?id=${aid}`)).body.data.info.content).toBe(`Edited: ![a](${pathOf(url)}) again`);
    const cid = await postComment(app, member.token, qid, `See [the picture](${url}) please`);
    const c = await app.lantern.ctx.db
      .selectFrom('comment')
      .select(['original_text', 'parsed_text'])
      .where('id', '=', cid)
      .executeTakeFirstOrThrow();
    expect(c.original_text).toBe(`See [the picture](${pathOf(url)}) please`);
    expect(c.parsed_text).toContain(`href="${pathOf(url)}"`);
  });

  it('stores a custom avatar and a bio picture relative, and user info answers the relative URL', async () => {
    const url = await upload(member.token, 'avatar', `localhost:${port}`);
    const put = await app.call('PUT', `${V1}/user/info`, {
      token: member.token,
      body: { display_name: 'Lamp Keeper', bio: `![me](${url})`, avatar: { type: 'custom', gravatar: '', custom: url } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const info = (await app.call('GET', `${V1}/user/info`, { token: member.token })).body.data;
    expect(info.avatar).toMatchObject({ type: 'custom', custom: pathOf(url) });
    expect(info.bio).toBe(`![me](${pathOf(url)})`);
    const row = await app.lantern.ctx.db.selectFrom('user').select('avatar').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.avatar).custom).toBe(pathOf(url));
  });

  it('stores uploaded branding relative and siteinfo answers it so; a foreign logo stays absolute', async () => {
    const logo = await upload(admin, 'branding', `${LAN}:${port}`);
    const put = await app.call('PUT', '/answer/admin/api/siteinfo/branding', {
      token: admin,
      body: { logo, mobile_logo: foreign, square_icon: logo, favicon: '' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const branding = (await app.call('GET', `${V1}/siteinfo`)).body.data.branding;
    expect(branding).toEqual({ logo: pathOf(logo), mobile_logo: foreign, square_icon: pathOf(logo), favicon: '' });
  });

  it('stores a tag description picture relative', async () => {
    const url = await upload(admin, 'post', `127.0.0.1:${port}`);
    const r = await app.call('POST', `${V1}/tag`, {
      token: admin,
      body: { slug_name: 'wicks', display_name: 'wicks', original_text: `A wick: ![w](${url})` },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = await app.lantern.ctx.db
      .selectFrom('tag')
      .select(['original_text', 'parsed_text'])
      .where('slug_name', '=', 'wicks')
      .executeTakeFirstOrThrow();
    expect(t.original_text).toBe(`A wick: ![w](${pathOf(url)})`);
    expect(t.parsed_text).toContain(`src="${pathOf(url)}"`);
  });

  it('makes relative an old address of this site whose file is here, whatever its host', async () => {
    const url = await upload(member.token);
    const moved = `http://192.168.7.7:9080${pathOf(url)}`;
    const qid = await askQuestion(app, member.token, {
      content: `Old link ![x](${moved}) and ![y](http://192.168.7.7:9080/uploads/post/ffffffffffffffffffffffff.png)`,
    });
    const q = await app.lantern.ctx.db.selectFrom('question').select('original_text').where('id', '=', qid).executeTakeFirstOrThrow();
    expect(q.original_text).toBe(
      `Old link ![x](${pathOf(url)}) and ![y](http://192.168.7.7:9080/uploads/post/ffffffffffffffffffffffff.png)`,
    );
  });
});

describe('mails', () => {
  it('carry absolute links at the site URL, never a site-relative path, for a post with a picture', async () => {
    const smtp = await startSmtp();
    try {
      await useSmtp(app, smtp.port);
      const asker = await makeUser(app, { rank: 10000, email: 'asker-pictures@example.com' });
      const qid = await askQuestion(app, asker.token);
      const url = await upload(member.token, 'post', `${LAN}:${port}`);
      await postAnswer(app, member.token, qid, { content: `This wick: ![wick](${url}) and [the picture](${url})` });
      await app.lantern.ctx.events.settle();
      const raw = (await smtp.waitFor('asker-pictures@example.com')).raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const links = [...raw.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`http://127.0.0.1:${port}/`), link).toBe(true);
      // the summary is text: no picture path, relative or absolute, reaches a mail
      expect(raw).not.toMatch(UPLOAD_PATH);
    } finally {
      await smtp.close();
    }
  });
});

describe('under a base path', () => {
  it('stores /qa/uploads/... and answers the upload at the request address with the base path', async () => {
    const based = await startTestApp({ config: { basePath: '/qa' } });
    try {
      const token = (await makeUser(based, { rank: 10000 })).token;
      const form = new FormData();
      form.set('source', 'post');
      form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'lamp.png');
      const r = await fetch(`${based.url}${V1}/file`, { method: 'POST', body: form, headers: { authorization: token } });
      const url = ((await r.json()) as { data: string }).data;
      expect(url).toMatch(new RegExp(`^${based.url}/uploads/post/[a-f0-9]{24}\\.png$`));
      expect(pathOf(url)).toMatch(/^\/qa\/uploads\//);
      const qid = await askQuestion(based, token, { content: `![lamp](${url})` });
      const q = await based.lantern.ctx.db
        .selectFrom('question')
        .select(['original_text', 'parsed_text'])
        .where('id', '=', qid)
        .executeTakeFirstOrThrow();
      expect(q.original_text).toBe(`![lamp](${pathOf(url)})`);
      expect(q.parsed_text).toContain(`src="${pathOf(url)}"`);
      expect((await fetch(new URL(pathOf(url), based.url))).status).toBe(200);
    } finally {
      await based.stop();
    }
  });
});
