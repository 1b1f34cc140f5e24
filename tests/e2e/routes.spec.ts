import { type Page } from '@playwright/test';
import { expect, test as base } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { INSTALLED, networkQuiet, openInApp, watchNetwork, type E2EServer } from '../support/e2e-server';
import { Api, settled } from './question-pages';

// Every route of spec section 2 outside /admin, opened by each kind of visitor of section 4: where
// each one lands (the page itself, login, home, the inactive or the suspended page) and that the
// page it lands on has a title of its own. The tests run in parallel: each worker's server gets the accounts and
// posts once (the `site` fixture); the login-required test opens the site again at its end.

type Role = 'anonymous' | 'member' | 'inactive' | 'moderator';
const ROLES: Role[] = ['anonymous', 'member', 'inactive', 'moderator'];
const AXE_ROLES: Role[] = ['anonymous', 'member'];
const PASS = 'routes-password-1';
const EMAILS: Record<Exclude<Role, 'anonymous'> | 'suspended', string> = {
  member: 'member@example.com',
  inactive: 'inactive@example.com',
  suspended: 'suspended@example.com',
  moderator: 'moderator@example.com',
};
// user names (some words, such as "moderator", are reserved)
const NAMES: Record<Exclude<Role, 'anonymous'> | 'suspended', string> = {
  member: 'member',
  inactive: 'sleeper',
  suspended: 'benched',
  moderator: 'keeper',
};

let server: E2EServer;
let api: Api;
const ids = { qid: '', aid: '', slug: '', tagId: '', badgeId: '' };

/** Where each role lands: '=' the page itself, or the path it is sent to. */
type Landing = Record<Role, string>;
const SELF = '=';
const LOGIN = '/users/login';
const HOME = '/';
const INACTIVE = '/users/inactive';
const SUSPENDED = '/users/account-suspended';
const everyone = (to: string): Landing => ({ anonymous: to, member: to, inactive: to, moderator: to });
// browsing: open to all
const PUBLIC: Landing = everyone(SELF);
// needs an activated account (ask, edit, create tag)
const ACTIVATED: Landing = { anonymous: LOGIN, member: SELF, inactive: INACTIVE, moderator: SELF };
// needs a login (settings, notifications, timelines); a not-activated account is sent to the inactive page
// by the server's answer (403 of type inactive, spec section 8)
const LOGGED_IN: Landing = { anonymous: LOGIN, member: SELF, inactive: INACTIVE, moderator: SELF };
// only when logged out (not-yet-activated accounts may still log in)
const LOGGED_OUT: Landing = { anonymous: SELF, member: HOME, inactive: SELF, moderator: HOME };
// pages every visitor may open (legal, errors, links from mails)
const OPEN: Landing = everyone(SELF);

function table(): [string, Landing][] {
  const { qid, aid, slug, tagId, badgeId } = ids;
  return [
    ['/', PUBLIC],
    ['/questions', PUBLIC],
    [`/questions/${qid}`, PUBLIC],
    [`/questions/${qid}/${slug}`, PUBLIC],
    [`/questions/${qid}/${slug}/${aid}`, PUBLIC],
    [`/questions/linked/${qid}`, PUBLIC],
    ['/search?q=lantern', PUBLIC],
    ['/tags', PUBLIC],
    ['/tags/lanterns', PUBLIC],
    ['/tags/lanterns/info', PUBLIC],
    ['/users', PUBLIC],
    ['/users/member', PUBLIC],
    ['/users/member/answers', PUBLIC],
    ['/badges', PUBLIC],
    [`/badges/${badgeId}`, PUBLIC],
    ['/no/such/page', PUBLIC],
    ['/content/privacy', PUBLIC],
    ['/content/terms', PUBLIC],
    ['/content/no-such-page', PUBLIC],
    ['/questions/ask', ACTIVATED],
    [`/posts/${qid}/edit`, ACTIVATED],
    [`/posts/${qid}/${aid}/edit`, ACTIVATED],
    ['/tags/create', ACTIVATED],
    [`/tags/${tagId}/edit`, ACTIVATED],
    ['/users/settings', LOGGED_IN],
    ['/users/settings/account', LOGGED_IN],
    ['/users/notifications/inbox', LOGGED_IN],
    ['/users/notifications/achievement', LOGGED_IN],
    [`/posts/${qid}/timeline`, LOGGED_IN],
    [`/posts/${qid}/${aid}/timeline`, LOGGED_IN],
    [`/tags/${tagId}/timeline`, LOGGED_IN],
    ['/users/login', LOGGED_OUT],
    ['/users/account-recovery', LOGGED_OUT],
    ['/users/confirm-email', LOGGED_OUT],
    ['/users/register', { anonymous: SELF, member: HOME, inactive: INACTIVE, moderator: HOME }],
    ['/users/change-email', { anonymous: LOGIN, member: HOME, inactive: SELF, moderator: HOME }],
    ['/users/inactive', { anonymous: LOGIN, member: HOME, inactive: SELF, moderator: HOME }],
    ['/users/account-activation/success', { anonymous: LOGIN, member: SELF, inactive: INACTIVE, moderator: SELF }],
    ['/users/account-suspended', everyone(HOME)],
    // links from mails without (or with a used) code end on the failed page
    ['/users/account-activation', everyone('/users/account-activation/failed')],
    ['/users/confirm-new-email', everyone('/users/account-activation/failed')],
    ['/users/account-activation/failed', OPEN],
    ['/users/password-reset', OPEN],
    ['/users/unsubscribe', OPEN],
    ['/user-center/auth-failed', OPEN],
    ['/tos', OPEN],
    ['/privacy', OPEN],
    ['/403', OPEN],
    ['/404', OPEN],
    ['/50x', OPEN],
    ['/maintenance', OPEN],
  ];
}

