import { test as base, expect, type Page } from '@playwright/test';
import { INSTALLED, loginAs, pooledPage, startServer, type E2EServer } from './e2e-server';
import { acceptAnswer, askQuestion, postAnswer, postComment, vote, type QuestionOverrides } from './factories';
import type { TestApp } from './test-app';

// Playwright fixtures of the end-to-end specs: import `test` and `expect` from here instead of
// @playwright/test. A spec file gets a built server of its own (per worker: a file whose tests run in
// parallel has one on each worker that runs some), started from the installed template on its first
// test; pages logged in as each role; and `seed`, which makes the data a test needs through the API
// with the factories the server tests use. A test that makes its own data can run beside the others.

/** Someone who can log in: the installed admin, a seeded role account or a user made by `seed.user`. */
export interface Account {
  name: string;
  email: string;
  pass: string;
  /** The user's id, as the API names it. */
  id: string;
  /** An access token for API calls as this user. */
  token: string;
}

export type Role = 'admin' | 'moderator' | 'member';

/** A page's size and colour scheme (`width` alone keeps the height at 800). */
export interface PageLook {
  width?: number;
  height?: number;
  dark?: boolean;
}

/** Who a page is for: an account, any email and password, a seeded role, or null for a visitor. */
export type Who = Account | { email: string; pass: string } | Role | null | undefined;

/** The server of a spec file, with its accounts. */
export interface SeededServer extends E2EServer {
  /** The account of a role, made through the API the first time it is asked for (admin: the installed one). */
  account(role: Role): Promise<Account>;
  /**
   * What `make` gives, made once on this server (by the first test that asks): set-up that every test of a
   * file needs and none changes, such as site settings; a file whose tests run in parallel has several servers.
   */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/** What `seed` makes through the API. */
export interface Seed {
  /** A member (or moderator/admin) added through the admin's bulk add; unique name and email unless given. */
  user(opts?: { name?: string; email?: string; pass?: string; role?: Role }): Promise<Account>;
  /** A question (askQuestion's overrides: title, content, tags...) by `as` (default: the admin). */
  question(opts?: QuestionOverrides & { as?: Account }): Promise<{ id: string; title: string; path: string }>;
  /** An answer to a question; returns its id. */
  answer(questionId: string, opts?: { content?: string; as?: Account }): Promise<string>;
  /** A comment on a question or answer; returns its id. */
  comment(objectId: string, opts?: { text?: string; as?: Account }): Promise<string>;
  /** A vote on a post or comment. */
  vote(objectId: string, opts?: { dir?: 'up' | 'down'; as?: Account }): Promise<void>;
  /** Accepts an answer as the question's owner (`as`, default the admin). */
  accept(questionId: string, answerId: string, opts?: { as?: Account }): Promise<void>;
  /** A tag (made by the admin); returns its slug. */
  tag(opts?: { slug?: string; text?: string }): Promise<string>;
  /** Any API call under /answer as `as` (default the admin); resolves the envelope. */
  call(method: string, path: string, body?: unknown, as?: Account | null): Promise<{ code: number; data: any; msg: string }>;
}

const ROLE_IDS: Record<Role, number> = { member: 1, admin: 2, moderator: 3 };
let made = 0;
/** A name no other user of this worker has (workers' servers are apart; a worker's serial tests share one per file). */
const unique = (what: string) => `${what}${process.pid.toString(36)}${(++made).toString(36)}`;

/** The factories' TestApp, over HTTP against a spawned server (only `call` is used by the API factories). */
export function httpApp(server: E2EServer): TestApp {
  return {
    url: server.url,
    dataDir: server.dataDir,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      if (o.token) headers.authorization = o.token;
      if (o.lang) headers['accept-language'] = o.lang;
      const res = await fetch(server.url + path, {
        method,
        headers,
        body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
        redirect: 'manual',
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body, headers: res.headers };
    },
    get lantern(): never {
      throw new Error('an e2e server runs in a child process: use its API');
    },
    stop: () => server.stop(),
  } as TestApp;
}

async function envelope(server: E2EServer, method: string, path: string, body: unknown, token: string) {
  const r = await httpApp(server).call(method, `/answer${path}`, { body, token });
  return r.body as { code: number; data: any; msg: string };
}

async function logIn(server: E2EServer, email: string, pass: string): Promise<{ id: string; token: string; name: string }> {
  const r = await envelope(server, 'POST', '/api/v1/user/login/email', { e_mail: email, pass }, '');
  if (r.code !== 200) throw new Error(`login of ${email} failed: ${JSON.stringify(r)}`);
  return { id: String(r.data.id), token: r.data.access_token, name: r.data.username };
}

/** Adds a user through the admin's bulk add, gives the role, and logs in. */
async function addUser(server: E2EServer, admin: Account, opts: Parameters<Seed['user']>[0] = {}): Promise<Account> {
  const name = opts.name ?? unique('user');
  const email = opts.email ?? `${name.replace(/\W/g, '').toLowerCase()}@example.com`;
  const pass = opts.pass ?? `${name.replace(/\W/g, '')}-password-1`;
  const added = await envelope(server, 'POST', '/admin/api/users', { users: `${name}, ${email}, ${pass}` }, admin.token);
  if (added.code !== 200) throw new Error(`adding ${name} failed: ${JSON.stringify(added)}`);
  const who = await logIn(server, email, pass);
  if (opts.role && opts.role !== 'member') {
    const r = await envelope(server, 'PUT', '/admin/api/user/role', { user_id: who.id, role_id: ROLE_IDS[opts.role] }, admin.token);
    if (r.code !== 200) throw new Error(`role of ${name} failed: ${JSON.stringify(r)}`);
  }
  return { name, email, pass, id: who.id, token: who.token };
}

async function seeded(env: Record<string, string>): Promise<SeededServer> {
  const server = await startServer(env);
  const accounts = new Map<Role, Promise<Account>>();
  const account = (role: Role): Promise<Account> => {
    let a = accounts.get(role);
    if (!a) {
      a =
        role === 'admin'
          ? logIn(server, INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD).then((w) => ({
              name: w.name,
              email: INSTALLED.ADMIN_EMAIL,
              pass: INSTALLED.ADMIN_PASSWORD,
              id: w.id,
              token: w.token,
            }))
          : account('admin').then((admin) => addUser(server, admin, { name: unique(`${role}-`), role }));
      accounts.set(role, a);
    }
    return a;
  };
  const done = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!done.has(key)) done.set(key, make());
    return done.get(key) as Promise<T>;
  };
  return { ...server, account, once };
}

