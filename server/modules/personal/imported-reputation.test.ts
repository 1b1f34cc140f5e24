import { sql } from 'kysely';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { writeTinyDump } from '../../../tests/support/tiny-dump.js';
import { importStackExchange } from '../import/stackexchange.js';

// Issue 15: an imported account's reputation is explained in its reputation tab by one entry
// "Imported from <site>" (data written at import), so the entries add up to the reputation shown.

const V1 = '/answer/api/v1';
const SITE = 'coffee.stackexchange.com';
let app: TestApp;
const dirs: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
});
afterAll(async () => {
  await app.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function importUsers(users: { id: number; name: string; reputation: number }[]) {
  const dir = writeTinyDump(users);
  dirs.push(dir);
  const report = await importStackExchange(app.lantern.ctx.db, dir, { site: SITE });
  expect(report.errors).toEqual([]);
  return report;
}

const get = async (path: string) => {
  const r = await app.call('GET', V1 + path);
  expect(r.status).toBe(200);
  return r.body.data;
};
const usernameOf = async (seId: number) =>
  (
    await app.lantern.ctx.db
      .selectFrom('user as u')
      // meta keeps object ids as text
      .innerJoin('meta as m', (j) => j.on('m.object_id', '=', sql<string>`cast(${sql.ref('u.id')} as text)`))
      .select('u.username')
      .where('m.key', '=', 'stackexchange.source')
      .where('m.value', '=', `${SITE}/u/${seId}`)
      .executeTakeFirstOrThrow()
  ).username;
const rankOf = async (username: string) => (await get(`/personal/user/info?username=${username}`)).rank as number;
const history = async (username: string, page = 1, size = 30) =>
  get(`/personal/rank/page?username=${username}&page=${page}&page_size=${size}`);
const sum = (list: { reputation: number }[]) => list.reduce((n, i) => n + i.reputation, 0);

describe('the reputation tab of an imported account', () => {
  it('lists one "Imported from <site>" entry of the imported reputation, so the entries add up to the reputation', async () => {
    const before = Math.floor(Date.now() / 1000);
    await importUsers([{ id: 7, name: 'Barista Bea', reputation: 1234 }]);
    const bea = await usernameOf(7);
    expect(await rankOf(bea)).toBe(1234);
    const h = await history(bea);
    expect(h.count).toBe(1);
    expect(h.list).toEqual([
      expect.objectContaining({
        reputation: 1234,
        rank_type: 'imported',
        title: `Imported from ${SITE}`,
        object_type: 'user',
        question_id: '',
        answer_id: '',
      }),
    ]);
    expect(h.list[0].created_at).toBeGreaterThanOrEqual(before);
    expect(sum(h.list)).toBe(await rankOf(bea));
    // in another language
    const zh = await app.call('GET', `${V1}/personal/rank/page?username=${bea}`, { lang: 'zh_CN' });
    expect(zh.body.data.list[0].title).toBe(`从 ${SITE} 导入`);
  });

  it('keeps adding up after local votes, placed by date among them, across pages', async () => {
    await importUsers([{ id: 8, name: 'Roaster Rob', reputation: 500 }]);
    const rob = await usernameOf(8);
    const voter = await makeUser(app, { rank: 1000 });
    const question = (await get(`/personal/question/page?username=${rob}`)).list[0].question_id as string;
    // the vote comes after the import: it is listed first, then the import
    await app.lantern.ctx.db
      .updateTable('meta')
      .set({ updated_at: Math.floor(Date.now() / 1000) - 60 })
      .where(
        'object_id',
        '=',
        String((await app.lantern.ctx.db.selectFrom('user').select('id').where('username', '=', rob).executeTakeFirstOrThrow()).id),
      )
      .where('key', '=', 'stackexchange.reputation')
      .execute();
    const voted = await app.call('POST', `${V1}/vote/up`, { token: voter.token, body: { object_id: question, is_cancel: false } });
    expect(voted.status).toBe(200);
    const h = await history(rob);
    expect(h.count).toBe(2);
    expect(h.list.map((i: { rank_type: string }) => i.rank_type)).toEqual(['upvoted', 'imported']);
    expect(sum(h.list)).toBe(await rankOf(rob));
    expect(await rankOf(rob)).toBeGreaterThan(500);
    // one item a page: the vote on page 1, the import on page 2, nothing on page 3
    expect((await history(rob, 1, 1)).list.map((i: { rank_type: string }) => i.rank_type)).toEqual(['upvoted']);
    expect((await history(rob, 2, 1)).list.map((i: { rank_type: string }) => i.rank_type)).toEqual(['imported']);
    expect((await history(rob, 3, 1)).list).toEqual([]);
    expect((await history(rob, 2, 1)).count).toBe(2);
  });

  it('is written once per account: a repeated import adds none, and a changed reputation updates it and the account', async () => {
    await importUsers([{ id: 9, name: 'Grinder Gus', reputation: 300 }]);
    const gus = await usernameOf(9);
    const again = await importUsers([{ id: 9, name: 'Grinder Gus', reputation: 300 }]);
    expect(again.users.existing).toBe(1);
    expect((await history(gus)).list).toHaveLength(1);
    expect(await rankOf(gus)).toBe(300);
    await importUsers([{ id: 9, name: 'Grinder Gus', reputation: 450 }]);
    const h = await history(gus);
    expect(h.list).toEqual([expect.objectContaining({ rank_type: 'imported', reputation: 450 })]);
    expect(await rankOf(gus)).toBe(450);
    expect(sum(h.list)).toBe(450);
    const rows = await app.lantern.ctx.db
      .selectFrom('meta')
      .select('id')
      .where('key', '=', 'stackexchange.reputation')
      .where('value', '=', '450')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lists nothing imported for an account made here', async () => {
    const local = await makeUser(app, { name: 'local person' });
    const username = (await app.lantern.ctx.db.selectFrom('user').select('username').where('id', '=', local.id).executeTakeFirstOrThrow())
      .username;
    expect(await history(username)).toEqual({ count: 0, list: [] });
  });
});
