import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../tests/support/accounts.js';
import { askQuestion } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { MAIL_STATUS, ROLE } from '../contract/limits.js';
import type { RouteInfo } from '../app.js';

// Object-level authorisation and the caller matrix (issue 17). Seven callers: anonymous, an
// account not activated, a suspended account, user A (owner of every object), user B (another
// user, reputation 1), a moderator and an admin.
// 1. Every route of the running app × every caller, the expected answer derived from the route's
//    declared access level alone (and again for the optional routes with login required).
// 2. Every endpoint that acts on one object, tried by every caller on objects A owns, the expected
//    answer derived from the privilege rules (owner, staff power, reputation; the site runs the
//    install's privilege level 2, so B's reputation of 1 grants no edit, vote or review power).
// Both count unexpected allows (must be 0) and unexpected refusals (also 0: the matrix is exact).

type Caller = 'anonymous' | 'inactive' | 'suspended' | 'owner' | 'other' | 'moderator' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'inactive', 'suspended', 'owner', 'other', 'moderator', 'admin'];

let app: TestApp;
const ids: Partial<Record<Caller, number>> = {};
let admin: string;
let tag: string;
/** A close reason that needs no URL. */
let closeType: number;

/** A fresh session for a caller (a route such as logout or a password change may end the previous one). */
async function tokenOf(c: Caller): Promise<string | undefined> {
  if (c === 'anonymous') return undefined;
  return (await app.lantern.ctx.sessions.issue(ids[c]!)).accessToken;
}