async function userId(name: string): Promise<string> {
  const r = await api.call('GET', `/admin/api/users/page?query=${name}&page=1&page_size=10`);
  return String(r.data.list.find((u: { username: string }) => u.username === name).user_id);
}

const test = base.extend<{ site: void }>({
  site: [
    async ({ server: mine }, use) => {
      server = mine;
      await mine.once('routes', async () => {
        api = new Api(server);
        api.token = await api.tokenOf(INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
        const users = Object.entries(EMAILS)
          .map(([role, email]) => `${NAMES[role as keyof typeof NAMES]}, ${email}, ${PASS}`)
          .join('\n');
        const added = await api.call('POST', '/admin/api/users', { users });
        expect(added.code, JSON.stringify(added)).toBe(200);
        expect((await api.call('PUT', '/admin/api/user/role', { user_id: await userId(NAMES.moderator), role_id: 3 })).code).toBe(200);
        expect((await api.call('PUT', '/admin/api/user/status', { user_id: await userId(NAMES.inactive), status: 'inactive' })).code).toBe(
          200,
        );
        expect(
          (
            await api.call('PUT', '/admin/api/user/status', {
              user_id: await userId(NAMES.suspended),
              status: 'suspended',
              suspend_duration: '24h',
            })
          ).code,
        ).toBe(200);
        // the member's own question and answer, a tag and a badge for the routes with ids
        const member = await api.tokenOf(EMAILS.member, PASS);
        expect(
          (
            await api.call('POST', '/api/v1/tag', {
              slug_name: 'lanterns',
              display_name: 'lanterns',
              original_text: 'Oil and electric lanterns.',
            })
          ).code,
        ).toBe(200);
        const q = await api.call(
          'POST',
          '/api/v1/question',
          { title: 'Which wick fits a storm lantern?', content: 'Mine is a Feuerhand 276.', tags: [{ slug_name: 'lanterns' }] },
          member,
        );
        expect(q.code).toBe(200);
        ids.qid = q.data.id;
        ids.slug = q.data.url_title;
        const a = await api.call('POST', '/api/v1/answer', { question_id: ids.qid, content: 'A 15 mm flat cotton wick fits it.' }, member);
        expect(a.code).toBe(200);
        ids.aid = a.data.info.id;
        ids.tagId = (await api.call('GET', '/api/v1/tag?name=lanterns')).data.tag_id;
        ids.badgeId = (await api.call('GET', '/api/v1/badges')).data[0].badges[0].id;
      });
      await use();
    },
    // set-up through the API, apart from the test's own time
    { auto: true, timeout: 90_000 },
  ],
});
test.describe.configure({ mode: 'parallel' });

/** The screen a landed path shows: paths that draw the same screen with the same data share one name. */
function screenOf(path: string): string {
  const { qid, slug } = ids;
  const aliases: Record<string, string> = {
    '/questions': '/',
    [`/questions/${qid}/${slug}`]: `/questions/${qid}`,
    '/no/such/page': '/404',
    '/content/no-such-page': '/404',
    '/privacy': '/tos',
  };
  if (path.startsWith(`/questions/${qid}/${slug}/`)) return `/questions/${qid}`;
  return aliases[path] ?? path;
}

/**
 * Opens a path (in the app once it is loaded, as a link would) and waits until the app has settled where the
 * guards sent it: the page's requests are done and, when the caller names where it should land, up to 5 s more
 * for a guard that redirects a moment later (once the user's status is read, or the app has booted after a
 * full load).
 */
async function land(page: Page, path: string, expected?: string): Promise<string> {
  await openInApp(page, `${server.url}${path}`);
  // the guards answer once the page's requests (user, site info, the route's data) are done
  await networkQuiet(page, 100);
  await expect(page.locator('#main')).toBeVisible();
  if (expected !== undefined && new URL(page.url()).pathname !== expected)
    await page.waitForURL((u) => u.pathname === expected, { timeout: 5_000 }).catch(() => undefined);
  return new URL(page.url()).pathname;
}

for (const role of ROLES) {
  test(`every route outside /admin, opened as ${role}, lands where section 4 says and has a title`, async ({ pageAs }) => {
    // every route, with axe on each the role may open: minutes when the other worker is busy too
    test.setTimeout(480_000);
    const page = await pageAs(role === 'anonymous' ? null : { email: EMAILS[role], pass: PASS });
    watchNetwork(page);
    const wrong: string[] = [];
    // the screens axe has checked for this role: a redirect's target (login, home) and a path that only
    // names another's screen (a slug, the error pages) are checked once
    const axed = new Set<string>();
    for (const [path, landing] of table()) {
      const expected = landing[role] === SELF ? path.split('?')[0] : landing[role];
      const at = await land(page, path, expected);
      if (at !== expected) wrong.push(`${path}: landed on ${at}, expected ${expected}`);
      // the page names itself once its data arrives (after a guard's redirect, a moment later): wait for it, then check
      await page.waitForFunction(() => / - /.test(document.title), null, { timeout: 5_000 }).catch(() => undefined);
      const title = await page.title();
      if (!/^\S.* - /.test(title)) wrong.push(`${path}: title "${title}" names no page`);
      // every screen a visitor or a member reaches: no serious or critical accessibility violation, axe
      // once per screen: a page a visitor sees too differs for a member in the header and a few controls,
      // checked on the member-only pages here and in the screens' own specs (questions, tags, people)
      if (AXE_ROLES.includes(role) && at === expected && (role === 'anonymous' || landing.anonymous !== SELF) && !axed.has(screenOf(at))) {
        axed.add(screenOf(at));
        await settled(page);
        for (const v of await seriousViolations(page)) wrong.push(`${path}: ${v.id} (${v.targets.join(', ')})`);
      }
    }
    expect(wrong).toEqual([]);
    await page.context().close();
  });
}

test('a suspended account cannot log in: the form sends it to the suspended page, which no one else is shown', async ({ pageAs }) => {
  const page = await pageAs(null);
  watchNetwork(page);
  await land(page, LOGIN, LOGIN);
  await page.getByLabel('Email', { exact: true }).fill(EMAILS.suspended);
  await page.getByLabel('Password', { exact: true }).fill(PASS);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${SUSPENDED}$`));
  await expect(page.getByRole('heading', { name: 'Your account has been suspended' })).toBeVisible();
  await expect(page).toHaveTitle('Account suspended - Team Lantern');
  await page.context().close();
  // opened directly, by someone not refused, it is not a page
  const visitor = await pageAs(null);
  watchNetwork(visitor);
  expect(await land(visitor, SUSPENDED, HOME)).toBe(HOME);
  await visitor.context().close();
});

test('with login required, a logged-out visitor reaches only the exempt pages, and returns where they were after login', async ({
  pageAs,
}) => {
  const login = (await api.call('GET', '/admin/api/siteinfo/login')).data;
  expect((await api.call('PUT', '/admin/api/siteinfo/login', { ...login, login_required: true })).code).toBe(200);
  try {
    const page = await pageAs(null);
    watchNetwork(page);
    for (const path of ['/', '/questions', '/tags', `/questions/${ids.qid}`, '/users/member', '/badges', '/search?q=wick']) {
      expect(await land(page, path, LOGIN), path).toBe(LOGIN);
    }
    for (const path of ['/users/register', '/users/account-recovery', '/tos', '/privacy', '/404', '/users/password-reset']) {
      expect(await land(page, path, path), path).toBe(path);
    }
    // the page asked for before logging in is the one shown after
    expect(await land(page, '/tags/lanterns', LOGIN)).toBe(LOGIN);
    await page.getByLabel('Email', { exact: true }).fill(EMAILS.member);
    await page.getByLabel('Password', { exact: true }).fill(PASS);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/tags\/lanterns$/);
    // a logged-in member now sees everything public
    expect(await land(page, '/badges', '/badges')).toBe('/badges');
    await page.context().close();
  } finally {
    expect((await api.call('PUT', '/admin/api/siteinfo/login', { ...login, login_required: false })).code).toBe(200);
  }
});
