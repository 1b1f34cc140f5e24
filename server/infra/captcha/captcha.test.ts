import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOn } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { AltchaChallenge } from '../../contract/api/user.js';
import { CODE_ALPHABET } from './code-image.js';

// The built-in captcha through the API: Lantern's UI asks for altcha's proof of work
// (captcha_kind=altcha) and sends the widget's payload as captcha_code; any other client gets an
// image code it types. Registration (the email action, which always asks once the captcha is on)
// is the protected action here.

const V1 = '/answer/api/v1';
const A = '/answer/admin/api';
const REG = `${V1}/user/register/email`;
const REFUSED = {
  code: 400,
  reason: 'error.object.captcha_verification_failed',
  data: [{ error_field: 'captcha_code', error_msg: 'Captcha wrong.' }],
};

// real time moved on by `ahead` seconds: the challenge's expiry is read with the app's clock
let ahead = 0;
const clock = { now: () => Math.floor(Date.now() / 1000) + ahead };

let app: TestApp;
let n = 0;
beforeAll(async () => {
  app = await startTestApp({ deps: { clock } });
  await captchaOn(app);
  // a small difficulty keeps each solve quick; the setting is what an admin saves
  const token = await adminToken(app);
  const saved = await app.call('PUT', `${A}/plugin/config`, {
    token,
    body: { plugin_slug_name: 'lantern_captcha', config_fields: { max_number: '40' } },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => app.stop());
beforeEach(() => {
  ahead = 0;
});

async function altchaRecord() {
  const r = await app.call('GET', `${V1}/user/action/record?action=email&captcha_kind=altcha`);
  expect(r.status).toBe(200);
  return r.body.data as { captcha_id: string; captcha_img: string; verify: boolean; altcha: AltchaChallenge };
}

/** Solves a challenge as the widget does, and encodes the payload as the widget sends it. */
async function solve(challenge: AltchaChallenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return { solution: solution!, payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

function register(captcha: { captcha_id?: string; captcha_code?: string }) {
  n += 1;
  return app.call('POST', REG, { body: { name: `Solver ${n}`, e_mail: `solver${n}@example.com`, pass: 'password-123', ...captcha } });
}

const countRows = async (table: 'captcha' | 'captcha_spent') =>
  Number(
    (
      await app.lantern.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /answer/api/v1/user/action/record?captcha_kind=altcha', () => {
  it('hands out a signed proof-of-work challenge and stores nothing for it', async () => {
    const before = [await countRows('captcha'), await countRows('captcha_spent')];
    const rec = await altchaRecord();
    expect(rec.verify).toBe(true);
    expect(rec.captcha_img).toBe('');
    expect(rec.captcha_id).toMatch(/^altcha-[0-9a-f-]{36}$/);
    expect(rec.altcha.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', data: { id: rec.captcha_id } });
    expect(rec.altcha.signature).toMatch(/^[0-9a-f]{64}$/);
    // five minutes to solve it
    expect(rec.altcha.parameters.expiresAt).toBe(clock.now() + 300);
    expect([await countRows('captcha'), await countRows('captcha_spent')]).toEqual(before);
  });

  it('keeps the difficulty within the saved setting', async () => {
    const { solution } = await solve((await altchaRecord()).altcha);
    expect(solution.counter).toBeGreaterThanOrEqual(20);
    expect(solution.counter).toBeLessThanOrEqual(40);
  });

  it('signs with a key of the site, kept in the database', async () => {
    const row = await app.lantern.ctx.db.selectFrom('site_info').select('content').where('type', '=', 'captcha_secret').executeTakeFirst();
    expect(row?.content).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /answer/api/v1/user/register/email with an altcha payload', () => {
  it('passes with a real solution, once: the same payload again is refused', async () => {
    const rec = await altchaRecord();
    const { payload } = await solve(rec.altcha);
    const ok = await register({ captcha_id: rec.captcha_id, captcha_code: payload });
    expect(ok.status).toBe(200);
    const replay = await register({ captcha_id: rec.captcha_id, captcha_code: payload });
    expect(replay.body).toMatchObject(REFUSED);
  });

  it('refuses a solution sent after the challenge expired', async () => {
    const rec = await altchaRecord();
    const { payload } = await solve(rec.altcha);
    ahead = 301;
    expect((await register({ captcha_id: rec.captcha_id, captcha_code: payload })).body).toMatchObject(REFUSED);
  });

  it('refuses a wrong counter, a tampered challenge, another challenge id and a payload that is not one', async () => {
    const rec = await altchaRecord();
    const { payload, solution } = await solve(rec.altcha);
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const wrongKey = encode({ challenge: rec.altcha, solution: { ...solution, derivedKey: '00'.repeat(32) } });
    const tampered = encode({
      challenge: { ...rec.altcha, parameters: { ...rec.altcha.parameters, expiresAt: clock.now() + 86400 } },
      solution,
    });
    for (const captcha_code of [wrongKey, tampered, 'abcde', 'bm90IGpzb24=', encode({ challenge: 1 })])
      expect((await register({ captcha_id: rec.captcha_id, captcha_code })).body).toMatchObject(REFUSED);
    // the right payload under another id (as if reused for a second challenge)
    const other = await altchaRecord();
    expect((await register({ captcha_id: other.captcha_id, captcha_code: payload })).body).toMatchObject(REFUSED);
    // none of the refusals used it up
    expect((await register({ captcha_id: rec.captcha_id, captcha_code: payload })).status).toBe(200);
  });

  it('refuses a challenge signed with another site key', async () => {
    const other = await startTestApp();
    try {
      await captchaOn(other);
      const foreign = (await other.call('GET', `${V1}/user/action/record?action=email&captcha_kind=altcha`)).body.data;
      const { payload } = await solve(foreign.altcha);
      expect((await register({ captcha_id: foreign.captcha_id, captcha_code: payload })).body).toMatchObject(REFUSED);
    } finally {
      await other.stop();
    }
  });

  it('forgets a used challenge at the purge once it has expired', async () => {
    const rec = await altchaRecord();
    const { payload } = await solve(rec.altcha);
    expect((await register({ captcha_id: rec.captcha_id, captcha_code: payload })).status).toBe(200);
    const spent = await countRows('captcha_spent');
    expect(spent).toBeGreaterThan(0);
    ahead = 301;
    await app.lantern.ctx.captcha.purgeExpired();
    expect(await countRows('captcha_spent')).toBe(0);
  });
});

describe('the image code for stock Answer clients', () => {
  it('answers action/record as the reference does, with an image and no altcha challenge', async () => {
    const r = await app.call('GET', `${V1}/user/action/record?action=email`);
    expect(Object.keys(r.body.data).sort()).toEqual(['captcha_id', 'captcha_img', 'verify']);
    expect(r.body.data.captcha_img).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(r.body.data.captcha_img.split(',')[1], 'base64').toString('utf8');
    // drawn strokes only: no text or font outline to read the code from
    expect(svg).not.toMatch(/<text|font/i);
    expect(svg.match(/<path /g)!.length).toBeGreaterThan(10);
  });

  it('passes the typed code once, in any letter case', async () => {
    const r = (await app.call('GET', `${V1}/user/action/record?action=email`)).body.data;
    const row = await app.lantern.ctx.db.selectFrom('captcha').select('answer').where('id', '=', r.captcha_id).executeTakeFirstOrThrow();
    expect(row.answer).toMatch(new RegExp(`^[${CODE_ALPHABET.toLowerCase()}]{5}$`));
    expect((await register({ captcha_id: r.captcha_id, captcha_code: row.answer.toUpperCase() })).status).toBe(200);
    expect((await register({ captcha_id: r.captcha_id, captcha_code: row.answer })).body).toMatchObject(REFUSED);
  });

  it('refuses an altcha payload sent under an image captcha id, and a typed code under an altcha id', async () => {
    const img = (await app.call('GET', `${V1}/user/action/record?action=email`)).body.data;
    const rec = await altchaRecord();
    const { payload } = await solve(rec.altcha);
    expect((await register({ captcha_id: img.captcha_id, captcha_code: payload })).body).toMatchObject(REFUSED);
    expect((await register({ captcha_id: rec.captcha_id, captcha_code: 'abcde' })).body).toMatchObject(REFUSED);
  });

  it('refuses an unknown captcha kind with a field error', async () => {
    const r = await app.call('GET', `${V1}/user/action/record?action=email&captcha_kind=puzzle`);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ error_field: 'captcha_kind', error_msg: expect.any(String) }]);
  });
});
