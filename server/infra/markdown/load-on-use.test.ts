import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// In a fresh process (this test's own worker may have loaded anything): the whole server is imported
// (app.ts, which main.ts starts), and a site is rendered with what needs no heavy module. The modules
// only some requests need (highlight.js, pinyin-pro, turndown, and those of mail, captchas, uploads,
// backups, the LAN page's QR codes and imports) are then still unloaded; the first three are loaded by
// their first real use (the others' uses are their own modules' tests); highlight.js only ever loads
// in a render worker.
const SCRIPT = `
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const require = createRequire(import.meta.url);
// modules loaded through import are seen by a resolve hook, those loaded through require in its cache
const resolved = new Set();
const { port1, port2 } = new MessageChannel();
let pong = () => {};
port1.on('message', (m) => (m === 'pong' ? pong() : resolved.add(m)));
port1.unref();
// the hooks answer a ping after every URL they posted before it: all earlier resolutions are then in
const HOOKS = 'export async function initialize({ port }) { globalThis.port = port; port.on("message", () => port.postMessage("pong")); port.unref(); }' +
  'export async function resolve(s, c, next) { const r = await next(s, c); globalThis.port.postMessage(r.url); return r; }';
register('data:text/javascript,' + encodeURIComponent(HOOKS), { data: { port: port2 }, transferList: [port2] });
const flush = () =>
  new Promise((r) => {
    port1.ref();
    pong = () => {
      port1.unref();
      r();
    };
    port1.postMessage('ping');
  });
const loaded = async () => {
  await flush();
  const seen = [...Object.keys(require.cache), ...resolved];
  return ['highlight.js', 'pinyin-pro', 'turndown', 'nodemailer', 'altcha-lib', 'file-type', 'image-size', 'tar', 'qrcode', 'yauzl', 'saxes'].filter((m) => seen.some((k) => k.includes('/node_modules/' + m + '/')));
};
const { createApp } = await import('./server/app.ts');
const { renderMarkdown, urlTitle } = await import('./server/infra/markdown/render.ts');
const { htmlToMarkdown } = await import('./server/modules/import/html-to-markdown.ts');
const out = { imported: await loaded() };
out.plain = (await renderMarkdown('Some *text* and \`code\`\\n\\n    indented code')) + urlTitle('A plain title');
out.afterPlain = await loaded();
out.highlighted = await renderMarkdown('\`\`\`js\\nconst a = 1;\\n\`\`\`');
out.afterCode = await loaded();
out.slug = urlTitle('灯笼 lantern');
out.afterChinese = await loaded();
out.markdown = htmlToMarkdown('<p>An <em>imported</em> post</p>');
out.afterImport = await loaded();
out.createApp = typeof createApp;
process.stdout.write(JSON.stringify(out));
`;

describe('heavy modules load on first use', () => {
  it('the server starts without the modules few requests need; a Chinese title and an import load theirs, a code block loads none on the request thread', () => {
    const json = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LANTERN_LOG_LEVEL: 'silent' },
    });
    const out = JSON.parse(json);
    expect(out.createApp).toBe('function');
    expect(out.imported).toEqual([]);
    expect(out.afterPlain).toEqual([]);
    expect(out.highlighted).toContain('<span class="hljs-keyword">const</span>');
    // a code block renders in a render worker: highlight.js loads there, never on the request thread
    expect(out.afterCode).toEqual([]);
    expect(out.slug).toBe('deng-long-lantern');
    expect(out.afterChinese).toEqual(['pinyin-pro']);
    expect(out.markdown).toBe('An *imported* post');
    expect(out.afterImport).toEqual(['pinyin-pro', 'turndown']);
  }, 60_000);
});
