import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken, makeUser, registerViaApi } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { BACKOFF_S, LOG_KEEP_S } from './webhook.delivery.js';
import { claimDelivery, insertDeliveries, purgeSettledDeliveries } from './webhook.repository.js';

const ADMIN = '/answer/admin/api';

/** A webhook receiver on 127.0.0.1: records every POST; answers per path from a queue of replies (200 when empty). */
class Receiver {
  readonly got: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  readonly replies = new Map<string, (number | 'hold')[]>();
  readonly held: ServerResponse[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const path = req.url ?? '';
        this.got.push({ path, headers: req.headers, body });
        const reply = this.replies.get(path)?.shift() ?? 200;
        if (reply === 'hold') this.held.push(res);
        else res.writeHead(reply, { 'content-type': 'text/plain' }).end(reply === 200 ? 'thanks' : 'x'.repeat(2000));
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  to(path: string) {
    return this.got.filter((g) => g.path === path);
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.end();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

let t: TestApp;
let token: string;
const rx = new Receiver();
let offset = 0;

beforeAll(async () => {
  t = await startTestApp();
  // the app's own clock, moved by the tests (the backoff's waits pass without sleeping)
  const clock = t.lantern.ctx.clock;
  const real = clock.now.bind(clock);
  clock.now = () => real() + offset;
  token = await adminToken(t);
  await rx.start();
});
afterAll(async () => {
  await t.stop();
  await rx.stop();
});

async function createHook(body: Record<string, unknown>) {
  const r = await t.call('POST', `${ADMIN}/webhooks`, { token, body: { allow_lan: true, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: string; secret: string };
}

async function log(hookId: string) {
  const r = await t.call('GET', `${ADMIN}/webhooks/${hookId}/deliveries?page=1&page_size=50`, { token });
  expect(r.status).toBe(200);
  return r.body.data as { count: number; list: Record<string, any>[] };
}

const settle = () => t.lantern.ctx.events.settle();
const wait = { timeout: 10_000, interval: 20 };

describe('POST /answer/admin/api/webhooks', () => {
  it('makes the secret on the server and shows it once: the list has only a hint', async () => {
    const hook = await createHook({ url: `${rx.url}/once`, events: ['question.created'], active: false });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.call('GET', `${ADMIN}/webhooks`, { token });
    const shown = list.body.data.find((h: { id: string }) => h.id === hook.id);
    expect(shown).toMatchObject({
      url: `${rx.url}/once`,
      events: ['question.created'],
      active: false,
      secret_hint: `…${hook.secret.slice(-4)}`,
    });
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
    const rotated = await t.call('PUT', `${ADMIN}/webhooks/${hook.id}`, {
      token,
      body: { url: `${rx.url}/once`, events: ['question.created'], active: false, allow_lan: true, rotate_secret: true },
    });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(hook.secret);
    expect((await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token })).status).toBe(200);
    expect((await t.call('GET', `${ADMIN}/webhooks/${hook.id}/deliveries`, { token })).status).toBe(404);
  });

  it('refuses a loopback or LAN address unless allow_lan is ticked, and URLs that are not http(s)', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://192.168.1.20/x',
      'http://[::1]/x',
      'http://169.254.169.254/',
    ]) {
      const r = await t.call('POST', `${ADMIN}/webhooks`, { token, body: { url, events: ['question.created'] } });
      expect(r.status, url).toBe(400);
      expect(r.body.reason).toBe('error.webhook.private_target');
      expect(r.body.data).toEqual([{ error_field: 'url', error_msg: expect.stringContaining('Allow LAN') }]);
    }
    for (const url of ['ftp://example.com/x', 'not a url', 'http://user:pw@example.com/', 'http://0.0.0.0/']) {
      const r = await t.call('POST', `${ADMIN}/webhooks`, { token, body: { url, events: ['question.created'], allow_lan: true } });
      expect(r.status, url).toBe(400);
      expect(r.body.data[0].error_field).toBe('url');
    }
    const none = await t.call('POST', `${ADMIN}/webhooks`, { token, body: { url: 'https://example.com/', events: [] } });
    expect(none.body.data).toEqual([{ error_field: 'events', error_msg: 'Choose at least one event.' }]);
    const odd = await t.call('POST', `${ADMIN}/webhooks`, { token, body: { url: 'https://example.com/', events: ['vote.cast'] } });
    expect(odd.status).toBe(400);
    expect(odd.body.data[0].error_field).toMatch(/^events/);
  });

  it('is for admins only', async () => {
    const member = await makeUser(t);
    expect((await t.call('GET', `${ADMIN}/webhooks`, { token: member.token })).status).toBe(403);
    const r = await t.call('POST', `${ADMIN}/webhooks`, {
      token: member.token,
      body: { url: 'https://example.com/', events: ['question.created'] },
    });
    expect(r.status).toBe(403);
  });
});

