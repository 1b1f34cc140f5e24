import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { backupNow } from './backup.js';

let app: TestApp;
afterEach(async () => app?.stop());

describe('backupNow', () => {
  it('writes a consistent copy of the live database into the backups folder', async () => {
    app = await startTestApp();
    const file = await backupNow(app.lantern.ctx.dialect, app.dataDir, new Date('2026-11-22T10:00:00Z'));
    expect(file).toMatch(/backups\/lantern-2026-11-22T10-00-00-000Z\.db$/);
    const copy = new Database(file, { readonly: true });
    const admin = copy.prepare('select e_mail from user where id = 1').get() as { e_mail: string };
    copy.close();
    expect(admin.e_mail).toBe('admin@example.com');
  });
});
