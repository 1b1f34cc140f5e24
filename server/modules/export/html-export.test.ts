import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { acceptAnswer, askQuestion, postAnswer, postComment } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { TERMS_JS } from './html-assets.js';
import { exportStaticArchive } from './html-export.js';
import { archiveTerms, shardKey } from './html-search.js';
import { MANIFEST_FILE } from './html-writer.js';

// The static archive from a small seeded site: its pages, that every link and source in it is
// relative, that user text comes out escaped, the offline index, and a second export writing only
// what changed.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);

let app: TestApp;
let out: string;
let token: string;
let first: Awaited<ReturnType<typeof exportStaticArchive>>;
const ids: Record<string, string> = {};

function files(dir: string): string[] {
  const all: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) all.push(...files(p));
    else all.push(relative(out, p).split(sep).join('/'));
  }
  return all;
}

const read = (path: string) => readFileSync(join(out, path), 'utf8');

async function uploadPng(): Promise<string> {
  const form = new FormData();
  form.set('source', 'post');
  form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'lamp.png');
  const res = await fetch(`${app.url}/answer/api/v1/file`, { method: 'POST', body: form, headers: { authorization: token } });
  return ((await res.json()) as { data: string }).data;
}

async function exportNow() {
  return exportStaticArchive(app.lantern.ctx, { outDir: out });
}