async function ok(method: string, path: string, token: string, body?: unknown): Promise<any> {
  const r = await app.call(method, `/answer/api/v1${path}`, { token, body });
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

let seq = 0;
const unique = (what: string) => `${what} number ${++seq} written for the authorisation matrix`;

/** Objects owned by A (the admin writes what A's objects need around them). */
const make = {
  async question(): Promise<string> {
    return askQuestion(app, (await tokenOf('owner'))!, {
      title: unique('A question'),
      content: unique('The body of a question'),
      tags: [tag],
    });
  },
  async answer(questionId?: string): Promise<{ id: string; question_id: string }> {
    const q =
      questionId ?? (await askQuestion(app, admin, { title: unique('Admin question'), content: unique('Admin body'), tags: [tag] }));
    const a = await ok('POST', '/answer', (await tokenOf('owner'))!, { question_id: q, content: unique('An answer by A') });
    return { id: a.info.id, question_id: q };
  },
  async comment(): Promise<string> {
    const q = await make.question();
    return (await ok('POST', '/comment', (await tokenOf('owner'))!, { object_id: q, original_text: unique('A comment') })).comment_id;
  },
  async deletedQuestion(): Promise<string> {
    const q = await make.question();
    await ok('DELETE', '/question', (await tokenOf('owner'))!, { id: q });
    return q;
  },
};

interface ObjectCase {
  name: string;
  /** Who may: the owner and staff, staff only, or the owner only. */
  who: 'owner+staff' | 'staff' | 'owner';
  /** Makes the object (once per caller, so a deletion by one caller leaves the next one an object). */
  setup(): Promise<Record<string, string>>;
  call(o: Record<string, string>, token: string | undefined): Promise<{ status: number; body: any }>;
  /** For endpoints that answer 200 either way: whether the change happened. */
  happened?(o: Record<string, string>): Promise<boolean>;
}

const api = (method: string, path: string, body?: unknown) => (token: string | undefined) =>
  app.call(method, `/answer/api/v1${path}`, { token, body });

const CASES: ObjectCase[] = [
  {
    name: 'edit a question',
    who: 'owner+staff',
    setup: async () => ({ q: await make.question() }),
    call: (o, t) => api('PUT', '/question', { id: o.q, title: unique('Edited title'), content: unique('Edited body'), tags: [] })(t),
  },
  {
    name: 'edit an answer',
    who: 'owner+staff',
    setup: async () => {
      const a = await make.answer();
      return { a: a.id, q: a.question_id };
    },
    call: (o, t) => api('PUT', '/answer', { id: o.a, question_id: o.q, content: unique('Edited answer') })(t),
  },
  {
    name: 'edit a comment',
    who: 'owner+staff',
    setup: async () => ({ c: await make.comment() }),
    call: (o, t) => api('PUT', '/comment', { comment_id: o.c, original_text: unique('Edited comment') })(t),
  },
  {
    name: 'delete a question',
    who: 'owner+staff',
    setup: async () => ({ q: await make.question() }),
    call: (o, t) => api('DELETE', '/question', { id: o.q })(t),
  },
  {
    name: 'delete an answer',
    who: 'owner+staff',
    setup: async () => ({ a: (await make.answer()).id }),
    call: (o, t) => api('DELETE', '/answer', { id: o.a })(t),
  },
  {
    name: 'delete a comment',
    who: 'owner+staff',
    setup: async () => ({ c: await make.comment() }),
    call: (o, t) => api('DELETE', '/comment', { comment_id: o.c })(t),
  },
  {
    name: "accept an answer to A's question",
    who: 'owner+staff',
    setup: async () => {
      const q = await make.question();
      const a = await ok('POST', '/answer', admin, { question_id: q, content: unique('An answer by the admin') });
      return { q, a: a.info.id };
    },
    call: (o, t) => api('POST', '/answer/acceptance', { question_id: o.q, answer_id: o.a })(t),
  },
  {
    name: "check whether A's question may be edited",
    who: 'owner+staff',
    setup: async () => ({ q: await make.question() }),
    call: async (o, t) => {
      const r = await api('GET', `/revisions/edit/check?id=${o.q}`)(t);
      // a refusal may come as 200 with false
      return r.status === 200 && r.body.data === false ? { status: 403, body: r.body } : r;
    },
  },
  {
    name: "read A's deleted question",
    who: 'owner+staff',
    setup: async () => ({ q: await make.deletedQuestion() }),
    call: (o, t) => api('GET', `/question/info?id=${o.q}`)(t),
  },
  {
    name: "list the revisions of A's deleted question",
    who: 'owner+staff',
    setup: async () => ({ q: await make.deletedQuestion() }),
    call: async (o, t) => {
      const r = await api('GET', `/revisions?object_id=${o.q}`)(t);
      return r.status === 200 && Array.isArray(r.body.data) && r.body.data.length === 0 ? { status: 404, body: r.body } : r;
    },
  },
  {
    name: "close A's question",
    who: 'staff',
    setup: async () => ({ q: await make.question() }),
    call: (o, t) => api('PUT', '/question/status', { id: o.q, close_type: closeType, close_msg: 'closed by the authorisation matrix' })(t),
  },
  {
    name: "hide A's question",
    who: 'staff',
    setup: async () => ({ q: await make.question() }),
    call: (o, t) => api('PUT', '/question/operation', { id: o.q, operation: 'hide' })(t),
  },
  {
    name: "pin A's question",
    who: 'staff',
    setup: async () => ({ q: await make.question() }),
    call: (o, t) => api('PUT', '/question/operation', { id: o.q, operation: 'pin' })(t),
  },
  {
    name: "undelete A's question",
    who: 'staff',
    setup: async () => ({ q: await make.deletedQuestion() }),
    call: (o, t) => api('POST', '/question/recover', { question_id: o.q })(t),
  },
  {
    name: "undelete A's answer",
    who: 'staff',
    setup: async () => {
      const a = await make.answer();
      await ok('DELETE', '/answer', (await tokenOf('owner'))!, { id: a.id });
      return { a: a.id };
    },
    call: (o, t) => api('POST', '/answer/recover', { answer_id: o.a })(t),
  },
  {
    // A may not vote on their own post; B's reputation of 1 is below the level-2 threshold of 8
    name: "upvote A's question",
    who: 'staff',
    setup: async () => ({ q: await make.question() }),
    call: (o, t) => api('POST', '/vote/up', { object_id: o.q, is_cancel: false })(t),
  },
  {
    name: "approve a suggested edit of A's question",
    who: 'staff',
    setup: async () => {
      const q = await make.question();
      const editor = await makeUser(app, { rank: 150 });
      const r = await app.call('PUT', '/answer/api/v1/question', {
        token: editor.token,
        body: { id: q, title: unique('Suggested title'), content: unique('Suggested body'), tags: [] },
      });
      if (r.status !== 200 || !r.body.data.wait_for_review) throw new Error(`suggested edit: ${JSON.stringify(r.body)}`);
      const revs = await app.lantern.ctx.db
        .selectFrom('revision')
        .select(['id'])
        .where('object_id', '=', q)
        .where('status', '=', 1)
        .execute();
      if (revs.length !== 1) throw new Error(`expected one pending revision, found ${revs.length}`);
      return { rev: String(revs[0].id), q };
    },
    call: (o, t) => api('PUT', '/revisions/audit', { id: o.rev, operation: 'approve' })(t),
  },
  {
    name: "mark A's notification read",
    who: 'owner',
    setup: async () => {
      const q = await make.question();
      await ok('POST', '/comment', admin, { object_id: q, original_text: unique('A comment to notify A') });
      await app.lantern.ctx.events.settle();
      const n = await app.lantern.ctx.db
        .selectFrom('notification')
        .select(['id'])
        .where('user_id', '=', ids.owner!)
        .where('is_read', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!n) throw new Error('no unread notification for A');
      return { n: String(n.id) };
    },
    call: (o, t) => api('PUT', '/notification/read/state', { id: o.n })(t),
    happened: async (o) =>
      (await app.lantern.ctx.db.selectFrom('notification').select('is_read').where('id', '=', Number(o.n)).executeTakeFirstOrThrow())
        .is_read !== 1,
  },
];

function expectedAllowed(who: ObjectCase['who'], c: Caller): boolean {
  if (c === 'moderator' || c === 'admin') return who !== 'owner';
  if (c === 'owner') return who !== 'staff';
  return false;
}

const key = (r: RouteInfo) => `${r.method} ${r.path}`;

/** Refusals by the access guard: no session, not activated, suspended, not an admin. */
function guardRefusal(res: { status: number; body: any }): boolean {
  const reason = res.body?.reason;
  return (
    (res.status === 401 && reason === 'base.unauthorized_error') ||
    (res.status === 403 && ['base.unauthorized_error', 'error.email.need_to_be_verified', 'error.user.suspended'].includes(reason))
  );
}

/** Whether a caller gets past a route's access level (login not required unless told). */
function levelAllows(level: RouteInfo['level'], c: Caller, loginRequired = false): boolean {
  switch (level) {
    case undefined:
    case 'public':
      return true;
    case 'optional':
      return !loginRequired || !['anonymous', 'inactive'].includes(c);
    case 'login':
      return c !== 'anonymous';
    case 'active':
      return !['anonymous', 'inactive', 'suspended'].includes(c);
    case 'admin':
      return c === 'admin';
  }
}

/** A route's path with its parameters filled in (so every route is called, not only the fixed ones). */
const concretePath = (p: string) => p.replace(/:[A-Za-z_]+/g, 'x').replace(/\*[A-Za-z_]+/g, 'x');

/**
 * Optional routes whose handler needs a session all the same: the recommended questions are
 * chosen from what the caller follows, so an anonymous caller is refused (safe: stricter than the level).
 */
const SESSION_IN_HANDLER = new Set(['GET /answer/api/v1/question/recommend/page']);

/** Routes whose guard runs after side effects on the whole app: the installer (refuses all once installed) is checked in install.test.ts. */
const skipRoute = (r: RouteInfo) => r.path.startsWith('/installation');

const figures = { routeCells: 0, routeUnexpectedAllows: 0, objectCells: 0, objectUnexpectedAllows: 0 };

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  ids.admin = 1;
  ids.owner = (await makeUser(app, { name: 'Owner A' })).id;
  ids.other = (await makeUser(app, { name: 'Other B' })).id;
  ids.moderator = (await makeUser(app, { name: 'Moderator M', roleId: ROLE.moderator })).id;
  ids.inactive = (await makeUser(app, { name: 'Inactive I', mailStatus: MAIL_STATUS.unverified })).id;
  ids.suspended = (await makeUser(app, { name: 'Suspended S', status: 9 })).id;
  tag = 'authz-matrix';
  const reasons = await app.lantern.ctx.db
    .selectFrom('config')
    .select(['id', 'key'])
    .where('key', 'like', 'reason.%')
    .where('key', '!=', 'reason.a_duplicate')
    .execute();
  const closing = JSON.parse(
    (await app.lantern.ctx.db.selectFrom('config').select('value').where('key', '=', 'question.close.reasons').executeTakeFirstOrThrow())
      .value,
  ) as string[];
  closeType = reasons.find((r) => closing.some((n) => r.key === (n.startsWith('reason.') ? n : `reason.${n}`)))!.id;
  await askQuestion(app, admin, {
    title: unique('Question that makes the tag'),
    content: unique('Body'),
    tags: [{ slug_name: tag, display_name: tag }],
  });
});
afterAll(async () => {
  console.log(`authorisation figures: ${JSON.stringify(figures)}`);
  await app.stop();
});

