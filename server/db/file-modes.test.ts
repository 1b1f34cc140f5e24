import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { BASE_INFO } from '../../tests/support/install-form.js';
import { connectDatabase, makeDataDirPrivate } from './connect.js';

const posix = process.platform !== 'win32';
const modeOf = (path: string) => statSync(path).mode & 0o777;

let app: TestApp | undefined;
let dir: string | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe.runIf(posix)('the data dir is private to its owner', () => {
  it('creates a new data dir 0700 and its database, WAL and shared-memory files 0600', async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'lantern-modes-')), 'data');
    const handle = await connectDatabase(dir);
    try {
      expect(modeOf(dir)).toBe(0o700);
      // the migrations have written: SQLite's WAL and shared memory exist, with the database's mode
      for (const f of ['lantern.db', 'lantern.db-wal', 'lantern.db-shm']) {
        expect(existsSync(join(dir, f)), f).toBe(true);
        expect(modeOf(join(dir, f)), f).toBe(0o600);
      }
    } finally {
      await handle.close();
    }
  });

  it('tightens what an older build left readable: the folder, database, config, backups and outbox', () => {
    dir = mkdtempSync(join(tmpdir(), 'lantern-modes-'));
    chmodSync(dir, 0o755);
    for (const f of ['lantern.db', 'lantern.db-wal', 'config.json']) writeFileSync(join(dir, f), 'x', { mode: 0o644 });
    for (const d of ['backups', 'outbox', 'uploads']) mkdirSync(join(dir, d), { mode: 0o755 });
    writeFileSync(join(dir, 'backups', 'lantern-2024-01-01T00-00-00Z.tar.gz'), 'x', { mode: 0o644 });
    writeFileSync(join(dir, 'outbox', 'mail.eml'), 'x', { mode: 0o644 });
    writeFileSync(join(dir, 'uploads', 'a.png'), 'x', { mode: 0o644 });
    makeDataDirPrivate(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'lantern.db'))).toBe(0o600);
    expect(modeOf(join(dir, 'lantern.db-wal'))).toBe(0o600);
    expect(modeOf(join(dir, 'config.json'))).toBe(0o600);
    expect(modeOf(join(dir, 'backups'))).toBe(0o700);
    expect(modeOf(join(dir, 'backups', 'lantern-2024-01-01T00-00-00Z.tar.gz'))).toBe(0o600);
    expect(modeOf(join(dir, 'outbox'))).toBe(0o700);
    expect(modeOf(join(dir, 'outbox', 'mail.eml'))).toBe(0o600);
    // uploads are served to every visitor: left as they were
    expect(modeOf(join(dir, 'uploads', 'a.png'))).toBe(0o644);
  });

  it('a running server: installer config, backups folder and archive are private too', async () => {
    app = await startTestApp({ install: false });
    expect(modeOf(app.dataDir)).toBe(0o700);
    if (!app.lantern.ctx.config.databaseUrl) expect(modeOf(join(app.dataDir, 'lantern.db'))).toBe(0o600);
    const r = await app.call('POST', '/installation/base-info', {
      body: BASE_INFO,
    });
    expect(r.status).toBe(200);
    expect(modeOf(join(app.dataDir, 'config.json'))).toBe(0o600);
    if (app.lantern.ctx.config.databaseUrl) return;
    const { backupNow } = await import('../infra/backup.js');
    const { file } = await backupNow(app.lantern.ctx.dialect, app.dataDir);
    expect(modeOf(join(app.dataDir, 'backups'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });
});
