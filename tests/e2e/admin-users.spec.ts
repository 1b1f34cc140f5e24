import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissToasts, INSTALLED, loginAs, openInApp, shot, startServer, type E2EServer, pooledPage } from '../support/e2e-server';
import { Api, expectAccessible, expectContrast } from './question-pages';

// The admin's dashboard, contents, users, badges and showboard screens in a LAN browser against the built
// server: each opened by an admin (a moderator and a member get the 403 page), a suspension made
// through the UI refusing the user, a bulk add whose users then log in, screenshots and axe.
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let api: Api;
let graceId = '';
const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };
const GRACE = { email: 'grace@example.com', pass: 'grace-password-1' };
const MOLLY = { email: 'molly@example.com', pass: 'molly-password-1' };
const QUESTION = 'How do I trim a lantern wick evenly?';

/** Each screen with its path and heading (the user page is added once grace's id is known). */
const screens = (): [string, string, string][] => [
  ['dashboard', '/admin', 'Dashboard'],
  ['dashboard-page', '/admin/dashboard', 'Dashboard'],
  ['questions', '/admin/questions', 'Questions'],
  ['answers', '/admin/answers', 'Answers'],
  ['users', '/admin/users', 'Users'],
  ['user', `/admin/users/${graceId}`, 'grace'],
  ['badges', '/admin/badges', 'Badges'],
  ['showboard', '/admin/showboard', 'Showboard'],
  ['lan', '/admin/lan', 'LAN hosting'],
];

async function pageAs(
  browser: Browser,
  who: { email: string; pass: string } | null,
  opts: { width?: number; dark?: boolean } = {},
): Promise<Page> {
  const page = await pooledPage(browser, {
    viewport: { width: opts.width ?? 1280, height: 800 },
    colorScheme: opts.dark ? 'dark' : 'light',
  });
  if (who) await loginAs(page, server, who.email, who.pass);
  return page;
}