describe('object-level authorisation', () => {
  it("refuses every caller but the owner and staff (as the privileges allow) on A's objects", async () => {
    const unexpected: string[] = [];
    for (const c of CASES) {
      for (const caller of CALLERS) {
        const o = await c.setup();
        const res = await c.call(o, await tokenOf(caller));
        expect(res.status, `${c.name} by ${caller}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        const allowed = c.happened ? await c.happened(o) : res.status === 200 && res.body.code === 200;
        const want = expectedAllowed(c.who, caller);
        figures.objectCells += 1;
        if (allowed && !want) figures.objectUnexpectedAllows += 1;
        if (allowed !== want)
          unexpected.push(
            `${c.name} by ${caller}: ${allowed ? 'allowed' : 'refused'} (${res.status} ${res.body?.reason ?? ''}), expected ${want ? 'allowed' : 'refused'}`,
          );
      }
    }
    expect(unexpected).toEqual([]);
    expect(figures.objectCells).toBe(CASES.length * CALLERS.length);
  }, 120_000);
});

describe('every route × every caller', () => {
  async function sweep(routes: RouteInfo[], loginRequired: boolean, callers: Caller[]): Promise<string[]> {
    const unexpected: string[] = [];
    for (const r of routes) {
      for (const c of callers) {
        const method = r.method === '_ALL' ? 'GET' : r.method;
        const res = await app.call(method, concretePath(r.path), { token: await tokenOf(c), body: method === 'GET' ? undefined : {} });
        const refused = guardRefusal(res);
        const want = levelAllows(r.level, c, loginRequired) && !(SESSION_IN_HANDLER.has(key(r)) && c === 'anonymous');
        figures.routeCells += 1;
        if (!refused && !want) figures.routeUnexpectedAllows += 1;
        if (refused === want)
          unexpected.push(
            `${key(r)} by ${c}${loginRequired ? ' (login required)' : ''}: ${res.status} ${res.body?.reason ?? ''}, expected ${want ? 'past the guard' : 'refused'}`,
          );
      }
    }
    return unexpected;
  }

  it('lets each caller past exactly the routes its access level allows', async () => {
    const routes = app.lantern.routes().filter((r) => !skipRoute(r));
    expect(routes.length).toBeGreaterThan(180);
    expect(await sweep(routes, false, CALLERS)).toEqual([]);
  }, 180_000);

  it('with login required, refuses anonymous and not-activated callers on the optional routes too', async () => {
    const r = await app.call('PUT', '/answer/admin/api/siteinfo/login', {
      token: admin,
      body: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: true },
    });
    expect(r.status).toBe(200);
    const optional = app.lantern.routes().filter((x) => x.level === 'optional');
    expect(optional.length).toBeGreaterThan(20);
    expect(await sweep(optional, true, ['anonymous', 'inactive', 'owner'])).toEqual([]);
    expect(figures.routeUnexpectedAllows).toBe(0);
  }, 60_000);
});
