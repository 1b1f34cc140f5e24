// lantern/testing: Playwright fixtures for testing a Lantern from the outside, as a tester automates it.
//
//   import { test, expect } from 'lantern/testing';
//   test.use({ seed: 'small' });
//   test('...', async ({ lantern, pageAs }) => { const page = await pageAs('user'); ... });
//
// `lantern` is one throwaway Lantern per worker (started on the first test that asks, stopped when the worker
// ends), so tests share it: make what a test needs with `create` (unique titles and names by default).
// Options (test.use, per file or project): `seed` ('empty' | 'small' | { stackExchangeDump: dir }) and
// `electron` (the desktop app instead of the headless server; tests skip, saying why, where no Electron
// binary exists).
import {
  test as base,
  expect,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { LanternApi, type Account, type MadeQuestion, type Role } from './api.js';
import { electronAvailable, logPageIn, startLantern, type Lantern, type Seed } from './server.js';

export { expect };
export { LanternApi, LanternApiError, uniqueName, type Account, type Envelope, type MadeQuestion, type Role } from './api.js';
export {
  ADMIN,
  SITE_NAME,
  electronAvailable,
  startLantern,
  type ImportReport,
  type Lantern,
  type LanternOptions,
  type Seed,
  type SmallSite,
} from './server.js';

/** Content made through the API; `as` is who makes it (default: the admin). */
export interface Create {
  /** A user (role 'user' unless given) with a unique name, email and password unless given; logged in. */
  user(opts?: { name?: string; email?: string; pass?: string; role?: Exclude<Role, 'anonymous'> }): Promise<Account>;
  /** A tag; returns its slug. */
  tag(opts?: { slug?: string; displayName?: string; description?: string }): Promise<string>;
  /** A question (a unique title unless given; tags are existing slugs). */
  question(opts?: { title?: string; content?: string; tags?: string[]; as?: Account }): Promise<MadeQuestion>;
  /** An answer to a question; returns its id. */
  answer(questionId: string, opts?: { content?: string; as?: Account }): Promise<string>;
  /** A comment on a question or an answer; returns its id. */
  comment(objectId: string, opts?: { text?: string; as?: Account }): Promise<string>;
  /** A vote on a post or a comment (not by its author). */
  vote(objectId: string, opts?: { dir?: 'up' | 'down'; as?: Account }): Promise<void>;
  /** Accepts an answer (as the question's owner, `as`, or the admin). */
  accept(questionId: string, answerId: string, opts?: { as?: Account }): Promise<void>;
}

export interface LanternFixtures {
  /** The worker's Lantern: url, admin, api, account(role), small (the small seed's content)... */
  lantern: Lantern;
  /**
   * A page logged in as a role (or as an account), opened on the site's home page: a browser context of its
   * own, closed after the test. 'user' and 'moderator' are accounts made on the first ask and kept for the
   * worker; 'anonymous' is a visitor. With electron: true, the app's one window, logged in through its bridge.
   */
  pageAs(who: Role | Account): Promise<Page>;
  /** Makes content through the API. */
  create: Create;
}

export interface LanternWorkerOptions {
  /** What the Lantern starts with (default 'empty'). */
  seed: Seed;
  /** The desktop app instead of the headless server (default false). */
  electron: boolean;
}

interface Internal {
  /** The worker's Lantern, started on the first ask. */
  _lanternOnce: { get(): Promise<Lantern>; started(): boolean };
}

/** Playwright's `test` with the Lantern fixtures and options. */
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & LanternFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & LanternWorkerOptions & Internal
> = base.extend<LanternFixtures, LanternWorkerOptions & Internal>({
  seed: ['empty', { scope: 'worker', option: true }],
  electron: [false, { scope: 'worker', option: true }],
  _lanternOnce: [
    async ({ seed, electron }, use) => {
      let running: Promise<Lantern> | null = null;
      await use({ get: () => (running ??= startLantern({ seed, electron })), started: () => running !== null });
      const was = running as Promise<Lantern> | null;
      if (was) await (await was.catch(() => null))?.stop();
    },
    { scope: 'worker' },
  ],
  lantern: async ({ _lanternOnce, electron }, use, testInfo) => {
    if (electron) {
      const found = electronAvailable();
      testInfo.skip(!found.ok, `electron: true needs an Electron binary (set ELECTRON_PATH): ${found.ok ? '' : found.reason}`);
    }
    // the test that starts the Lantern (a dump import, the server's start, the seed) gets two minutes more for it
    if (!_lanternOnce.started() && testInfo.timeout) testInfo.setTimeout(testInfo.timeout + 120_000);
    await use(await _lanternOnce.get());
  },
  pageAs: async ({ lantern, browser }, use) => {
    const contexts: { close(): Promise<void> }[] = [];
    await use(async (who) => {
      const account = typeof who === 'string' ? await lantern.account(who) : who;
      if (lantern.electronApp) {
        const page = await lantern.electronApp.firstWindow();
        await logPageIn(page, lantern.url, account, true);
        return page;
      }
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await logPageIn(page, lantern.url, account, false);
      return page;
    });
    for (const c of contexts) await c.close();
  },
  create: async ({ lantern }, use) => {
    const api = (as?: Account): LanternApi => (as ? lantern.api.as(as) : lantern.api);
    await use({
      user: (opts) => lantern.api.addUser(opts),
      tag: (opts) => lantern.api.tag(opts),
      question: ({ as, ...opts } = {}) => api(as).question(opts),
      answer: (questionId, { as, content } = {}) => api(as).answer(questionId, content),
      comment: (objectId, { as, text } = {}) => api(as).comment(objectId, text),
      vote: (objectId, { as, dir } = {}) => api(as).vote(objectId, dir),
      accept: (questionId, answerId, { as } = {}) => api(as).accept(questionId, answerId),
    });
  },
});
