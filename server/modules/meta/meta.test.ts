import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { encodeShortId } from '../../infra/ids/object-id.js';
import { writeConfigValue } from '../config/config.repository.js';
import { applyReaction, parseReactionSummary } from './meta.presenter.js';
import { askQuestion } from '../../../tests/support/factories.js';

const V1 = '/answer/api/v1';

let app: TestApp;
let admin: string;
let qid: string;
let aid: string;
let asker: { id: number; token: string };

beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  asker = await makeUser(app);
  await writeConfigValue(app.lantern.ctx.db, 'rank.tag.add', '1');
  qid = await askQuestion(app, asker.token, { title: 'A question to react to', content: 'React to this question.', tags: ['fun'] });
  aid = (await app.call('POST', `${V1}/answer`, { token: admin, body: { question_id: qid, content: 'An answer to react to.' } })).body.data
    .info.id;
});
afterEach(async () => app.stop());

const db = () => app.lantern.ctx.db;
const react = (token: string | undefined, body: unknown) => app.call('PUT', `${V1}/meta/reaction`, { token, body });
const reactions = (objectId: string, token?: string) =>
  app.call('GET', `${V1}/meta/reaction?object_id=${encodeURIComponent(objectId)}`, { token });
const usernameOf = async (id: number) =>
  (await db().selectFrom('user').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
const stored = async (objectId: string) =>
  (
    await db()
      .selectFrom('meta')
      .select('value')
      .where('object_id', '=', objectId)
      .where('key', '=', 'object.react.summary')
      .executeTakeFirst()
  )?.value;

describe('GET /answer/api/v1/meta/reaction', () => {
  it('is an empty summary before anyone reacts', async () => {
    const r = await reactions(qid);
    expect(r.body).toMatchObject({ code: 200, data: { reaction_summary: [] } });
  });

  it("shows counts, the viewer's own reactions and the usernames", async () => {
    const u = await makeUser(app);
    await react(u.token, { object_id: qid, emoji: 'heart', reaction: 'activate' });
    await react(asker.token, { object_id: qid, emoji: 'heart', reaction: 'activate' });
    await react(asker.token, { object_id: qid, emoji: 'frown', reaction: 'activate' });
    const names = [await usernameOf(u.id), await usernameOf(asker.id)];
    const mine = await reactions(qid, asker.token);
    expect(mine.body.data.reaction_summary).toEqual([
      { emoji: 'heart', count: 2, tooltip: `${names[0]}, ${names[1]}`, is_active: true },
      { emoji: 'frown', count: 1, tooltip: names[1], is_active: true },
    ]);
    const anonymous = await reactions(encodeShortId(qid));
    expect(anonymous.body.data.reaction_summary.map((x: { is_active: boolean }) => x.is_active)).toEqual([false, false]);
    expect((await reactions(qid, u.token)).body.data.reaction_summary.map((x: { is_active: boolean }) => x.is_active)).toEqual([
      true,
      false,
    ]);
  });

  it('names five users in the tooltip and counts the rest', async () => {
    const users = [];
    for (let i = 0; i < 7; i++) users.push(await makeUser(app));
    for (const u of users) await react(u.token, { object_id: aid, emoji: 'smile', reaction: 'activate' });
    const names = await Promise.all(users.map((u) => usernameOf(u.id)));
    const r = await reactions(aid);
    expect(r.body.data.reaction_summary).toEqual([
      { emoji: 'smile', count: 7, tooltip: `${names.slice(0, 5).join(', ')} and 2 more...`, is_active: false },
    ]);
  });

  it('drops deleted users and unreadable stored values', async () => {
    const u = await makeUser(app);
    await react(u.token, { object_id: qid, emoji: 'heart', reaction: 'activate' });
    await db().updateTable('user').set({ status: 10 }).where('id', '=', u.id).execute();
    expect((await reactions(qid)).body.data.reaction_summary).toEqual([]);
    await db().updateTable('meta').set({ value: '{not json' }).where('object_id', '=', qid).execute();
    expect((await reactions(qid)).body.data.reaction_summary).toEqual([]);
    await db()
      .updateTable('meta')
      .set({
        value: JSON.stringify({
          reactions: [
            { emoji: 'rocket', user_ids: ['1'] },
            { emoji: 'heart', user_ids: [1, '1'] },
          ],
        }),
      })
      .where('object_id', '=', qid)
      .execute();
    expect((await reactions(qid)).body.data.reaction_summary).toEqual([{ emoji: 'heart', count: 1, tooltip: 'admin', is_active: false }]);
  });

  it('validates the query and refuses unknown or hidden posts', async () => {
    const missing = await app.call('GET', `${V1}/meta/reaction`);
    expect(missing.status).toBe(400);
    expect(missing.body.data).toContainEqual({ error_field: 'object_id', error_msg: 'Object id cannot be empty.' });
    expect((await reactions('10010000000099999')).body).toMatchObject({ code: 404, reason: 'error.object.not_found' });
    expect((await reactions('10030000000000001')).status).toBe(404);
    expect((await reactions('!!')).status).toBe(404);
    await db().updateTable('question').set({ status: 11 }).where('id', '=', qid).execute();
    expect((await reactions(qid)).status).toBe(404);
    expect((await reactions(aid)).status).toBe(404);
    expect((await reactions(qid, asker.token)).status).toBe(200);
    expect((await reactions(qid, admin)).status).toBe(200);
  });
});

describe('PUT /answer/api/v1/meta/reaction', () => {
  it("activates and deactivates, stores the reference's meta value, and removes unused emojis", async () => {
    const u = await makeUser(app);
    const on = await react(u.token, { object_id: qid, emoji: 'heart', reaction: 'activate' });
    expect(on.status).toBe(200);
    expect(on.body.data.reaction_summary).toEqual([{ emoji: 'heart', count: 1, tooltip: await usernameOf(u.id), is_active: true }]);
    expect(JSON.parse((await stored(qid))!)).toEqual({ reactions: [{ emoji: 'heart', user_ids: [String(u.id)] }] });
    // activating again changes nothing
    expect((await react(u.token, { object_id: qid, emoji: 'heart', reaction: 'activate' })).body.data.reaction_summary[0].count).toBe(1);
    const off = await react(u.token, { object_id: qid, emoji: 'heart', reaction: 'deactivate' });
    expect(off.body.data.reaction_summary).toEqual([]);
    expect(JSON.parse((await stored(qid))!)).toEqual({ reactions: [] });
    // deactivating what was never set is harmless
    expect((await react(u.token, { object_id: qid, emoji: 'smile', reaction: 'deactivate' })).body.data.reaction_summary).toEqual([]);
  });

  it("reacts to answers by short id and to one's own posts", async () => {
    const r = await react(admin, { object_id: encodeShortId(aid), emoji: 'smile', reaction: 'activate' });
    expect(r.body.data.reaction_summary).toEqual([{ emoji: 'smile', count: 1, tooltip: 'admin', is_active: true }]);
    expect(JSON.parse((await stored(aid))!)).toEqual({ reactions: [{ emoji: 'smile', user_ids: ['1'] }] });
  });

  it.each([
    [{ object_id: 'x', emoji: 'thumbsup', reaction: 'activate' }, 'emoji', 'Emoji must be one of: heart, smile, frown.'],
    [{ object_id: 'x', reaction: 'activate' }, 'emoji', 'Emoji cannot be empty.'],
    [{ object_id: 'x', emoji: 'heart', reaction: 'toggle' }, 'reaction', 'Reaction must be one of: activate, deactivate.'],
    [{ object_id: 'x', emoji: 'heart' }, 'reaction', 'Reaction cannot be empty.'],
    [{ emoji: 'heart', reaction: 'activate' }, 'object_id', 'Object id cannot be empty.'],
    [{ object_id: 5, emoji: 'heart', reaction: 'activate' }, 'object_id', 'Object id is not valid.'],
  ])('refuses %j on %s', async (body, field, message) => {
    const r = await react(asker.token, body);
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('needs an active account', async () => {
    expect((await react(undefined, { object_id: qid, emoji: 'heart', reaction: 'activate' })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await react(inactive.token, { object_id: qid, emoji: 'heart', reaction: 'activate' })).body).toMatchObject({
      code: 403,
      reason: 'error.email.need_to_be_verified',
    });
    expect(await stored(qid)).toBeUndefined();
  });

  it('refuses unknown, deleted and hidden posts', async () => {
    const u = await makeUser(app);
    for (const id of ['10010000000099999', '10020000000099999', '10030000000000001', 'zz']) {
      expect((await react(u.token, { object_id: id, emoji: 'heart', reaction: 'activate' })).body).toMatchObject({
        code: 404,
        reason: 'error.object.not_found',
      });
    }
    await db().updateTable('question').set({ status: 11 }).where('id', '=', qid).execute();
    expect((await react(u.token, { object_id: qid, emoji: 'heart', reaction: 'activate' })).status).toBe(404);
    expect((await react(asker.token, { object_id: qid, emoji: 'heart', reaction: 'activate' })).status).toBe(200);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await react(asker.token, { object_id: qid, emoji: 'heart', reaction: 'activate' })).body).toMatchObject({
      code: 400,
      reason: 'error.object.already_deleted',
    });
    expect((await react(admin, { object_id: aid, emoji: 'heart', reaction: 'activate' })).body.reason).toBe('error.object.already_deleted');
  });
});

describe('reaction summary helpers', () => {
  it('keep emoji order, one entry per user and drop empty emojis', () => {
    let s = parseReactionSummary(undefined);
    s = applyReaction(s, 'smile', '2', true);
    s = applyReaction(s, 'heart', '3', true);
    s = applyReaction(s, 'smile', '3', true);
    s = applyReaction(s, 'smile', '2', true);
    expect(s).toEqual({
      reactions: [
        { emoji: 'smile', user_ids: ['2', '3'] },
        { emoji: 'heart', user_ids: ['3'] },
      ],
    });
    s = applyReaction(s, 'heart', '3', false);
    expect(s).toEqual({ reactions: [{ emoji: 'smile', user_ids: ['2', '3'] }] });
    expect(parseReactionSummary(JSON.stringify(s))).toEqual(s);
    expect(parseReactionSummary('[]')).toEqual({ reactions: [] });
  });
});
