import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../tests/support/accounts.js';
import { insertQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { QUESTION_STATUS, SHOW_STATUS } from '../../contract/enums.js';
import { sitemapXml } from './seo.service.js';

let t: TestApp;
let token: string;
const ids: Record<'open' | 'closed' | 'deleted' | 'pending' | 'unlisted', string> = {} as never;
// 2026-01-02T03:04:05Z
const CHANGED = 1767323045;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  ids.open = await insertQuestion(t, {
    userId: 1,
    title: 'How do lanterns stay lit?',
    createdAt: CHANGED - 100,
    post_update_time: CHANGED,
  });
  ids.closed = await insertQuestion(t, { userId: 1, status: QUESTION_STATUS.closed });
  ids.deleted = await insertQuestion(t, { userId: 1, status: QUESTION_STATUS.deleted });
  ids.pending = await insertQuestion(t, { userId: 1, status: QUESTION_STATUS.pending });
  ids.unlisted = await insertQuestion(t, { userId: 1, show: SHOW_STATUS.hidden });
});
afterAll(() => t.stop());

async function putSetting(group: string, change: Record<string, unknown>) {
  const now = await t.call('GET', `/answer/admin/api/siteinfo/${group}`, { token });
  const r = await t.call('PUT', `/answer/admin/api/siteinfo/${group}`, { token, body: { ...now.body.data, ...change } });
  expect(r.status).toBe(200);
}

describe('GET /sitemap.xml', () => {
  it('lists the questions anyone may read, at absolute URLs under the site URL, with their last change', async () => {
    const res = await fetch(`${t.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = locs(xml);
    expect(listed).toContain(`http://127.0.0.1/questions/${ids.open}`);
    expect(listed).toContain(`http://127.0.0.1/questions/${ids.closed}`);
    for (const hidden of [ids.deleted, ids.pending, ids.unlisted]) expect(listed.some((u) => u.includes(hidden))).toBe(false);
    expect(xml).toContain(`<url><loc>http://127.0.0.1/questions/${ids.open}</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>`);
  });

  it('is the address robots.txt advertises', async () => {
    const robots = await fetch(`${t.url}/robots.txt`).then((r) => r.text());
    const advertised = /^Sitemap: (.+)$/m.exec(robots)![1];
    expect(advertised).toBe('http://127.0.0.1/sitemap.xml');
    expect((await fetch(`${t.url}${new URL(advertised).pathname}`)).status).toBe(200);
  });

  it('follows the permalink setting (1: id and title slug)', async () => {
    await putSetting('seo', { permalink: 1 });
    try {
      const xml = await fetch(`${t.url}/sitemap.xml`).then((r) => r.text());
      expect(locs(xml)).toContain(`http://127.0.0.1/questions/${ids.open}/how-do-lanterns-stay-lit`);
    } finally {
      await putSetting('seo', { permalink: 2 });
    }
  });

  it('is an index of files past the URLs one file may hold; a file past the last is 404', async () => {
    const opts = { origin: 'https://qa.example.com/', permalink: 2, perFile: 1 };
    const index = await sitemapXml(t.lantern.ctx, null, opts);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual(['https://qa.example.com/sitemap/question-1.xml', 'https://qa.example.com/sitemap/question-2.xml']);
    expect(locs(await sitemapXml(t.lantern.ctx, 2, opts))).toEqual([`https://qa.example.com/questions/${ids.closed}`]);
    await expect(sitemapXml(t.lantern.ctx, 3, opts)).rejects.toMatchObject({ status: 404 });
    // through HTTP, one file holds them all: its first file is the same list, the second does not exist
    expect(locs(await fetch(`${t.url}/sitemap/question-1.xml`).then((r) => r.text()))).toHaveLength(2);
    expect((await fetch(`${t.url}/sitemap/question-2.xml`)).status).toBe(404);
    expect((await fetch(`${t.url}/sitemap/other.xml`)).status).toBe(404);
  });

  it('is not served on a site that requires login', async () => {
    await putSetting('login', { login_required: true });
    try {
      expect((await fetch(`${t.url}/sitemap.xml`)).status).toBe(404);
      expect((await fetch(`${t.url}/sitemap/question-1.xml`)).status).toBe(404);
    } finally {
      await putSetting('login', { login_required: false });
    }
  });
});
