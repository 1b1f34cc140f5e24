import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion, insertQuestion, postAnswer } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { engineOf } from '../../db/dialect/handle.js';
import { decodeId } from '../../infra/ids/object-id.js';

// The unfiltered question lists' totals: on SQLite, triggers keep them in question_total, so a list
// page reads one row instead of counting every question; on PostgreSQL the list counts. Either way
// the total shown must be the count of the questions the list holds, right after any change.
const V1 = '/answer/api/v1';
let app: TestApp;
let admin: string;
let owner: { id: number; token: string };
let answerer: { id: number; token: string };

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  owner = await makeUser(app, { rank: 5000 });
  answerer = await makeUser(app, { rank: 5000 });
});
afterAll(async () => {
  await app.stop();
});

const sqlite = () => engineOf(app.lantern.ctx.db) === 'sqlite';

/** The lists' totals as the API shows them, as counted, and (SQLite) as kept. */
async function totals() {
  const db = app.lantern.ctx.db;
  const counted = async (unanswered: boolean) =>
    Number(
      (
        await db
          .selectFrom('question')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('show', '=', 1)
          .$if(unanswered, (q) => q.where('status', '=', 1).where('answer_count', '=', 0))
          .$if(!unanswered, (q) => q.where('status', 'in', [1, 2]))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const shown = async (order: string) =>
    (await app.call('GET', `${V1}/question/page?order=${order}&page=1&page_size=5`)).body.data.count as number;
  const kept = sqlite()
    ? Object.fromEntries(
        (await sql<{ name: string; n: number }>`SELECT name, n FROM question_total`.execute(db)).rows.map((r) => [r.name, Number(r.n)]),
      )
    : null;
  return {
    listed: await counted(false),
    unanswered: await counted(true),
    shown: { newest: await shown('newest'), score: await shown('score'), unanswered: await shown('unanswered') },
    kept,
  };
}

async function expectConsistent() {
  const t = await totals();
  expect(t.shown).toEqual({ newest: t.listed, score: t.listed, unanswered: t.unanswered });
  if (t.kept) expect(t.kept).toEqual({ listed: t.listed, unanswered: t.unanswered });
  return t;
}

describe('question list totals', () => {
  it('follow asking, answering, closing, hiding, deleting and recovering, at once', async () => {
    const start = await expectConsistent();
    const a = await askQuestion(app, owner.token, { title: 'How long does a lantern wick last?' });
    const b = await askQuestion(app, owner.token, { title: 'Can a lantern run on olive oil?' });
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 2, unanswered: start.unanswered + 2 });

    await postAnswer(app, answerer.token, a, { content: 'About forty hours of burning.' });
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 2, unanswered: start.unanswered + 1 });

    // closed: still listed, no longer unanswered
    const reasons = (await app.call('GET', `${V1}/reasons?object_type=question&action=close`, { token: admin })).body.data as {
      reason_type: number;
    }[];
    const close = await app.call('PUT', `${V1}/question/status`, {
      token: admin,
      body: { id: b, close_type: reasons[0].reason_type, close_msg: 'https://example.com/questions/1' },
    });
    expect(close.status).toBe(200);
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 2, unanswered: start.unanswered });
    expect((await app.call('PUT', `${V1}/question/reopen`, { token: admin, body: { question_id: b } })).status).toBe(200);
    expect(await expectConsistent()).toMatchObject({ unanswered: start.unanswered + 1 });

    // unlisted (hidden) and listed again
    expect((await app.call('PUT', `${V1}/question/operation`, { token: admin, body: { id: b, operation: 'hide' } })).status).toBe(200);
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 1, unanswered: start.unanswered });
    expect((await app.call('PUT', `${V1}/question/operation`, { token: admin, body: { id: b, operation: 'show' } })).status).toBe(200);
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 2 });

    // deleted and recovered
    expect((await app.call('DELETE', `${V1}/question`, { token: admin, body: { id: b } })).status).toBe(200);
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 1, unanswered: start.unanswered });
    expect((await app.call('POST', `${V1}/question/recover`, { token: admin, body: { question_id: b } })).status).toBe(200);
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 2, unanswered: start.unanswered + 1 });
  });

  it('follow rows written or removed outside the services (an import, a purge)', async () => {
    const start = await expectConsistent();
    const db = app.lantern.ctx.db;
    const open = await insertQuestion(app, { userId: owner.id });
    const hidden = await insertQuestion(app, { userId: owner.id, show: 2 });
    const pending = await insertQuestion(app, { userId: owner.id, status: 11 });
    const answered = await insertQuestion(app, { userId: owner.id, answer_count: 3 });
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 2, unanswered: start.unanswered + 1 });
    await db.updateTable('question').set({ status: 1 }).where('id', '=', pending).execute();
    await db.updateTable('question').set({ answer_count: 0 }).where('id', '=', answered).execute();
    expect(await expectConsistent()).toMatchObject({ listed: start.listed + 3, unanswered: start.unanswered + 3 });
    await db
      .deleteFrom('question')
      .where(
        'id',
        'in',
        [open, hidden, pending, answered].map((id) => decodeId(id) ?? id),
      )
      .execute();
    expect(await expectConsistent()).toEqual(start);
  });

  it('are read from the kept row on SQLite, not counted', async () => {
    if (!sqlite()) return;
    const db = app.lantern.ctx.db;
    // a wrong kept figure would show: the list's total is the row, whatever the table holds
    await sql`UPDATE question_total SET n = n + 1000 WHERE name = 'listed'`.execute(db);
    const { listed, shown } = await totals();
    expect(shown.newest).toBe(listed + 1000);
    await sql`UPDATE question_total SET n = n - 1000 WHERE name = 'listed'`.execute(db);
    await expectConsistent();
  });
});