beforeAll(async () => {
  app = await startTestApp();
  token = await adminToken(app);
  out = mkdtempSync(join(tmpdir(), 'lantern-archive-'));
  const picture = await uploadPng();
  ids.plain = await askQuestion(app, token, {
    title: 'How do I trim the wick of a paraffin lantern?',
    content: `Mine smokes. Here is the lamp: ![lamp](${picture})\n\nAnd one from elsewhere: ![far](https://example.com/far.png)\n\n\`\`\`js\nconst flame = 'low';\n\`\`\``,
    tags: ['sqlite'],
  });
  ids.hostile = await askQuestion(app, token, {
    title: 'Why does <script>alert(1)</script> & "quotes" break my page?',
    content: 'A title with markup in it. See [the other one](/questions/' + ids.plain + ') and [a site page](/admin).',
  });
  ids.answer = await postAnswer(app, token, ids.plain, { content: 'Cut it straight across with sharp scissors, then light it.' });
  await acceptAnswer(app, token, ids.plain, ids.answer);
  await postComment(app, token, ids.plain, 'Thanks, the **smoke** stopped.');
  first = await exportNow();
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('exportStaticArchive', () => {
  it('writes a home page listing the questions and a page per question with its answer, comment, accepted mark and tags', () => {
    expect(first.questions).toBe(2);
    const home = read('index.html');
    expect(home).toContain('How do I trim the wick of a paraffin lantern?');
    const page = files(out).find((f) => f.startsWith('q/') && f.endsWith(`${ids.plain}.html`))!;
    expect(home).toContain(`href="${page}"`);
    const html = read(page);
    expect(html).toContain('Cut it straight across with sharp scissors');
    expect(html).toContain('class="post accepted"');
    expect(html).toContain('<strong>smoke</strong>');
    expect(html).toMatch(/<a href="\.\.\/\.\.\/tags\/t\d+\.html">sqlite<\/a>/);
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('href="../../index.html"');
    expect(read('assets/archive.css')).toContain('.hljs-keyword');
    expect(read('assets/archive.css')).toContain(":root[data-theme='dark']");
  });

  it('copies the uploads a page uses into the archive and points at them relatively', () => {
    const page = files(out).find((f) => f.endsWith(`${ids.plain}.html`))!;
    const src = /<img src="([^"]+)" alt="lamp"/.exec(read(page))?.[1];
    expect(src).toMatch(/^\.\.\/\.\.\/uploads\/post\/[a-f0-9]{24}\.png$/);
    expect(readFileSync(join(out, src!.replace('../../', '')))).toEqual(PNG);
  });

  it('loads nothing from another origin and links only relatively', () => {
    for (const f of files(out)) {
      if (f.startsWith('uploads/')) continue;
      const text = read(f);
      // what a browser would fetch: src, link href, CSS url(), @import; never absolute or protocol-relative
      for (const m of text.matchAll(/\b(?:src|srcset)="([^"]*)"|<link[^>]*href="([^"]*)"|url\(([^)]*)\)|@import\s+["']([^"']+)/g)) {
        const url = (m[1] ?? m[2] ?? m[3] ?? m[4]).replace(/["']/g, '');
        expect(url, `${f}: ${url}`).not.toMatch(/^(?:[a-z]+:|\/)/i);
      }
      // links: relative, or (only inside a post, never a page's own link) to another site
      for (const m of text.matchAll(/\bhref="([^"]*)"/g)) {
        const url = m[1];
        if (/^https?:\/\//.test(url)) {
          expect(url, f).toBe('https://example.com/far.png');
          continue;
        }
        expect(url, `${f}: ${url}`).not.toMatch(/^(?:[a-z]+:|\/)/i);
      }
      if (!f.startsWith('q/')) expect(text, f).not.toMatch(/https?:\/\/|["'(]\/\//);
      // the search script builds its links from the page's relative root only
      if (f.endsWith('.js')) expect(text, f).not.toMatch(/["']\/[a-z]/i);
    }
  });

  it('writes every page of a site-relative link as relative: a question link to its page, another site path dropped', () => {
    const page = read(files(out).find((f) => f.endsWith(`${ids.hostile}.html`))!);
    expect(page).toContain(`href="../../q/`);
    expect(page).toContain('>the other one</a>');
    expect(page).not.toContain('/admin');
    expect(page).toContain('<a>a site page</a>');
  });

  it('escapes titles in every place they appear', () => {
    const home = read('index.html');
    expect(home).toContain('Why does &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; break my page?');
    expect(home).not.toContain('<script>alert(1)');
    const doc = files(out)
      .filter((f) => f.startsWith('search/docs/'))
      .map(read)
      .join('');
    expect(doc).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });

  it('writes tag and user pages', () => {
    const tagPage = files(out).find((f) => /^tags\/t\d+\.html$/.test(f))!;
    expect(read(tagPage)).toContain('How do I trim the wick of a paraffin lantern?');
    expect(read('tags/index.html')).toContain('sqlite');
    const user = files(out).find((f) => f.startsWith('u/'))!;
    expect(read(user)).toContain('How do I trim the wick');
    expect(read('users/index.html')).toContain(`href="../${user}"`);
  });

  it('indexes every question for the offline search: the shard of a word lists the question', () => {
    const terms = read(`search/terms/${shardKey('paraffin')}.js`);
    expect(terms).toContain('"paraffin"');
    const found: Record<string, [string, string]> = {};
    runInNewContext(terms, { LanternSearch: { shard: (_k: string, t: Record<string, [string, string]>) => Object.assign(found, t) } });
    const num = parseInt(found.paraffin[0], 36);
    const docs: unknown[][] = [];
    runInNewContext(read(`search/docs/${Math.floor(num / 500)}.js`), {
      LanternSearch: { docs: (_n: number, d: unknown[][]) => docs.push(...d) },
    });
    expect(docs[num % 500]?.[1]).toBe('How do I trim the wick of a paraffin lantern?');
    // an answer's words find the question too
    expect(read(`search/terms/${shardKey('scissors')}.js`)).toContain('"scissors"');
  });

  it("splits text in the browser's search script as the index does", () => {
    const browser = runInNewContext(`${TERMS_JS}; ({ archiveTerms, shardKey })`) as {
      archiveTerms: typeof archiveTerms;
      shardKey: typeof shardKey;
    };
    for (const text of ['Crème brûlée in SQLite 3.45', '如何在离线时搜索问题', 'a_b x C++ node.js', 'Ελληνικά and русский']) {
      expect(browser.archiveTerms(text)).toEqual(archiveTerms(text));
      for (const t of archiveTerms(text)) expect(browser.shardKey(t)).toBe(shardKey(t));
    }
  });

  it('writes only what changed on a second export into the same folder, and removes what went', async () => {
    const before = new Map(files(out).map((f) => [f, statSync(join(out, f)).mtimeMs]));
    // every file's time set back, so a rewrite shows as a newer time whatever the file system's precision
    const past = new Date(Math.floor(Date.now() / 1000 - 3600) * 1000);
    const untouched = (f: string) => Math.abs(statSync(join(out, f)).mtimeMs - past.getTime()) < 1;
    for (const f of before.keys()) utimesSync(join(out, f), past, past);
    const again = await exportNow();
    expect(again.pagesWritten).toBe(0);
    expect(again.pagesUnchanged).toBe(first.pagesWritten);
    for (const f of before.keys()) if (f !== MANIFEST_FILE) expect(untouched(f), f).toBe(true);

    const id = await askQuestion(app, token, { title: 'Which oil burns cleanest in a hurricane lamp?', tags: ['sqlite'] });
    const third = await exportNow();
    expect(third.questions).toBe(3);
    const changed = files(out).filter((f) => f !== MANIFEST_FILE && !untouched(f));
    expect(changed).toContain(files(out).find((f) => f.endsWith(`${id}.html`)));
    expect(changed).toContain('index.html');
    // the other questions' pages stay as they were
    expect(changed.some((f) => f.endsWith(`${ids.hostile}.html`))).toBe(false);
    expect(third.pagesWritten).toBe(changed.length);
    expect(third.pagesWritten).toBeLessThan(third.pagesUnchanged);

    const del = await app.call('DELETE', '/answer/api/v1/question', { token, body: { id } });
    expect(del.status).toBe(200);
    await exportNow();
    expect(files(out).some((f) => f.endsWith(`${id}.html`))).toBe(false);
    expect(existsSync(join(out, MANIFEST_FILE))).toBe(true);
  });
});

describe('exportStaticArchive beside the server', () => {
  it('lets the event loop turn between pages, so the server answers while it runs', async () => {
    // a timer set before the export fires before the export's last page only if the export gives the loop a turn:
    // its reads are synchronous (better-sqlite3), so without a turn between pages requests wait for the whole export
    let fired = false;
    const timer = setTimeout(() => (fired = true), 0);
    const seenDuring: boolean[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'lantern-archive-turns-'));
    await exportStaticArchive(app.lantern.ctx, {
      outDir: dir,
      onProgress: () => seenDuring.push(fired),
    });
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
    expect(seenDuring.length).toBeGreaterThan(1);
    expect(seenDuring.slice(0, -1).some(Boolean)).toBe(true);
  });
});

describe('exportStaticArchive into a folder another export is writing', () => {
  it('refuses, and the folder is free again once the first one ends', async () => {
    const running = exportNow();
    await expect(exportNow()).rejects.toThrow(/another export is writing into/);
    await running;
    expect((await exportNow()).pagesWritten).toBe(0);
  });
});

describe('GET /answer/admin/api/exports/html.zip', () => {
  it('builds the archive and sends it as a zip whose entries are the archive files', async () => {
    const res = await fetch(`${app.url}/answer/admin/api/exports/html.zip`, { headers: { authorization: token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="lantern-archive-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    // the end record: as many entries as the central directory lists, which starts where it says
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const count = zip.readUInt16LE(end + 10);
    const central = zip.readUInt32LE(end + 16);
    const names: string[] = [];
    for (let at = central, i = 0; i < count; i++) {
      expect(zip.readUInt32LE(at)).toBe(0x02014b50);
      const len = zip.readUInt16LE(at + 28);
      names.push(zip.subarray(at + 46, at + 46 + len).toString('utf8'));
      at += 46 + len + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    const inside = names.map((n) => n.slice(n.indexOf('/') + 1));
    expect(inside).toContain('index.html');
    expect(inside).toContain('search.html');
    expect(inside.some((n) => n.startsWith('uploads/post/'))).toBe(true);
    expect(inside).not.toContain(MANIFEST_FILE);
  });

  it('refuses a member with the envelope', async () => {
    const member = await makeUser(app);
    const res = await app.call('GET', '/answer/admin/api/exports/html.zip', { token: member.token });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBeTruthy();
  });
});
