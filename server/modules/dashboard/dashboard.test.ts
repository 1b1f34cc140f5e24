import type { Cancelled } from '../../contract/enums.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { makeUser } from '../../../tests/support/accounts.js';
import { insertAnswer, insertComment, insertQuestion } from '../../../tests/support/factories.js';
import type { TestApp } from '../../../tests/support/test-app.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { writeConfigValue } from '../config/config.repository.js';
import { formatSize } from './dashboard.presenter.js';

let app: TestApp;
let admin: string;
freshAppPerTest((a, token) => ([app, admin] = [a, token]));

const URL_ = '/answer/admin/api/dashboard';
const db = () => app.lantern.ctx.db;
const info = async () => (await app.call('GET', URL_, { token: admin })).body.data.info;

async function activity(userId: number, objectId: string, type: number, cancelled: Cancelled = 0) {
  const t = app.lantern.ctx.clock.now();
  await db()
    .insertInto('activity')
    .values({
      user_id: userId,
      object_id: objectId,
      original_object_id: objectId,
      activity_type: type,
      cancelled,
      cancelled_at: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
}

describe('GET dashboard', () => {
  it('refuses anonymous callers, plain users and moderators', async () => {
    expect((await app.call('GET', URL_)).status).toBe(401);
    for (const roleId of [1, 3] as const) {
      const r = await app.call('GET', URL_, { token: (await makeUser(app, { roleId })).token });
      expect(r.status).toBe(403);
      expect(r.body.reason).toBe('base.unauthorized_error');
    }
  });

  it('has every field of the reference on a fresh site', async () => {
    const i = await info();
    expect(i).toEqual({
      question_count: 0,
      resolved_count: 0,
      resolved_rate: '0.00',
      unanswered_count: 0,
      unanswered_rate: '0.00',
      answer_count: 0,
      comment_count: 0,
      vote_count: 0,
      user_count: 1,
      report_count: 0,
      uploading_files: true,
      smtp: 'not_configured',
      https: false,
      time_zone: 'UTC',
      occupying_storage_space: '0.00B',
      app_start_time: expect.stringMatching(/^\d+$/),
      version_info: { version: app.lantern.ctx.config.version, revision: app.lantern.ctx.config.revision, remote_version: '' },
      login_required: false,
      go_version: `Node.js ${process.versions.node}`,
      database_version: expect.stringMatching(/^(SQLite 3\.\d+|PostgreSQL \d+)/),
      database_size: expect.stringMatching(/^\d+\.\d{2}(B|KB|MB)$/),
    });
  });

  it('counts questions, answers, comments, votes and users from the tables', async () => {
    const u = await makeUser(app);
    await makeUser(app, { status: 9 });
    await makeUser(app, { status: 10 });
    const open = await insertQuestion(app, { userId: u.id, answer_count: 1 });
    const resolvedA = await insertQuestion(app, { userId: u.id, answer_count: 2, accepted_answer_id: '10020000000000001' });
    await insertQuestion(app, { userId: u.id, status: 2 });
    await insertQuestion(app, { userId: u.id, status: 10 });
    await insertQuestion(app, { userId: u.id, status: 11 });
    await insertQuestion(app, { userId: u.id, show: 2 });
    const a1 = await insertAnswer(app, { questionId: open, userId: u.id });
    await insertAnswer(app, { questionId: resolvedA, userId: u.id });
    await insertAnswer(app, { questionId: resolvedA, userId: u.id, status: 10 });
    await insertComment(app, { objectId: open, questionId: open, userId: u.id });
    await insertComment(app, { objectId: a1, questionId: open, userId: u.id });
    await insertComment(app, { objectId: a1, questionId: open, userId: u.id, status: 10 });
    await activity(u.id, open, 28);
    await activity(u.id, a1, 30);
    await activity(u.id, a1, 12);
    await activity(u.id, open, 27, 1);
    await activity(u.id, open, 32);
    const i = await info();
    expect(i).toMatchObject({
      question_count: 3,
      unanswered_count: 1,
      resolved_count: 1,
      unanswered_rate: '33.33',
      resolved_rate: '33.33',
      answer_count: 2,
      comment_count: 2,
      vote_count: 3,
      user_count: 3,
    });
  });

  it('adds queued posts, open flags and suggested edits into report_count', async () => {
    const u = await makeUser(app);
    const q = await insertQuestion(app, { userId: u.id });
    const t = app.lantern.ctx.clock.now();
    await db()
      .insertInto('review')
      .values([
        { user_id: u.id, object_id: q, object_type: 1, status: 1, created_at: t, updated_at: t },
        { user_id: u.id, object_id: q, object_type: 1, status: 2, created_at: t, updated_at: t },
      ])
      .execute();
    for (const status of [1, 1, 2] as const) {
      await db()
        .insertInto('report')
        .values({
          id: await newObjectId(db(), OBJECT_TYPE.report),
          user_id: u.id,
          object_id: q,
          reported_user_id: u.id,
          object_type: 1,
          report_type: 57,
          status,
          created_at: t,
          updated_at: t,
        })
        .execute();
    }
    await db()
      .insertInto('revision')
      .values([
        { user_id: u.id, object_type: 1, object_id: q, content: '{}', status: 1, created_at: t, updated_at: t },
        { user_id: u.id, object_type: 1, object_id: q, content: '{}', status: 0, created_at: t, updated_at: t },
      ])
      .execute();
    expect((await info()).report_count).toBe(4);
  });

  it('reports SMTP, HTTPS, login required, time zone and stored files from the settings', async () => {
    await writeConfigValue(db(), 'email.config', JSON.stringify({ smtp_host: 'mail.example.com', smtp_port: 465 }));
    const s = app.lantern.ctx.settings;
    await s.put('general', { ...(await s.get('general')), site_url: 'https://qa.example.com' });
    await s.put('login', { ...(await s.get('login')), login_required: true });
    await s.put('interface', { ...(await s.get('interface')), time_zone: 'Europe/Berlin' });
    const dir = join(app.dataDir, 'uploads', 'post');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.png'), Buffer.alloc(1536));
    writeFileSync(join(app.dataDir, 'uploads', 'b.png'), Buffer.alloc(512));
    expect(await info()).toMatchObject({
      smtp: 'enabled',
      https: true,
      login_required: true,
      time_zone: 'Europe/Berlin',
      occupying_storage_space: '2.00KB',
    });
    await writeConfigValue(db(), 'email.config', '{not json');
    expect((await info()).smtp).toBe('disabled');
  });

  it('formats sizes as the reference does', () => {
    expect(formatSize(0)).toBe('0.00B');
    expect(formatSize(1023)).toBe('1023.00B');
    expect(formatSize(1024 * 1024 * 3.5)).toBe('3.50MB');
    expect(formatSize(1024 ** 3)).toBe('1.00GB');
  });
});
