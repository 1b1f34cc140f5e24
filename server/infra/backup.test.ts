import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { backupNow, backupsDir, newBackupName } from './backup.js';
import { onPostgres } from '../../tests/support/pg-test-db.js';

let app: TestApp;
afterEach(async () => app?.stop());

// the SQLite file's backup (a PostgreSQL site is backed up with pg_dump: refused, see backup.test.ts)
describe.skipIf(onPostgres)('backupNow', () => {
  it('writes one archive into the backups folder, named by the time, never over another', async () => {
    app = await startTestApp();
    const now = new Date('2026-11-22T10:00:00.123Z');
    const first = await backupNow(app.lantern.ctx.dialect, app.dataDir, { now });
    expect(first.file).toMatch(/backups\/lantern-2026-11-22T10-00-00Z\.tar\.gz$/);
    const second = await backupNow(app.lantern.ctx.dialect, app.dataDir, { now, scheduled: true });
    expect(second.file).toMatch(/backups\/lantern-scheduled-2026-11-22T10-00-00Z\.tar\.gz$/);
    expect(newBackupName(backupsDir(app.dataDir), now)).toBe('lantern-2026-11-22T10-00-00Z-2.tar.gz');
    expect(first.manifest).toMatchObject({ lantern_version: 'lantern-0.1.0', counts: { users: 1, questions: 0, answers: 0, files: 0 } });
    expect(first.manifest.schema_version).toMatch(/^\d{4}_\d{2}_\d{2}_\d{4}_/);
    expect(readdirSync(backupsDir(app.dataDir)).sort()).toEqual([
      'lantern-2026-11-22T10-00-00Z.tar.gz',
      'lantern-scheduled-2026-11-22T10-00-00Z.tar.gz',
    ]);
  });
});
