import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const KB = 1024;

/** A clock the tests move by hand. */
const clock = {
  t: 1_800_000_000,
  now() {
    return this.t;
  },
};

let app: TestApp;
let admin: string;
const A = '/answer/admin/api';

/** POST file as a member; a GIF keeps its bytes as sent (nothing to strip), so its stored size is known. */
async function upload(token: string, file: Buffer = PNG) {
  const form = new FormData();
  form.set('source', 'post');
  form.set('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'picture.png');
  const res = await fetch(`${app.url}/answer/api/v1/file`, { method: 'POST', body: form, headers: { authorization: token } });
  return { status: res.status, body: (await res.json()) as any };
}

/** A GIF of `kb` kilobytes stored. */
const gifOf = (kb: number) => Buffer.concat([GIF, Buffer.alloc(kb * KB - GIF.length)]);

async function setQuota(q: { max_uploads_per_hour?: number; max_upload_mb_per_day?: number }) {
  const ctx = app.lantern.ctx;
  await ctx.settings.put('write', { ...(await ctx.settings.get('write')), ...q });
}

beforeAll(async () => {
  app = await startTestApp({ deps: { clock } });
});
afterAll(async () => app.stop());
// each test starts three days on, past every window, with the defaults and a session that is live then
beforeEach(async () => {
  clock.t += 3 * 24 * 3600;
  await setQuota({ max_uploads_per_hour: 30, max_upload_mb_per_day: 50 });
  admin = await adminToken(app);
});

describe('POST file: uploads per hour', () => {
  it('refuses the 31st upload of an hour with 429, a clear reason and data.retry_after; an hour later it is taken', async () => {
    const member = await makeUser(app);
    for (let i = 0; i < 30; i++) expect((await upload(member.token)).status, `upload ${i + 1}`).toBe(200);
    const refused = await upload(member.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 429,
      reason: 'error.upload.too_many_uploads',
      msg: 'Too many uploads: at most 30 an hour. Try again in 60 min.',
      data: { err_type: 'toast', retry_after: 3600 },
    });
    // the window slides: 20 minutes on, the first uploads are still in it
    clock.t += 20 * 60;
    expect((await upload(member.token)).body.data.retry_after).toBe(40 * 60);
    clock.t += 40 * 60;
    expect((await upload(member.token)).status).toBe(200);
    // 0 turns the limit off: 32 in the same second
    await setQuota({ max_uploads_per_hour: 0 });
    for (let i = 0; i < 31; i++) expect((await upload(member.token)).status).toBe(200);
  });

  it('counts each member on their own, and admins not at all', async () => {
    await setQuota({ max_uploads_per_hour: 2 });
    const first = await makeUser(app);
    const second = await makeUser(app);
    expect((await upload(first.token)).status).toBe(200);
    expect((await upload(first.token)).status).toBe(200);
    expect((await upload(first.token)).status).toBe(429);
    expect((await upload(second.token)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await upload(admin)).status).toBe(200);
  });

  it('lets no more than the limit through when uploads arrive at once', async () => {
    await setQuota({ max_uploads_per_hour: 3 });
    const member = await makeUser(app);
    const all = await Promise.all(Array.from({ length: 10 }, () => upload(member.token)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(3);
    expect(all.filter((r) => r.status === 429)).toHaveLength(7);
    const stored = await app.lantern.ctx.db.selectFrom('file_record').select('id').where('user_id', '=', member.id).execute();
    expect(stored).toHaveLength(3);
  });
});

describe('POST file: bytes per day', () => {
  it('takes uploads up to the daily megabytes, then answers 429 until the first has left the 24 hours', async () => {
    await setQuota({ max_uploads_per_hour: 0, max_upload_mb_per_day: 1 });
    const member = await makeUser(app);
    const start = clock.t;
    expect((await upload(member.token, gifOf(400))).status).toBe(200);
    clock.t += 600;
    expect((await upload(member.token, gifOf(400))).status).toBe(200);
    clock.t += 600;
    // 224 KB are left: a smaller one fits, this one does not
    const refused = await upload(member.token, gifOf(300));
    expect(refused.status).toBe(429);
    expect(refused.body.reason).toBe('error.upload.daily_quota_exceeded');
    expect(refused.body.msg).toBe('You have uploaded too much today (at most 1 MB in 24 hours). Try again in 24 h.');
    expect(refused.body.data).toEqual({ err_type: 'toast', retry_after: start + 24 * 3600 - clock.t });
    expect((await upload(member.token, gifOf(224))).status).toBe(200);
    expect((await upload(member.token, gifOf(1))).status).toBe(429);

    // the next day: one second before the first upload leaves the window, still refused; then taken
    clock.t = start + 24 * 3600 - 1;
    expect((await upload(member.token, gifOf(300))).status).toBe(429);
    clock.t = start + 24 * 3600;
    expect((await upload(member.token, gifOf(300))).status).toBe(200);

    // admins are not counted
    admin = await adminToken(app);
    for (let i = 0; i < 4; i++) expect((await upload(admin, gifOf(400))).status).toBe(200);
  });
});

describe('PUT /answer/admin/api/siteinfo/write: the upload quotas', () => {
  const base = { restrict_answer: true, required_tag: false, recommend_tags: [], reserved_tags: [] };

  it('has defaults of 30 uploads an hour and 50 MB a day, stores new values and keeps them when a body leaves them out', async () => {
    const ctx = app.lantern.ctx;
    // for admins only
    const member = await makeUser(app);
    expect(
      (await app.call('PUT', `${A}/siteinfo/write`, { token: member.token, body: { ...base, max_uploads_per_hour: 1000 } })).status,
    ).toBe(403);
    await ctx.settings.put('write', { ...(await ctx.settings.get('write')), max_uploads_per_hour: 30, max_upload_mb_per_day: 50 });
    const before = await app.call('GET', `${A}/siteinfo/write`, { token: admin });
    expect(before.body.data).toEqual(expect.objectContaining({ max_uploads_per_hour: 30, max_upload_mb_per_day: 50 }));

    const put = await app.call('PUT', `${A}/siteinfo/write`, {
      token: admin,
      body: { ...base, max_uploads_per_hour: 5, max_upload_mb_per_day: 0 },
    });
    expect(put.status).toBe(200);
    const after = await app.call('GET', `${A}/siteinfo/write`, { token: admin });
    expect(after.body.data).toEqual(expect.objectContaining({ max_uploads_per_hour: 5, max_upload_mb_per_day: 0 }));

    // a stock Answer client sends the fields it knows only
    expect((await app.call('PUT', `${A}/siteinfo/write`, { token: admin, body: { ...base, max_image_size: 4 } })).status).toBe(200);
    const kept = await app.call('GET', `${A}/siteinfo/write`, { token: admin });
    expect(kept.body.data).toEqual(expect.objectContaining({ max_uploads_per_hour: 5, max_upload_mb_per_day: 0 }));
  });

  it('refuses negative, fractional, too large and non-numeric values with error_field', async () => {
    const cases: [string, unknown, string][] = [
      ['max_uploads_per_hour', -1, 'Uploads per member per hour must be between 0 and 100000.'],
      ['max_upload_mb_per_day', -5, 'Upload MB per member per day must be between 0 and 100000.'],
      ['max_uploads_per_hour', 1.5, 'Uploads per member per hour is not valid.'],
      ['max_upload_mb_per_day', 100001, 'Upload MB per member per day must be between 0 and 100000.'],
      ['max_upload_mb_per_day', '10', 'Upload MB per member per day is not valid.'],
    ];
    for (const [field, value, message] of cases) {
      const r = await app.call('PUT', `${A}/siteinfo/write`, { token: admin, body: { ...base, [field]: value } });
      expect(r.status, `${field}=${String(value)}`).toBe(400);
      expect(r.body.data, `${field}=${String(value)}`).toEqual([{ error_field: field, error_msg: message }]);
    }
  });
});
