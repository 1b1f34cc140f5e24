import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../tests/support/accounts.js';
import { askQuestion } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { translate } from '../contract/messages/index.js';
import { writeConfigValue } from '../modules/config/config.repository.js';
import { sharedBody, type EtagOf } from './shared-response.js';

// Answers shared by every viewer (list pages, search results) with reuse switched on, as a served
// instance runs; the rest of the suite runs with it off so every request computes.
let app: TestApp;
let admin: string;

const api = (path: string) => `/answer/api/v1${path}`;

beforeAll(async () => {
  app = await startTestApp({ config: { listPageTtlMs: 60_000, searchTtlMs: 60_000 } });
  await captchaOff(app);
  admin = await adminToken(app);
});

afterAll(async () => {
  await app.stop();
});

describe('sharedBody', () => {
  it('is the success envelope, serialised once, with an ETag of the form Express gives', () => {
    const etagOf = express().get('etag fn') as EtagOf;
    const body = sharedBody('en_US', { list: [1, 2] }, etagOf);
    expect(JSON.parse(body.bytes.toString())).toEqual({
      code: 200,
      reason: 'base.success',
      msg: translate('en_US', 'base.success'),
      data: { list: [1, 2] },
    });
    expect(body.etag).toMatch(new RegExp(`^W/"${body.bytes.length.toString(16)}-[A-Za-z0-9+/]{27}"$`));
    expect(sharedBody('en_US', { list: [1, 2] }, etagOf).etag).toBe(body.etag);
    expect(sharedBody('en_US', { list: [1, 3] }, etagOf).etag).not.toBe(body.etag);
    expect(JSON.parse(sharedBody('en_US', undefined, etagOf).bytes.toString()).data).toBeNull();
  });
});

describe('a reused list page', () => {
  it('answers a matching If-None-Match with 304, and each language gets its own message', async () => {
    await askQuestion(app, admin, { title: 'A page with an entity tag', content: 'Body of the entity tag question.', tags: ['shared'] });
    await app.lantern.ctx.events.settle();
    const path = api('/question/page?order=newest&page=1&page_size=5');
    const first = await app.call('GET', path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    // (fetch would add 'cache-control: no-cache' to a conditional request, asking for a full answer)
    const conditional = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    const again = await app.call('GET', path, { headers: conditional });
    expect(again.status).toBe(304);
    const zh = await app.call('GET', path, { lang: 'zh_CN' });
    expect(zh.body.msg).toBe(translate('zh_CN', 'base.success'));
    expect(zh.body.msg).not.toBe(first.body.msg);
    expect(zh.body.data).toEqual(first.body.data);
    // a change makes a new page with a new tag: the old one no longer matches
    await askQuestion(app, admin, { title: 'A second page question', content: 'Body of the second page question.', tags: ['shared'] });
    await app.lantern.ctx.events.settle();
    const changed = await app.call('GET', path, { headers: conditional });
    expect(changed.status).toBe(200);
    expect(changed.body.data.list[0].title).toBe('A second page question');
  });
});

describe('reused search results', () => {
  it('are kept until an announced change, which shows at once', async () => {
    const id = await askQuestion(app, admin, {
      title: 'Lighthouse keepers of the north',
      content: 'Who kept the lighthouse lamps burning through the winter?',
      tags: ['shared'],
    });
    await app.lantern.ctx.events.settle();
    const find = async () =>
      (await app.call('GET', api('/search?q=lighthouse'))).body.data as {
        count: number;
        list: { object: { id: string; title: string } }[];
      };
    expect((await find()).list.map((r) => r.object.id)).toEqual([id]);
    // a change nobody announced waits for the TTL
    await app.lantern.ctx.db.updateTable('question').set({ title: 'Renamed in the table only' }).where('id', '=', id).execute();
    expect((await find()).list[0].object.title).toBe('Lighthouse keepers of the north');
    // a new question is announced: the next search sees it and the renamed title
    const second = await askQuestion(app, admin, {
      title: 'Lighthouse lenses',
      content: 'How were the lighthouse lenses ground?',
      tags: ['shared'],
    });
    await app.lantern.ctx.events.settle();
    const after = await find();
    expect(after.count).toBe(2);
    expect(after.list.map((r) => r.object.id).sort()).toEqual([id, second].sort());
    expect(after.list.find((r) => r.object.id === id)!.object.title).toBe('Renamed in the table only');
  });

  it('user:me is kept per viewer, and other orders and pages are separate', async () => {
    const alice = await makeUser(app, { name: 'Alice Shared', rank: 5000 });
    const bob = await makeUser(app, { name: 'Bob Shared', rank: 5000 });
    const mine = await askQuestion(app, alice.token, {
      title: 'Alice asks about windmills',
      content: 'Where do windmills still grind flour?',
      tags: ['shared'],
    });
    await app.lantern.ctx.events.settle();
    const theirs = await askQuestion(app, bob.token, {
      title: 'Bob asks about windmills',
      content: 'Which windmills can be visited?',
      tags: ['shared'],
    });
    await app.lantern.ctx.events.settle();
    const me = async (token?: string) =>
      (await app.call('GET', api('/search?q=user:me windmills'), { token })).body.data.list.map((r: any) => r.object.id);
    expect(await me(alice.token)).toEqual([mine]);
    expect(await me(bob.token)).toEqual([theirs]);
    expect(await me()).toEqual([]);
    const page = async (extra: string) =>
      (await app.call('GET', api(`/search?q=windmills${extra}`))).body.data.list.map((r: any) => r.object.id);
    expect(await page('&order=newest')).toEqual([theirs, mine]);
    expect(await page('&order=newest&size=1&page=2')).toEqual([mine]);
  });

  it('every search still counts towards the captcha, reused or not', async () => {
    await writeConfigValue(app.lantern.ctx.db, 'plugin.status', JSON.stringify({ lantern_captcha: true }));
    try {
      const carol = await makeUser(app, { name: 'Carol Shared' });
      for (let i = 0; i < 20; i++) expect((await app.call('GET', api('/search?q=lighthouse'), { token: carol.token })).status).toBe(200);
      const refused = await app.call('GET', api('/search?q=lighthouse'), { token: carol.token });
      expect(refused.status).toBe(400);
      expect(refused.body.reason).toBe('error.object.captcha_verification_failed');
    } finally {
      await captchaOff(app);
    }
  });
});
