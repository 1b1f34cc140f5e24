import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer, postComment } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { ORPHAN_GRACE_S, removeOrphanUploads } from './upload.orphans.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
  'hex',
);
const V1 = '/answer/api/v1';

/** A clock the tests move by hand. */
const clock = {
  t: 1_800_000_000,
  now() {
    return this.t;
  },
};

let app: TestApp;

/** POST file; answers the stored path below uploads/ and the URL the endpoint gave. */
async function upload(token: string, source = 'post'): Promise<{ rel: string; url: string }> {
  const form = new FormData();
  form.set('source', source);
  form.set('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'picture.png');
  const res = await fetch(`${app.url}${V1}/file`, { method: 'POST', body: form, headers: { authorization: token } });
  const url = ((await res.json()) as { data: string }).data;
  expect(res.status).toBe(200);
  return { rel: new URL(url, 'http://x').pathname.replace('/uploads/', ''), url };
}

const onDisk = (rel: string) => existsSync(join(app.dataDir, 'uploads', rel));
const recorded = async (rel: string) =>
  !!(await app.lantern.ctx.db.selectFrom('file_record').select('id').where('file_path', '=', rel).executeTakeFirst());
const name = (rel: string) => rel.split('/').pop()!;

beforeAll(async () => {
  app = await startTestApp({ deps: { clock } });
  await captchaOff(app);
});
afterAll(async () => app.stop());

describe('removeOrphanUploads (the hourly job)', () => {
  it('removes uploads nothing names after the grace period, and keeps every referenced or fresh one', async () => {
    const member = await makeUser(app, { rank: 10000 });
    const admin = await adminToken(app);
    const orphan = await upload(member.token);
    const inQuestion = await upload(member.token);
    const inOldRevision = await upload(member.token);
    const inAnswer = await upload(member.token);
    const inComment = await upload(member.token);
    const avatar = await upload(member.token, 'avatar');
    const logo = await upload(admin, 'branding');

    const q = await askQuestion(app, member.token, { content: `A picture: ![one](${inQuestion.url}) and ![two](${inOldRevision.url})` });
    // the edit drops the second picture: only the first revision still names it
    const edit = await app.call('PUT', `${V1}/question`, {
      token: member.token,
      body: {
        id: q,
        title: 'A question about the lantern with one picture',
        content: `A picture: ![one](${inQuestion.url})`,
        tags: [{ slug_name: 'sqlite' }],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // an absolute URL at another address than the site's (a link copied from elsewhere): matched by its file name
    await postAnswer(app, member.token, q, { content: `Same here: ![x](http://old-name.example:8080/uploads/${inAnswer.rel})` });
    await postComment(app, member.token, q, `See ![y](/uploads/${inComment.rel}) for the detail.`);
    const info = await app.call('PUT', `${V1}/user/info`, {
      token: member.token,
      body: { display_name: 'Picture Person', avatar: { type: 'custom', gravatar: '', custom: avatar.url } },
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    const ctx = app.lantern.ctx;
    await ctx.settings.put('branding', { ...(await ctx.settings.get('branding')), logo: logo.url });

    const all = [orphan, inQuestion, inOldRevision, inAnswer, inComment, avatar, logo];
    // within the grace period nothing goes, not even the orphan
    clock.t += ORPHAN_GRACE_S - 60;
    expect(await removeOrphanUploads(ctx)).toEqual({ kept: 0, removed: 0 });
    for (const u of all) expect(onDisk(u.rel), u.rel).toBe(true);

    clock.t += 120;
    const fresh = await upload(member.token);
    expect(await removeOrphanUploads(ctx)).toEqual({ kept: 6, removed: 1 });
    expect(onDisk(orphan.rel)).toBe(false);
    expect(await recorded(orphan.rel)).toBe(false);
    for (const u of [...all.slice(1), fresh]) {
      expect(onDisk(u.rel), name(u.rel)).toBe(true);
      expect(await recorded(u.rel), name(u.rel)).toBe(true);
    }
    // the kept ones are not looked at again on the next pass (nor the fresh one, still in its grace period)
    expect(await removeOrphanUploads(ctx)).toEqual({ kept: 0, removed: 0 });

    // a day later the fresh one, never used, goes too
    clock.t += ORPHAN_GRACE_S + 1;
    expect(await removeOrphanUploads(ctx)).toEqual({ kept: 0, removed: 1 });
    expect(onDisk(fresh.rel)).toBe(false);
    for (const u of all.slice(1)) expect(onDisk(u.rel), name(u.rel)).toBe(true);
  });

  it('looks at a kept upload again after a month: a replaced avatar then goes', async () => {
    const member = await makeUser(app, { rank: 10000 });
    const first = await upload(member.token, 'avatar');
    const setAvatar = (url: string) =>
      app.call('PUT', `${V1}/user/info`, {
        token: member.token,
        body: { display_name: 'Avatar Person', avatar: { type: 'custom', gravatar: '', custom: url } },
      });
    expect((await setAvatar(first.url)).status).toBe(200);
    clock.t += ORPHAN_GRACE_S + 60;
    const ctx = app.lantern.ctx;
    await removeOrphanUploads(ctx);
    expect(onDisk(first.rel)).toBe(true);

    const token = (await ctx.sessions.issue(member.id)).accessToken;
    const second = await upload(token, 'avatar');
    const r = await app.call('PUT', `${V1}/user/info`, {
      token,
      body: { display_name: 'Avatar Person', avatar: { type: 'custom', gravatar: '', custom: second.url } },
    });
    expect(r.status).toBe(200);
    clock.t += 31 * 24 * 3600;
    await removeOrphanUploads(ctx);
    expect(onDisk(first.rel)).toBe(false);
    expect(onDisk(second.rel)).toBe(true);
  });
});
