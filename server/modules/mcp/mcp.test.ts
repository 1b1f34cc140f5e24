import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_STATUS } from '../../contract/limits.js';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { McpSessions } from './mcp.sessions.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';
const READ_TOOLS = ['get_questions', 'get_answers_by_question_id', 'get_comments', 'get_tags', 'get_tag_detail', 'get_user', 'search'];
const WRITE_TOOLS = ['ask_question', 'post_answer', 'add_comment'];

let t: TestApp;
let admin: string;
/** Keys: the admin's global and read-only keys, a member's global key, an unverified member's key. */
const keys = { global: '', readOnly: '', member: '', unverified: '' };
let member: { id: number; token: string };
let questionId = '';
let answerId = '';
let commentId = '';
const open: Client[] = [];

async function adminKey(scope: 'global' | 'read-only'): Promise<string> {
  const r = await t.call('POST', `${ADMIN}/api-key`, { token: admin, body: { description: `mcp ${scope}`, scope } });
  expect(r.status).toBe(200);
  return r.body.data.access_key as string;
}

async function personalKey(token: string, scope: 'global' | 'read-only'): Promise<string> {
  const r = await t.call('POST', `${V1}/personal/api-key`, { token, body: { description: 'mine', scope } });
  expect(r.status).toBe(200);
  return r.body.data.access_key as string;
}

const setEnabled = async (enabled: boolean) => {
  const r = await t.call('PUT', `${ADMIN}/mcp-config`, { token: admin, body: { enabled } });
  expect(r.status).toBe(200);
};

/** An SDK client over Answer's SSE transport, sending the key as Answer's admin page says (Authorization={key}). */
async function sseClient(key: string): Promise<Client> {
  const client = new Client({ name: 'lantern-test', version: '1.0.0' });
  await client.connect(new SSEClientTransport(new URL(`${t.url}${V1}/mcp/sse`), { requestInit: { headers: { Authorization: key } } }));
  open.push(client);
  return client;
}

/** An SDK client over the streamable HTTP transport. */
async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'lantern-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.url}${V1}/mcp`), { requestInit: { headers: { Authorization: key } } }),
  );
  open.push(client);
  return client;
}

const call = async (c: Client, name: string, args: Record<string, unknown> = {}) =>
  (await c.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (r: CallToolResult) => (r.content[0] as { type: 'text'; text: string }).text;
const jsonOf = (r: CallToolResult) => {
  expect(r.isError ?? false, textOf(r)).toBe(false);
  return JSON.parse(textOf(r));
};

/** A tool call the server refuses: a tool error, or a protocol error for a tool the key does not have. */
async function refused(c: Client, name: string, args: Record<string, unknown>): Promise<string> {
  try {
    const r = await call(c, name, args);
    expect(r.isError).toBe(true);
    return textOf(r);
  } catch (err) {
    return String(err);
  }
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  keys.global = await adminKey('global');
  keys.readOnly = await adminKey('read-only');
  member = await makeUser(t, { name: 'mcp member' });
  keys.member = await personalKey(member.token, 'global');
  const unverified = await makeUser(t, { name: 'mcp unverified' });
  keys.unverified = await personalKey(unverified.token, 'read-only');
  // made verified to create its key, then unverified (the key acts as its owner is now)
  await t.lantern.ctx.db.updateTable('user').set({ mail_status: MAIL_STATUS.unverified }).where('id', '=', unverified.id).execute();

  questionId = await askQuestion(t, admin, {
    title: 'How does the lantern wick burn evenly?',
    content: 'The **wick** of my lantern burns unevenly after an hour.',
    tags: [{ slug_name: 'wick', display_name: 'Wick', original_text: 'Questions about lantern wicks.' }],
  });
  const a = await t.call('POST', `${V1}/answer`, {
    token: member.token,
    body: { question_id: questionId, content: 'Trim the wick flat and keep the oil level above half.' },
  });
  expect(a.status).toBe(200);
  answerId = a.body.data.info.id;
  const c = await t.call('POST', `${V1}/comment`, {
    token: member.token,
    body: { object_id: questionId, original_text: 'Which oil do you use?' },
  });
  expect(c.status).toBe(200);
  commentId = c.body.data.comment_id;
});

afterAll(async () => {
  await Promise.allSettled(open.map((c) => c.close()));
  await t.stop();
});