describe('deliveries', () => {
  it('signs the body with the hook secret over timestamp.body, and a hook not subscribed to the event gets nothing', async () => {
    const asked = await createHook({ url: `${rx.url}/asked`, events: ['question.created'] });
    const answered = await createHook({ url: `${rx.url}/answered`, events: ['answer.created'] });
    const qid = await askQuestion(t, token);
    await vi.waitFor(async () => expect((await log(asked.id)).list[0]?.status).toBe('succeeded'), wait);
    await settle();

    const [req] = rx.to('/asked');
    const ts = Number(req.headers['x-lantern-timestamp']);
    expect(Math.abs(ts - t.lantern.ctx.clock.now())).toBeLessThan(5);
    const expected = createHmac('sha256', asked.secret).update(`${ts}.${req.body}`).digest('hex');
    expect(req.headers['x-lantern-signature']).toBe(`sha256=${expected}`);
    expect(req.headers['content-type']).toBe('application/json');
    const body = JSON.parse(req.body);
    expect(req.headers['x-lantern-event-id']).toBe(body.id);
    expect(req.headers['x-lantern-event']).toBe('question.created');
    expect(body).toMatchObject({ type: 'question.created', data: { question: { id: qid, tags: ['sqlite'] } } });
    expect(body.data.question.url).toContain(`/questions/${qid}`);
    // public data only: no e-mail address anywhere
    expect(req.body).not.toMatch(/@/);

    const row = (await log(asked.id)).list[0];
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1, response_code: 200, response_excerpt: 'thanks', event_id: body.id });
    expect(row.response_ms).toEqual(expect.any(Number));
    expect((await log(answered.id)).count).toBe(0);
    expect(rx.to('/answered')).toEqual([]);

    const aid = await postAnswer(t, (await makeUser(t)).token, qid);
    await vi.waitFor(async () => expect((await log(answered.id)).list[0]?.status).toBe('succeeded'), wait);
    expect(JSON.parse(rx.to('/answered')[0].body).data.answer.id).toBe(aid);
    await settle();
    expect(rx.to('/asked')).toHaveLength(1);
    for (const h of [asked, answered]) await t.call('DELETE', `${ADMIN}/webhooks/${h.id}`, { token });
  });

  it('retries after a 500 once the backoff has passed, logging each attempt, and keeps only an excerpt of the answer', async () => {
    const hook = await createHook({ url: `${rx.url}/flaky`, events: ['user.registered'] });
    rx.replies.set('/flaky', [500]);
    await registerViaApi(t, 'Webhook Newcomer', 'newcomer@example.com');
    await vi.waitFor(
      async () => expect((await log(hook.id)).list[0]).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 }),
      wait,
    );
    const first = (await log(hook.id)).list[0];
    expect(first.response_excerpt).toHaveLength(512);
    expect(first.next_attempt_at - t.lantern.ctx.clock.now()).toBeGreaterThan(BACKOFF_S[0] - 3);
    expect(rx.to('/flaky')).toHaveLength(1);

    offset += BACKOFF_S[0] + 1;
    await vi.waitFor(
      async () => expect((await log(hook.id)).list[0]).toMatchObject({ status: 'succeeded', attempts: 2, response_code: 200 }),
      wait,
    );
    const [a, b] = rx.to('/flaky');
    expect(b.headers['x-lantern-event-id']).toBe(a.headers['x-lantern-event-id']);
    const payload = JSON.parse(b.body);
    expect(payload).toMatchObject({ type: 'user.registered', data: { user: { display_name: 'Webhook Newcomer' } } });
    expect(b.body).not.toContain('newcomer@example.com');
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });

  it('announces accounts an admin adds, one by one or in bulk, as user.registered', async () => {
    const hook = await createHook({ url: `${rx.url}/people`, events: ['user.registered'] });
    const one = await t.call('POST', `${ADMIN}/user`, {
      token,
      body: { display_name: 'Added Alone', email: 'added.alone@example.com', password: 'long-enough-1' },
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const bulk = await t.call('POST', `${ADMIN}/users`, {
      token,
      body: { users: 'Bulk First, bulk.first@example.com, long-enough-2\nBulk Second, bulk.second@example.com, long-enough-3' },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    await vi.waitFor(() => expect(rx.to('/people')).toHaveLength(3), wait);
    const names = rx.to('/people').map((g) => JSON.parse(g.body).data.user.display_name);
    expect(names.sort()).toEqual(['Added Alone', 'Bulk First', 'Bulk Second']);
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });

  it('resends a delivery from the log as a new row with the same event id and body', async () => {
    const hook = await createHook({ url: `${rx.url}/resend`, events: ['question.created'] });
    await askQuestion(t, token);
    await vi.waitFor(async () => expect((await log(hook.id)).list[0]?.status).toBe('succeeded'), wait);
    const first = (await log(hook.id)).list[0];
    const r = await t.call('POST', `${ADMIN}/webhooks/deliveries/${first.id}/resend`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ resent_from: first.id, event_id: first.event_id });
    await vi.waitFor(
      async () => expect((await log(hook.id)).list).toMatchObject([{ status: 'succeeded', resent_from: first.id }, { id: first.id }]),
      wait,
    );
    const [a, b] = rx.to('/resend');
    expect(b.body).toBe(a.body);
    expect(b.headers['x-lantern-delivery']).not.toBe(a.headers['x-lantern-delivery']);
    expect((await t.call('POST', `${ADMIN}/webhooks/deliveries/999999/resend`, { token })).status).toBe(404);
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });

  it('sends a test ping to a hook', async () => {
    const hook = await createHook({ url: `${rx.url}/ping`, events: ['report.created'] });
    const r = await t.call('POST', `${ADMIN}/webhooks/${hook.id}/ping`, { token });
    expect(r.body.data).toMatchObject({ event_type: 'ping', status: 'pending' });
    await vi.waitFor(async () => expect((await log(hook.id)).list[0]?.status).toBe('succeeded'), wait);
    expect(JSON.parse(rx.to('/ping')[0].body)).toMatchObject({ type: 'ping', data: { webhook_id: hook.id } });
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });

  it('never makes the triggering request wait for a slow receiver', async () => {
    const hook = await createHook({ url: `${rx.url}/slow`, events: ['question.created'] });
    rx.replies.set('/slow', ['hold']);
    const qid = await askQuestion(t, token);
    // the question was answered; the receiver now has the delivery and has not answered it yet
    await vi.waitFor(() => expect(rx.held).toHaveLength(1), wait);
    expect((await log(hook.id)).list[0]).toMatchObject({ status: 'sending', response_code: null });
    // other requests go on meanwhile
    expect((await t.call('GET', `/answer/api/v1/question/info?id=${qid}`, { token })).status).toBe(200);
    rx.held.shift()!.writeHead(200).end('late');
    await vi.waitFor(
      async () => expect((await log(hook.id)).list[0]).toMatchObject({ status: 'succeeded', response_excerpt: 'late' }),
      wait,
    );
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });

  it('lists each hook with its last delivery state', async () => {
    const hook = await createHook({ url: `${rx.url}/down`, events: ['question.created'] });
    rx.replies.set('/down', [503]);
    await askQuestion(t, token);
    await vi.waitFor(async () => expect((await log(hook.id)).list[0]?.response_code).toBe(503), wait);
    const list = await t.call('GET', `${ADMIN}/webhooks`, { token });
    expect(list.body.data.find((h: { id: string }) => h.id === hook.id).last_status).toBe('pending');
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });
});

describe('claiming a delivery', () => {
  it('lets one claimer of several have a due row, and another take it again only once the lease has run out', async () => {
    const hook = await createHook({ url: `${rx.url}/claimed`, events: ['question.created'], active: false });
    const db = t.lantern.ctx.db;
    const now = t.lantern.ctx.clock.now();
    // due in the future: the app's own sender leaves it alone while the claims below race for it
    const [id] = await insertDeliveries(db, [
      {
        webhook_id: Number(hook.id),
        event_id: 'claim-test',
        event_type: 'question.created',
        payload: '{}',
        status: 'pending',
        next_attempt_at: now + 3600,
        resent_from: null,
        created_at: now,
        updated_at: now,
      },
    ]);
    const at = now + 3600;
    const claims = await Promise.all([1, 2, 3, 4].map(() => claimDelivery(db, id, at, at + 60)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(claims.find(Boolean)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await claimDelivery(db, id, at + 59, at + 119)).toBeUndefined();
    expect(await claimDelivery(db, id, at + 61, at + 121)).toMatchObject({ status: 'sending', attempts: 2 });
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });
});

describe('the delivery log', () => {
  it('drops settled deliveries older than the keep time and keeps pending ones', async () => {
    const hook = await createHook({ url: `${rx.url}/old`, events: ['question.created'], active: false });
    const db = t.lantern.ctx.db;
    const now = t.lantern.ctx.clock.now();
    const old = now - LOG_KEEP_S - 10;
    const row = (status: string, at: number) => ({
      webhook_id: Number(hook.id),
      event_id: `purge-${status}-${at}`,
      event_type: 'question.created',
      payload: '{}',
      status,
      next_attempt_at: now + 3600,
      resent_from: null,
      created_at: at,
      updated_at: at,
    });
    await insertDeliveries(db, [row('succeeded', old), row('failed', old), row('pending', old), row('succeeded', now)]);
    expect(await purgeSettledDeliveries(db, now - LOG_KEEP_S)).toBe(2);
    expect((await log(hook.id)).list.map((d) => d.status).sort()).toEqual(['pending', 'succeeded']);
    await t.call('DELETE', `${ADMIN}/webhooks/${hook.id}`, { token });
  });
});
