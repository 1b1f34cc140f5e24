import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { makeUser } from '../../../tests/support/accounts.js';
import { insertAnswer, insertQuestion } from '../../../tests/support/factories.js';
import type { TestApp } from '../../../tests/support/test-app.js';
import { zoneOffsetSeconds } from './dashboard.service.js';

let app: TestApp;
let admin: string;
freshAppPerTest((a, token) => ([app, admin] = [a, token]));

const URL_ = '/answer/admin/api/dashboard/activity';
const db = () => app.lantern.ctx.db;
const get = async () => (await app.call('GET', URL_, { token: admin })).body.data;

describe('GET dashboard/activity', () => {
  it('refuses anonymous callers, plain users and moderators', async () => {
    expect((await app.call('GET', URL_)).status).toBe(401);
    for (const roleId of [1, 3] as const) {
      const r = await app.call('GET', URL_, { token: (await makeUser(app, { roleId })).token });
      expect(r.status).toBe(403);
      expect(r.body.reason).toBe('base.unauthorized_error');
    }
  });

  it('counts questions, answers and users created per day over the last 30 days of the site time zone, today last', async () => {
    const s = app.lantern.ctx.settings;
    await s.put('interface', { ...(await s.get('interface')), time_zone: 'Asia/Tokyo' });
    const now = app.lantern.ctx.clock.now();
    const offset = 9 * 3600;
    const todayStart = Math.floor((now + offset) / 86400) * 86400 - offset;
    const u = await makeUser(app);
    const q = await insertQuestion(app, { userId: u.id, createdAt: todayStart }); // today, its first second in Tokyo
    await insertQuestion(app, { userId: u.id, createdAt: todayStart - 1 }); // yesterday, its last second
    await insertQuestion(app, { userId: u.id, createdAt: todayStart - 29 * 86400 }); // the first day shown
    await insertQuestion(app, { userId: u.id, createdAt: todayStart - 30 * 86400 }); // too old
    await insertAnswer(app, { questionId: q, userId: u.id, createdAt: todayStart + 10 });
    await insertAnswer(app, { questionId: q, userId: u.id, createdAt: todayStart + 20 });
    await insertAnswer(app, { questionId: q, userId: u.id, createdAt: todayStart - 3 * 86400 });
    await db()
      .updateTable('user')
      .set({ created_at: todayStart - 2 * 86400 })
      .where('id', '=', u.id)
      .execute();
    const data = await get();
    expect(data.time_zone).toBe('Asia/Tokyo');
    expect(data.days).toHaveLength(30);
    const today = new Date((todayStart + offset) * 1000).toISOString().slice(0, 10);
    expect(data.days[29]).toMatchObject({ date: today, questions: 1, answers: 2 });
    expect(data.days[28]).toMatchObject({ questions: 1, answers: 0, users: 0 });
    expect(data.days[27]).toMatchObject({ questions: 0, users: 1 });
    expect(data.days[26]).toMatchObject({ answers: 1 });
    expect(data.days[0]).toMatchObject({ questions: 1 });
    const totals = data.days.reduce(
      (t: number[], d: { questions: number; answers: number }) => [t[0] + d.questions, t[1] + d.answers],
      [0, 0],
    );
    expect(totals).toEqual([3, 3]);
    // consecutive dates, one per day
    for (let i = 1; i < 30; i++) expect(Date.parse(data.days[i].date) - Date.parse(data.days[i - 1].date)).toBe(86400 * 1000);
  });

  it('reports the server health: database and uploads sizes, version, and the last backup only when there is one', async () => {
    const first = await get();
    expect(first.health).toEqual({
      database_size: expect.stringMatching(/^\d+\.\d{2}(B|KB|MB)$/),
      database_bytes: expect.any(Number),
      uploads_size: '0.00B',
      uploads_bytes: 0,
      version: app.lantern.ctx.config.version,
      revision: app.lantern.ctx.config.revision,
      last_backup_at: null,
    });
    expect(first.health.database_bytes).toBeGreaterThan(0);
    mkdirSync(join(app.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(app.dataDir, 'uploads', 'a.png'), Buffer.alloc(2048));
    const backups = join(app.dataDir, 'backups');
    mkdirSync(backups, { recursive: true });
    const older = 'lantern-2023-11-14T22-13-20Z.tar.gz';
    const newer = 'lantern-scheduled-2025-06-15T15-06-40Z.tar.gz';
    writeFileSync(join(backups, older), 'x');
    writeFileSync(join(backups, newer), 'x');
    // neither a note nor a backup cut short counts
    writeFileSync(join(backups, 'notes.txt'), 'x');
    writeFileSync(join(backups, 'lantern-2025-07-01T00-00-00Z.tar.gz.partial'), 'x');
    utimesSync(join(backups, older), 1_700_000_000, 1_700_000_000);
    utimesSync(join(backups, newer), 1_750_000_000, 1_750_000_000);
    utimesSync(join(backups, 'notes.txt'), 1_760_000_000, 1_760_000_000);
    utimesSync(join(backups, 'lantern-2025-07-01T00-00-00Z.tar.gz.partial'), 1_760_000_000, 1_760_000_000);
    const health = (await get()).health;
    expect(health).toMatchObject({ uploads_size: '2.00KB', uploads_bytes: 2048, last_backup_at: 1_750_000_000 });
  });
});

describe('zoneOffsetSeconds', () => {
  it('gives the zone offset at an instant, daylight saving included, and 0 for an unknown zone', () => {
    expect(zoneOffsetSeconds('UTC', 1_750_000_000)).toBe(0);
    expect(zoneOffsetSeconds('Asia/Tokyo', 1_750_000_000)).toBe(9 * 3600);
    expect(zoneOffsetSeconds('Europe/Berlin', Date.UTC(2026, 0, 15) / 1000)).toBe(3600);
    expect(zoneOffsetSeconds('Europe/Berlin', Date.UTC(2026, 6, 15) / 1000)).toBe(7200);
    expect(zoneOffsetSeconds('Nowhere/Else', 1_750_000_000)).toBe(0);
  });
});