describe('Admin → MCP (GET/PUT /answer/admin/api/mcp-config)', () => {
  it('is off by default and gives the endpoint and the header to send, as Answer', async () => {
    const r = await t.call('GET', `${ADMIN}/mcp-config`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ enabled: false, type: 'Server-Sent Event (SSE)', http_header: 'Authorization={key}' });
    expect(r.body.data.url).toMatch(/\/answer\/api\/v1\/mcp\/sse$/);
    expect(r.body.data.streamable_url).toMatch(/\/answer\/api\/v1\/mcp$/);
  });

  it('is written by admins only, with a boolean', async () => {
    expect((await t.call('PUT', `${ADMIN}/mcp-config`, { token: member.token, body: { enabled: true } })).status).toBe(403);
    expect((await t.call('GET', `${ADMIN}/mcp-config`)).status).toBe(401);
    const bad = await t.call('PUT', `${ADMIN}/mcp-config`, { token: admin, body: { enabled: 'yes' } });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', `${ADMIN}/mcp-config`, { token: admin })).body.data.enabled).toBe(false);
  });
});

describe('MCP access', () => {
  it('is refused while the setting is off (403), for both transports', async () => {
    await setEnabled(false);
    const sse = await fetch(`${t.url}${V1}/mcp/sse`, { headers: { Authorization: keys.global } });
    expect(sse.status).toBe(403);
    expect((await sse.json()).reason).toBe('error.mcp.disabled');
    await expect(httpClient(keys.global)).rejects.toThrow();
    await expect(sseClient(keys.global)).rejects.toThrow();
  });

  it('is refused without a key, and with a login token (401, as Answer)', async () => {
    await setEnabled(true);
    const none = await fetch(`${t.url}${V1}/mcp/sse`);
    expect(none.status).toBe(401);
    const session = await fetch(`${t.url}${V1}/mcp/sse`, { headers: { Authorization: admin } });
    expect(session.status).toBe(401);
    expect((await session.json()).reason).toBe('error.mcp.api_key_required');
    const post = await fetch(`${t.url}${V1}/mcp`, {
      method: 'POST',
      headers: { Authorization: admin, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(post.status).toBe(401);
    await expect(httpClient('sk_not-a-key')).rejects.toThrow();
  });
});

describe('MCP tools over SSE (a global admin key)', () => {
  let c: Client;
  beforeAll(async () => {
    await setEnabled(true);
    c = await sseClient(keys.global);
  });

  it('lists Answer’s tools, search and the write tools', async () => {
    const { tools } = await c.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    const q = tools.find((x) => x.name === 'get_questions')!;
    expect(q.description).toContain('get_answers_by_question_id');
    expect(Object.keys(q.inputSchema.properties ?? {}).sort()).toEqual(['keyword', 'score', 'tag', 'username']);
  });

  it('get_questions finds by keyword and tag; get_answers_by_question_id, get_comments answer Answer’s shapes', async () => {
    const found = jsonOf(await call(c, 'get_questions', { keyword: 'wick', tag: 'wick' }));
    expect(found).toEqual([expect.objectContaining({ question_id: questionId, title: 'How does the lantern wick burn evenly?' })]);
    expect(found[0].link).toMatch(new RegExp(`/questions/${questionId}$`));
    expect(jsonOf(await call(c, 'get_questions', { keyword: 'wick', tag: 'nothing-here' }))).toEqual([]);

    const answers = jsonOf(await call(c, 'get_answers_by_question_id', { question_id: questionId }));
    expect(answers).toEqual([
      expect.objectContaining({
        question_id: questionId,
        answer_id: answerId,
        answer_content: 'Trim the wick flat and keep the oil level above half.',
      }),
    ]);
    expect(textOf(await call(c, 'get_answers_by_question_id', { question_id: '10010000000009999' }))).toBe('[]');

    const comments = jsonOf(await call(c, 'get_comments', { object_id: questionId }));
    expect(comments).toEqual([expect.objectContaining({ comment_id: commentId, content: 'Which oil do you use?', object_id: questionId })]);
    expect(textOf(await call(c, 'get_comments', { object_id: answerId }))).toBe('No comments found.');
  });

  it('get_tags, get_tag_detail, get_user and search', async () => {
    expect(jsonOf(await call(c, 'get_tags', { tag_name: 'wic' }))).toEqual([
      expect.objectContaining({ tag_name: 'wick', display_name: 'Wick', description: 'Questions about lantern wicks.' }),
    ]);
    expect(textOf(await call(c, 'get_tags', { tag_name: 'zzz' }))).toBe('No tags found.\n');
    expect(jsonOf(await call(c, 'get_tag_detail', { tag_name: 'wick' }))).toMatchObject({ tag_name: 'wick', display_name: 'Wick' });
    expect(textOf(await call(c, 'get_tag_detail', { tag_name: 'zzz' }))).toBe('Tag not found.');
    expect(jsonOf(await call(c, 'get_user', { username: 'admin' }))).toMatchObject({
      username: 'admin',
      link: expect.stringMatching(/\/users\/admin$/),
    });
    expect(textOf(await call(c, 'get_user', { username: 'nobody-here' }))).toBe('User not found.');

    const s = jsonOf(await call(c, 'search', { query: 'oil level is:answer' }));
    expect(s.count).toBe(1);
    expect(s.list[0]).toMatchObject({ object_type: 'answer', id: answerId, question_id: questionId });
    const bad = await call(c, 'search', { query: 'x'.repeat(60) + ' more' });
    expect(bad.isError).toBe(true);
  });

  it('ask_question, post_answer and add_comment act as the key’s owner through the same validation', async () => {
    const asked = jsonOf(
      await call(c, 'ask_question', {
        title: 'Can a lantern run on olive oil?',
        content: 'I only have olive oil at hand tonight.',
        tags: ['wick'],
      }),
    );
    const info = await t.call('GET', `${V1}/question/info?id=${asked.question_id}`, { token: admin });
    expect(info.body.data).toMatchObject({ title: 'Can a lantern run on olive oil?', user_info: { username: 'admin' } });

    const empty = await call(c, 'ask_question', { title: '', content: 'x', tags: ['wick'] });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toContain('title');

    const answered = jsonOf(
      await call(c, 'post_answer', { question_id: asked.question_id, content: 'Yes, with a thick cotton wick it burns fine.' }),
    );
    expect(answered.question_id).toBe(asked.question_id);
    const commented = jsonOf(await call(c, 'add_comment', { object_id: answered.answer_id, content: 'Thanks, that worked for me.' }));
    const page = await t.call('GET', `${V1}/comment/page?object_id=${answered.answer_id}`, { token: admin });
    expect(page.body.data.list).toEqual([expect.objectContaining({ comment_id: commented.comment_id, user_id: '1' })]);
  });
});

describe('MCP over streamable HTTP, and the scope of keys', () => {
  it('a read-only key lists only the read tools and is refused the write tools', async () => {
    await setEnabled(true);
    const c = await httpClient(keys.readOnly);
    const { tools } = await c.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS].sort());
    expect(jsonOf(await call(c, 'get_questions', { keyword: 'wick' })).length).toBeGreaterThan(0);
    for (const name of WRITE_TOOLS) {
      expect(
        await refused(c, name, { title: 'A question by a read-only key', content: 'Should never be posted anywhere.', tags: ['wick'] }),
      ).toMatch(/not found|read-only/);
    }
    const sse = await sseClient(keys.readOnly);
    expect((await sse.listTools()).tools.map((x) => x.name)).not.toContain('ask_question');
    expect(
      await t.lantern.ctx.db.selectFrom('question').select('id').where('title', '=', 'A question by a read-only key').execute(),
    ).toEqual([]);
  });

  it('a member’s global key writes as the member', async () => {
    const c = await httpClient(keys.member);
    const r = jsonOf(await call(c, 'add_comment', { object_id: questionId, content: 'Posted by my assistant.' }));
    const one = await t.call('GET', `${V1}/comment?id=${r.comment_id}`, { token: admin });
    expect(one.body.data).toMatchObject({ user_id: String(member.id), original_text: 'Posted by my assistant.' });
  });

  it('a global key whose owner is no longer verified reads but is refused the write tools, as the HTTP API', async () => {
    const db = t.lantern.ctx.db;
    await db.updateTable('user').set({ mail_status: MAIL_STATUS.unverified }).where('id', '=', member.id).execute();
    try {
      const c = await httpClient(keys.member);
      expect(jsonOf(await call(c, 'get_tag_detail', { tag_name: 'wick' }))).toMatchObject({ tag_name: 'wick' });
      const r = await call(c, 'add_comment', { object_id: questionId, content: 'Should not be posted by an unverified owner.' });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/verif/i);
      const http = await t.call('POST', `${V1}/comment`, {
        token: keys.member,
        body: { object_id: questionId, original_text: 'Nor this one.' },
      });
      expect(http.status).toBe(403);
    } finally {
      await db.updateTable('user').set({ mail_status: MAIL_STATUS.verified }).where('id', '=', member.id).execute();
    }
  });

  it('stops answering when the setting goes off', async () => {
    const c = await httpClient(keys.global);
    await setEnabled(false);
    await expect(c.listTools()).rejects.toThrow();
    await setEnabled(true);
  });
});

