import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

// Closing and reopening have one path (question-close.ts): a moderator's PUT question/status and
// PUT question/reopen, and the admin list's PUT admin question/status, leave the same status, close
// reason, timeline entry and owner's notification behind.
let app: TestApp;
let admin: string;
let owner: { id: number; token: string };
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  await askQuestion(app, admin, { title: 'Seed question for the close tag', tags: ['closing'] });
  owner = await makeUser(app, { rank: 100 });
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const A = '/answer/admin/api';
const db = () => app.lantern.ctx.db;

const moderatorClose = (id: string, body: Record<string, unknown> = {}) =>
  app.call('PUT', `${V1}/question/status`, { token: admin, body: { id, close_type: 63, ...body } });
const moderatorReopen = (id: string) => app.call('PUT', `${V1}/question/reopen`, { token: admin, body: { question_id: id } });
const adminSet = (id: string, status: 'closed' | 'available') =>
  app.call('PUT', `${A}/question/status`, { token: admin, body: { question_id: id, status } });

/** What a close or reopen leaves behind, with the question's own id left out so two questions compare. */
async function effects(id: string) {
  await app.lantern.ctx.events.settle();
  const row = await db().selectFrom('question').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  const reason = await db()
    .selectFrom('meta')
    .select('value')
    .where('object_id', '=', id)
    .where('key', '=', 'question.close.reason')
    .executeTakeFirst();
  const timeline = (await app.call('GET', `${V1}/activity/timeline?object_id=${id}`, { token: admin })).body.data.timeline as {
    activity_type: string;
    user_info: { username: string };
  }[];
  const inbox = (await app.call('GET', `${V1}/notification/page?type=inbox&page_size=100`, { token: owner.token })).body.data.list as {
    notification_action: string;
    object_info: { object_id: string };
  }[];
  const info = (await app.call('GET', `${V1}/question/info?id=${id}`, { token: admin })).body.data;
  return {
    status: row.status,
    reason: reason ? JSON.parse(reason.value) : null,
    operation: info.operation ? { level: info.operation.level, type: info.operation.type } : null,
    timeline: timeline.map((t) => `${t.activity_type} by ${t.user_info.username}`),
    notifications: inbox.filter((n) => n.object_info.object_id === id).map((n) => n.notification_action),
  };
}

describe('closing a question', () => {
  it('the moderator route and the admin list leave the same status, timeline entry and notification', async () => {
    const q1 = await askQuestion(app, owner.token, { title: 'Closed by a moderator here', tags: ['closing'] });
    const q2 = await askQuestion(app, owner.token, { title: 'Closed from the admin list', tags: ['closing'] });
    expect((await moderatorClose(q1, { close_msg: 'Off topic' })).status).toBe(200);
    expect((await adminSet(q2, 'closed')).status).toBe(200);
    const [byModerator, byAdmin] = [await effects(q1), await effects(q2)];
    expect(byModerator).toEqual({
      status: 2,
      reason: { close_type: 63, close_msg: 'Off topic' },
      operation: { level: 'info', type: expect.any(String) },
      timeline: ['closed by admin', expect.stringMatching(/^asked by /)],
      notifications: ['Your question has been closed'],
    });
    // the admin list closes without a reason (as the reference's admin switch does); all else is the same
    expect(byAdmin).toEqual({ ...byModerator, reason: null, operation: { level: 'info', type: '' } });
  });

  it('an admin close leaves no reason from an earlier close behind', async () => {
    const q = await askQuestion(app, owner.token, { title: 'Closed, reopened, closed again', tags: ['closing'] });
    expect((await moderatorClose(q, { close_msg: 'Off topic' })).status).toBe(200);
    expect((await moderatorReopen(q)).status).toBe(200);
    expect((await adminSet(q, 'closed')).status).toBe(200);
    expect(await effects(q)).toMatchObject({
      status: 2,
      reason: null,
      notifications: ['Your question has been closed', 'Your question has been closed'],
    });
  });
});

describe('reopening a question', () => {
  it('the moderator route and the admin list leave the same status, reason and timeline entry', async () => {
    const q1 = await askQuestion(app, owner.token, { title: 'Reopened by a moderator', tags: ['closing'] });
    const q2 = await askQuestion(app, owner.token, { title: 'Reopened from the admin list', tags: ['closing'] });
    for (const q of [q1, q2]) expect((await moderatorClose(q, { close_msg: 'Off topic' })).status).toBe(200);
    expect((await moderatorReopen(q1)).status).toBe(200);
    expect((await adminSet(q2, 'available')).status).toBe(200);
    const [byModerator, byAdmin] = [await effects(q1), await effects(q2)];
    expect(byModerator).toMatchObject({ status: 1, reason: null, operation: null });
    expect(byModerator.timeline[0]).toBe('reopened by admin');
    expect(byAdmin).toEqual(byModerator);
  });
});
