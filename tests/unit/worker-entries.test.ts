import Database from 'better-sqlite3';
import bcrypt from 'bcryptjs';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { MainConfigFactory, type MainViteConfig } from 'electron-vite';
import config from '../../electron.vite.config';
import { sevenZipMaker } from '../support/make-7z';
import { RENDER_LIMITS } from '../../server/infra/markdown/render';

// The server's worker threads run entry files of their own (plain JavaScript beside the module that
// starts each), found with `new URL('./x.mjs', import.meta.url)`; the build (workerEntries in
// electron.vite.config.ts) emits them beside the bundle. Here the modules that start them are built
// the way the server is (an SSR bundle, their code in a chunk folder) and run from the output.

const root = fileURLToPath(new URL('../..', import.meta.url));
const WORKER_URL = /new URL\(\s*(['"])\.\/([\w.-]+\.(?:mjs|ts))\1\s*,\s*import\.meta\.url\s*\)/g;

/** The server's sources (tests left out). */
function serverSources(dir = join(root, 'server')): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...serverSources(path));
    else if (/\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Each worker entry a server module names: [module, entry file]. */
function namedEntries(): [string, string][] {
  const found: [string, string][] = [];
  for (const file of serverSources())
    for (const m of readFileSync(file, 'utf8').matchAll(WORKER_URL)) found.push([relative(root, file), join(dirname(file), m[2])]);
  return found;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('worker entry files', () => {
  it('are named by the modules that start the threads, and exist', () => {
    const named = namedEntries();
    const modules = named.map(([m]) => m);
    for (const m of [
      'server/db/dialect/sqlite-read-pool.ts',
      'server/db/dialect/sqlite-checkpointer.ts',
      'server/infra/password/bcrypt-thread.ts',
    ])
      expect(modules).toContain(m);
    for (const [, entry] of named) expect(existsSync(entry), entry).toBe(true);
  });

  it('are emitted by the build beside the bundle, and the built modules start their threads from them', async () => {
    // inside the checkout, as out/ is: the built modules find the dependencies in node_modules
    mkdirSync(join(root, 'test-results'), { recursive: true });
    const out = mkdtempSync(join(root, 'test-results', 'worker-build-'));
    dirs.push(out);
    // in a folder below the output, as the server's code is in out/main/chunks/: their URLs must lead out of it
    const input = {
      'lib/read-pool': join(root, 'server/db/dialect/sqlite-read-pool.ts'),
      'lib/checkpointer': join(root, 'server/db/dialect/sqlite-checkpointer.ts'),
      'lib/bcrypt': join(root, 'server/infra/password/bcrypt-thread.ts'),
      'lib/render-pool': join(root, 'server/infra/markdown/render-pool.ts'),
      'lib/seven-zip': join(root, 'server/modules/import/seven-zip.ts'),
    };
    // electron-vite's main build (its presets: SSR, dependencies left outside) with Lantern's main
    // configuration (its plugins included), these three modules as its entries
    const main = config.main as MainViteConfig;
    const viteConfig = await new MainConfigFactory(
      { ...main, build: { ...main.build, outDir: out, minify: false, rollupOptions: { input } } },
      { configFile: false, root, logLevel: 'silent', mode: 'production' },
      { root },
    ).build();
    await build(viteConfig);
    // a plain JavaScript entry is copied, a TypeScript one bundled (x.ts -> x.js)
    for (const [, entry] of namedEntries()) expect(existsSync(join(out, 'workers', basename(entry).replace(/\.ts$/, '.js')))).toBe(true);
    const built = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(built.filter((f) => f.startsWith('lib/')).sort()).toEqual([
      'lib/bcrypt.js',
      'lib/checkpointer.js',
      'lib/read-pool.js',
      'lib/render-pool.js',
      'lib/seven-zip.js',
    ]);
    for (const name of built) {
      const code = readFileSync(join(out, name), 'utf8');
      expect(code).not.toContain('__LANTERN_WORKER_ENTRY_');
      expect(code).not.toMatch(/eval:\s*true/);
      if (name.startsWith('lib/'))
        for (const m of code.matchAll(/new URL\("([^"]+\.m?[jt]s)", import\.meta\.url\)/g))
          expect(m[1]).toMatch(/^\.\.\/workers\/[\w-]+\.m?js$/);
    }

    const load = <T>(name: string) => import(pathToFileURL(join(out, 'lib', `${name}.js`)).href) as Promise<T>;
    const { SqliteReadPool } = await load<typeof import('../../server/db/dialect/sqlite-read-pool')>('read-pool');
    const { WalCheckpointer } = await load<typeof import('../../server/db/dialect/sqlite-checkpointer')>('checkpointer');
    const { BcryptThread } = await load<typeof import('../../server/infra/password/bcrypt-thread')>('bcrypt');
    const { RenderPool, DEFAULT_RENDER_POOL } = await load<typeof import('../../server/infra/markdown/render-pool')>('render-pool');
    const { sevenZipInWorker } = await load<typeof import('../../server/modules/import/seven-zip')>('seven-zip');

    // the read pool: reads run in its worker (the pool answers only from a worker), errors keep their code
    const file = join(out, 'site.db');
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO t (body) VALUES ('one'), ('two')");
    const pool = new SqliteReadPool(file, 1);
    try {
      await pool.whenReady();
      expect(pool.available).toBe(true);
      expect((await pool.run('SELECT body FROM t WHERE id = ?', [2])).rows).toEqual([{ body: 'two' }]);
      await expect(pool.run('WITH x AS (SELECT 1) INSERT INTO t (body) SELECT 3 FROM x', [])).rejects.toMatchObject({
        code: 'LANTERN_NOT_A_READ',
      });
    } finally {
      await pool.close();
    }

    // the checkpointer: what the writer commits reaches the database file though the writer never checkpoints
    const insert = writer.prepare('INSERT INTO t (body) VALUES (?)');
    writer.transaction(() => Array.from({ length: 400 }, () => insert.run('x'.repeat(3500))))();
    const before = statSync(file).size;
    const checkpointer = new WalCheckpointer(file, 20);
    checkpointer.start();
    try {
      const deadline = Date.now() + 20_000;
      while (statSync(file).size <= before + 100 * 4096 && checkpointer.running && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(statSync(file).size).toBeGreaterThan(before + 100 * 4096);
    } finally {
      await checkpointer.stop();
      writer.close();
    }

    // the bcrypt thread
    const thread = new BcryptThread();
    try {
      const hash = bcrypt.hashSync('old-pass-123', 4);
      expect(await thread.compare('old-pass-123', hash)).toBe(true);
      expect(await thread.compare('other-pass', hash)).toBe(false);
    } finally {
      await thread.close();
    }

    // a render worker (its entry bundled with the renderer it shares with the request thread): fenced code highlighted
    const renders = new RenderPool({ ...DEFAULT_RENDER_POOL, size: 1 }, RENDER_LIMITS);
    try {
      expect(await renders.render('```js\nconst a = 1;\n```', {})).toContain(
        '<code class="hljs language-js"><span class="hljs-keyword">const</span>',
      );
    } finally {
      await renders.close();
    }

    // a 7-Zip reader thread (its entry bundled with the reader): lists an archive and unpacks an entry
    const archive = await sevenZipMaker(out).make7z({ 'Posts.xml': '<posts><row Id="1" /></posts>' });
    const listed = await sevenZipInWorker({ op: 'list', path: archive });
    expect(listed).toEqual([{ index: 0, path: 'Posts.xml', size: 29, folder: false, link: false }]);
    const target = join(out, 'Posts.xml');
    expect(await sevenZipInWorker({ op: 'extract', path: archive, targets: [{ index: 0, file: target }], budget: 1000 })).toBe(29);
    expect(readFileSync(target, 'utf8')).toBe('<posts><row Id="1" /></posts>');
    expect(await sevenZipInWorker({ op: 'list', path: target })).toMatchObject({ kind: 'corrupt' });
  });
});