describe('A member’s private-mode and permission rules hold for every tool', () => {
  it('a deleted question is hidden from a member’s key, shown to the admin’s', async () => {
    await setEnabled(true);
    const id = await askQuestion(t, member.token, {
      title: 'A question that will be deleted soon',
      content: 'Deleted by the admin before long.',
      tags: ['wick'],
    });
    const cm = await t.call('POST', `${V1}/comment`, { token: member.token, body: { object_id: id, original_text: 'A comment on it.' } });
    expect(cm.status).toBe(200);
    const other = await makeUser(t, { name: 'other member' });
    const otherKey = await personalKey(other.token, 'read-only');
    expect((await t.call('DELETE', `${V1}/question`, { token: admin, body: { id } })).status).toBe(200);

    const asOther = await httpClient(otherKey);
    expect(textOf(await call(asOther, 'get_comments', { object_id: id }))).toBe('No comments found.');
    expect(textOf(await call(asOther, 'get_answers_by_question_id', { question_id: id }))).toBe('[]');
    const asAdmin = await httpClient(keys.global);
    expect(jsonOf(await call(asAdmin, 'get_comments', { object_id: id }))).toEqual([
      expect.objectContaining({ content: 'A comment on it.' }),
    ]);
  });

  it('in private mode an unverified member’s key reads nothing; a verified member’s key reads', async () => {
    const ctx = t.lantern.ctx;
    const login = await ctx.settings.get('login');
    await ctx.settings.put('login', { ...login, login_required: true });
    try {
      const unverified = await httpClient(keys.unverified);
      const r = await call(unverified, 'get_questions', { keyword: 'wick' });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/verif/i);
      const verified = await httpClient(keys.member);
      expect(jsonOf(await call(verified, 'get_questions', { keyword: 'wick' })).length).toBeGreaterThan(0);
    } finally {
      await ctx.settings.put('login', login);
    }
  });
});