/**
 * The servers of one worker: the one of the spec file it runs now (started on the file's first test,
 * stopped when the worker turns to another file and at the worker's end). Keyed by the file and the
 * file's `serverEnv`.
 */
export class Servers {
  private current: { key: string; server: Promise<SeededServer> } | null = null;

  async for(file: string, env: Record<string, string>): Promise<SeededServer> {
    const key = `${file}\n${JSON.stringify(env)}`;
    if (this.current?.key !== key) {
      await this.stop();
      this.current = { key, server: seeded(env) };
    }
    return this.current.server;
  }

  async stop(): Promise<void> {
    const was = this.current;
    this.current = null;
    if (was) await (await was.server.catch(() => null))?.stop();
  }
}

function makeSeed(server: SeededServer): Seed {
  const app = httpApp(server);
  const admin = () => server.account('admin');
  const tokenOf = async (as?: Account | null) => (as === null ? '' : (as ?? (await admin())).token);
  return {
    user: async (opts) => addUser(server, await admin(), opts),
    async question(opts = {}) {
      const { as, ...overrides } = opts;
      const id = await askQuestion(app, await tokenOf(as), overrides);
      const q = await envelope(server, 'GET', `/api/v1/question/info?id=${id}`, undefined, '');
      return { id, title: q.data.title as string, path: `/questions/${id}` };
    },
    answer: async (questionId, opts = {}) =>
      postAnswer(app, await tokenOf(opts.as), questionId, opts.content ? { content: opts.content } : {}),
    comment: async (objectId, opts = {}) => postComment(app, await tokenOf(opts.as), objectId, opts.text),
    vote: async (objectId, opts = {}) => void (await vote(app, await tokenOf(opts.as), objectId, opts.dir ?? 'up')),
    accept: async (questionId, answerId, opts = {}) => acceptAnswer(app, await tokenOf(opts.as), questionId, answerId),
    async tag(opts = {}) {
      const slug = opts.slug ?? unique('tag-');
      const r = await envelope(
        server,
        'POST',
        '/api/v1/tag',
        { slug_name: slug, display_name: slug, original_text: opts.text ?? `About ${slug}.` },
        await tokenOf(),
      );
      if (r.code !== 200) throw new Error(`tag ${slug} failed: ${JSON.stringify(r)}`);
      return slug;
    },
    call: async (method, path, body, as) => envelope(server, method, path, body, await tokenOf(as)),
  };
}

export interface Fixtures {
  /** The spec file's server on this worker. */
  server: SeededServer;
  /** Makes questions, answers, users... through the API. */
  seed: Seed;
  /** A page of a context of its own (pooledPage), logged in as `who` (nothing: a visitor), at a size and scheme. */
  pageAs: (who?: Who, look?: PageLook) => Promise<Page>;
  adminPage: Page;
  moderatorPage: Page;
  memberPage: Page;
  anonPage: Page;
}

export interface WorkerFixtures {
  /** The install settings of the file's server (default INSTALLED); `test.use({ serverEnv })` in a file. */
  serverEnv: Record<string, string>;
  /** The worker's servers: `servers.for(testInfo.file, serverEnv)` in a beforeAll gives the file's `server`. */
  servers: Servers;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  servers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const servers = new Servers();
      await use(servers);
      await servers.stop();
    },
    { scope: 'worker' },
  ],
  serverEnv: [INSTALLED, { option: true, scope: 'worker' }],
  // the first test of a file on a worker starts its server: that wait has a bound of its own, apart from the test's
  server: [
    async ({ servers, serverEnv }, use, testInfo) => {
      await use(await servers.for(testInfo.file, serverEnv));
    },
    { timeout: 120_000 },
  ],
  seed: async ({ server }, use) => {
    await use(makeSeed(server));
  },
  pageAs: async ({ browser, server }, use) => {
    await use(async (who, look = {}) => {
      const page = await pooledPage(browser, {
        viewport: { width: look.width ?? 1280, height: look.height ?? 800 },
        colorScheme: look.dark ? 'dark' : 'light',
      });
      const login = typeof who === 'string' ? await server.account(who) : who;
      if (login) await loginAs(page, server, login.email, login.pass);
      return page;
    });
  },
  adminPage: async ({ pageAs }, use) => use(await pageAs('admin')),
  moderatorPage: async ({ pageAs }, use) => use(await pageAs('moderator')),
  memberPage: async ({ pageAs }, use) => use(await pageAs('member')),
  anonPage: async ({ pageAs }, use) => use(await pageAs(null)),
});

export { expect };