async function open(page: Page, path: string, heading: string): Promise<void> {
  await openInApp(page, `${server.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** Grace's row action on the users list. */
async function userAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

test.beforeAll(async () => {
  server = await startServer(INSTALLED);
  api = new Api(server);
  api.token = await api.tokenOf(ADMIN.email, ADMIN.pass);
  expect(
    (
      await api.call('PUT', '/admin/api/siteinfo/general', {
        name: 'Team Lantern',
        site_url: server.url,
        contact_email: 'team@example.com',
        short_description: '',
        description: '',
      })
    ).code,
  ).toBe(200);
  expect(
    (await api.call('POST', '/admin/api/users', { users: `grace, ${GRACE.email}, ${GRACE.pass}\nmolly, ${MOLLY.email}, ${MOLLY.pass}` }))
      .code,
  ).toBe(200);
  const molly = await api.call('GET', '/api/v1/personal/user/info?username=molly');
  expect((await api.call('PUT', '/admin/api/user/role', { user_id: molly.data.id, role_id: 3 })).code).toBe(200);
  graceId = (await api.call('GET', '/api/v1/personal/user/info?username=grace')).data.id;
  expect(
    (await api.call('POST', '/api/v1/tag', { slug_name: 'lanterns', display_name: 'lanterns', original_text: 'About lanterns.' })).code,
  ).toBe(200);
  const q = await api.call('POST', '/api/v1/question', {
    title: QUESTION,
    content: 'The flame smokes and the wick burns unevenly on one side.',
    tags: [{ slug_name: 'lanterns' }],
  });
  expect(q.code).toBe(200);
  const grace = new Api(server, await api.tokenOf(GRACE.email, GRACE.pass));
  expect(
    (
      await grace.call('POST', '/api/v1/answer', {
        question_id: q.data.id,
        content: 'Cut it straight across with sharp scissors, then round the corners.',
      })
    ).code,
  ).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

test('every screen opens for an admin; a moderator and a member get the 403 page', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await pageAs(browser, ADMIN);
  for (const [, path, heading] of screens()) await open(admin, path, heading);
  await expect(admin.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'LAN hosting' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await admin.context().close();
  for (const who of [MOLLY, GRACE]) {
    const page = await pageAs(browser, who);
    for (const [, path, heading] of screens()) {
      await openInApp(page, `${server.url}${path}`);
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toHaveCount(0);
    }
    await page.context().close();
  }
});

const VIEWS = [
  ['desktop-light', {}],
  ['desktop-dark', { dark: true }],
  ['phone-light', { width: 390 }],
  ['phone-dark', { width: 390, dark: true }],
] as const;
for (const [view, opts] of VIEWS) {
  // axe once per screen: all rules at desktop width in the light scheme, the colour rules in the dark one
  // (/admin and /admin/dashboard are the same screen); the phone's own screen, the open menu, likewise
  const axe = view === 'desktop-light' ? expectAccessible : view === 'desktop-dark' ? expectContrast : null;
  test(`each screen, ${view}: screenshots${axe ? ' and axe' : ''}`, async ({ browser }) => {
    // axe takes seconds a screen on a busy machine
    test.setTimeout(400_000);
    const page = await pageAs(browser, ADMIN, opts);
    for (const [name, path, heading] of screens()) {
      await open(page, path, heading);
      if (name === 'questions') await expect(page.getByRole('link', { name: QUESTION })).toBeVisible();
      if (name === 'users') await expect(page.getByRole('link', { name: 'grace' })).toBeVisible();
      if (name === 'showboard')
        await expect(page.getByRole('region', { name: 'Hot questions' }).getByRole('link', { name: QUESTION })).toBeVisible();
      if (name.startsWith('dashboard')) await expect(page.getByRole('heading', { name: 'Activity in the last 30 days' })).toBeVisible();
      if (axe && name !== 'dashboard-page') await axe(page);
      await shot(page, `admin-${name}-${view}`);
    }
    if ('width' in opts) {
      await open(page, '/admin/users', 'Users');
      await page.getByRole('button', { name: 'Admin menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Badges' })).toBeVisible();
      await (view === 'phone-light' ? expectAccessible : expectContrast)(page);
      await shot(page, `admin-menu-open-${view}`);
    }
    await page.context().close();
  });
}

for (const dark of [false, true]) {
  test(`every user dialog passes axe and is drawn, ${dark ? 'dark (the colour rules)' : 'light'}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await pageAs(browser, ADMIN, { dark });
    await open(page, '/admin/users', 'Users');
    for (const action of ['Change role', 'Change status', 'Set new password', 'Edit profile', 'Delete user']) {
      await userAction(page, 'grace', action);
      await (dark ? expectContrast : expectAccessible)(page);
      await shot(page, `admin-dialog-${action.toLowerCase().replace(/ /g, '-')}-${dark ? 'dark' : 'light'}`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Add users' }).click();
    await (dark ? expectContrast : expectAccessible)(page);
    await shot(page, `admin-dialog-add-users-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  });
}

test('a user suspended through the UI is refused and sees the suspended page', async ({ browser }) => {
  const grace = await pageAs(browser, GRACE);
  await grace.goto(`${server.url}/`);
  await expect(grace.getByTestId('current-user')).toHaveText('grace');

  const admin = await pageAs(browser, ADMIN);
  await open(admin, '/admin/users', 'Users');
  await userAction(admin, 'grace', 'Change status');
  await admin.getByLabel(/^Suspended/).check();
  await admin.getByLabel('Suspend for').selectOption({ label: '7 days' });
  await shot(admin, 'admin-suspend-dialog');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('update success')).toBeVisible();
  await admin.getByRole('link', { name: 'Suspended' }).click();
  await expect(admin.getByRole('link', { name: 'grace' })).toBeVisible();
  await expect(admin.getByText('Suspended until:')).toBeVisible();
  await shot(admin, 'admin-users-suspended');

  // her open session is refused: the app shows the suspended page
  await grace.goto(`${server.url}/questions`);
  await expect(grace.getByRole('heading', { name: 'Your account has been suspended' })).toBeVisible();
  await shot(grace, 'admin-suspended-user');
  // and a new login is refused too
  const login = await api.call('POST', '/api/v1/user/login/email', { e_mail: GRACE.email, pass: GRACE.pass }, '');
  expect(login.code).toBe(403);

  // back to normal through the user's own page
  await open(admin, `/admin/users/${graceId}`, 'grace');
  await admin.getByRole('button', { name: 'Change status' }).click();
  await admin.getByLabel(/^Normal/).check();
  // the page was opened inside the app: the first save's toast is closed first, so the one seen is this save's
  await dismissToasts(admin);
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('update success')).toBeVisible();
  expect((await api.call('POST', '/api/v1/user/login/email', { e_mail: GRACE.email, pass: GRACE.pass }, '')).code).toBe(200);
  await admin.context().close();
  await grace.context().close();
});

test('bulk add of three users through the UI; each then logs in', async ({ browser }) => {
  const admin = await pageAs(browser, ADMIN);
  await open(admin, '/admin/users', 'Users');
  await admin.getByRole('button', { name: 'Add users' }).click();
  const users = [
    ['Ann Able', 'ann@example.com', 'ann-password-1'],
    ['Ben Bold', 'ben@example.com', 'ben-password-1'],
    ['Cy Clear', 'cy@example.com', 'cy-password-1'],
  ];
  // a bad line first: its error is listed and nothing is sent
  await admin.getByLabel('Users', { exact: true }).fill(`${users.map((u) => u.join(', ')).join('\n')}\nbroken line`);
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText("Line 4: write 'name, email, password'.")).toBeVisible();
  await shot(admin, 'admin-bulk-add-error');
  await admin.getByLabel('Users', { exact: true }).fill(users.map((u) => u.join(', ')).join('\n'));
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText('3 users added')).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Cy Clear' })).toBeVisible();
  await admin.context().close();
  for (const [name, email, pass] of users) {
    const page = await pageAs(browser, null);
    await page.goto(`${server.url}/users/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(pass);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('current-user')).toHaveText(name);
    await page.context().close();
  }
});