describe('SSE sessions do not pin resources', () => {
  it('caps the open sessions of a key (429), and a session answers only the key that opened it', async () => {
    await setEnabled(true);
    const key = await adminKey('read-only');
    const streams: AbortController[] = [];
    const opened: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const ac = new AbortController();
        streams.push(ac);
        const res = await fetch(`${t.url}${V1}/mcp/sse`, { headers: { Authorization: key }, signal: ac.signal });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        const m = /sessionId=([\w-]+)/.exec(first);
        expect(m).not.toBeNull();
        opened.push(m![1]);
      }
      const fifth = await fetch(`${t.url}${V1}/mcp/sse`, { headers: { Authorization: key } });
      expect(fifth.status).toBe(429);
      // another key cannot post to these sessions
      const foreign = await fetch(`${t.url}${V1}/mcp/message?sessionId=${opened[0]}`, {
        method: 'POST',
        headers: { Authorization: keys.global, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(foreign.status).toBe(404);
    } finally {
      for (const ac of streams) ac.abort();
    }
    // closed streams free their places
    let again: Response | undefined;
    for (let i = 0; i < 100; i++) {
      const ac = new AbortController();
      again = await fetch(`${t.url}${V1}/mcp/sse`, { headers: { Authorization: key }, signal: ac.signal });
      ac.abort();
      if (again.status === 200) break;
      await new Promise((r) => setImmediate(r));
    }
    expect(again?.status).toBe(200);
  });

  it('closes a session idle past its limit, and not one in use', async () => {
    const sessions = new McpSessions({ perKey: 2, total: 3, idleMs: 40 });
    const closed: string[] = [];
    const closable = (name: string) => ({ close: () => void closed.push(name) });
    sessions.add('a', 1, closable('a'));
    sessions.add('b', 1, closable('b'));
    expect(sessions.hasRoom(1)).toBe(false);
    expect(sessions.hasRoom(2)).toBe(true);
    sessions.add('c', 2, closable('c'));
    expect(sessions.hasRoom(3)).toBe(false);
    expect(sessions.touch('a', 2)).toBeUndefined();
    const started = Date.now();
    // keep b in use while a and c go idle
    while (!(closed.includes('a') && closed.includes('c'))) {
      sessions.touch('b', 1);
      await new Promise((r) => setTimeout(r, 5));
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect(closed).not.toContain('b');
    expect(sessions.count()).toBe(1);
    await sessions.closeAll();
    expect(closed).toContain('b');
    expect(sessions.count()).toBe(0);
  });
});
