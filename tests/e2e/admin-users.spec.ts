import type { Page } from '@playwright/test';
import { dismissToasts, openInApp, shot } from '../support/e2e-server';
import { expect, test, type Account, type Seed, type SeededServer } from '../support/fixtures';
import { chooseFromMenu } from './menu-pages';
import { expectAccessible, expectContrast } from './question-pages';

// The admin's dashboard, contents, users, badges and showboard screens in a LAN browser against the built
// server: each opened by an admin (a moderator and a member get the 403 page), a suspension made
// through the UI refusing the user, a bulk add whose users then log in, screenshots and axe. Each test
// makes the users and the question it looks at, so the tests run in parallel.
test.describe.configure({ mode: 'parallel' });

const QUESTION = 'How do I trim a lantern wick evenly?';

/** Each screen with its path and heading (the user page is the given user's). */
const screens = (user: Account): [string, string, string][] => [
  ['dashboard', '/admin', 'Dashboard'],
  ['dashboard-page', '/admin/dashboard', 'Dashboard'],
  ['questions', '/admin/questions', 'Questions'],
  ['answers', '/admin/answers', 'Answers'],
  ['users', '/admin/users', 'Users'],
  ['user', `/admin/users/${user.id}`, user.name],
  ['badges', '/admin/badges', 'Badges'],
  ['showboard', '/admin/showboard', 'Showboard'],
  ['lan', '/admin/lan', 'LAN hosting'],
];

/** The site's URL is the server's own (once per server), as an admin sets it after the install. */
async function siteAtItsUrl(server: SeededServer, seed: Seed): Promise<void> {
  await server.once('site url', async () => {
    const r = await seed.call('PUT', '/admin/api/siteinfo/general', {
      name: 'Team Lantern',
      site_url: server.url,
      contact_email: 'team@example.com',
      short_description: '',
      description: '',
    });
    expect(r.code).toBe(200);
  });
}

/** A member with a question by the admin that they answered: what the screens list. */
async function content(seed: Seed, title: string): Promise<Account> {
  const member = await seed.user();
  const q = await seed.question({ title, content: 'The flame smokes and the wick burns unevenly on one side.', tags: [await seed.tag()] });
  await seed.answer(q.id, { content: 'Cut it straight across with sharp scissors, then round the corners.', as: member });
  return member;
}

async function open(page: Page, server: SeededServer, path: string, heading: string): Promise<void> {
  await openInApp(page, `${server.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** A row's action on the users list: the menu is open before the entry is chosen, then the dialog shows. */
async function userAction(page: Page, name: string, action: string): Promise<void> {
  await chooseFromMenu(page, page.getByRole('button', { name: `Actions for ${name}`, exact: true }), action);
  await expect(page.getByRole('dialog')).toBeVisible();
}

test('every screen opens for an admin; a moderator and a member get the 403 page', async ({ server, seed, pageAs }) => {
  test.setTimeout(180_000);
  await siteAtItsUrl(server, seed);
  const user = await seed.user();
  const admin = await pageAs('admin');
  for (const [, path, heading] of screens(user)) await open(admin, server, path, heading);
  await expect(admin.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'LAN hosting' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await admin.context().close();
  for (const who of ['moderator', 'member'] as const) {
    const page = await pageAs(who);
    for (const [, path, heading] of screens(user)) {
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
for (const [view, look] of VIEWS) {
  // axe once per screen: all rules at desktop width in the light scheme, the colour rules in the dark one
  // (/admin and /admin/dashboard are the same screen); the phone's own screen, the open menu, likewise
  const axe = view === 'desktop-light' ? expectAccessible : view === 'desktop-dark' ? expectContrast : null;
  test(`each screen, ${view}: screenshots${axe ? ' and axe' : ''}`, async ({ server, seed, pageAs }) => {
    // axe takes seconds a screen on a busy machine
    test.setTimeout(400_000);
    await siteAtItsUrl(server, seed);
    const title = `${QUESTION} (${view})`;
    const user = await content(seed, title);
    const page = await pageAs('admin', look);
    for (const [name, path, heading] of screens(user)) {
      await open(page, server, path, heading);
      if (name === 'questions') await expect(page.getByRole('link', { name: title })).toBeVisible();
      if (name === 'users') await expect(page.getByRole('link', { name: user.name })).toBeVisible();
      if (name === 'showboard')
        await expect(page.getByRole('region', { name: 'Hot questions' }).getByRole('link', { name: title })).toBeVisible();
      if (name.startsWith('dashboard')) await expect(page.getByRole('heading', { name: 'Activity in the last 30 days' })).toBeVisible();
      if (axe && name !== 'dashboard-page') await axe(page);
      await shot(page, `admin-${name}-${view}`);
    }
    if ('width' in look) {
      await open(page, server, '/admin/users', 'Users');
      await page.getByRole('button', { name: 'Admin menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Badges' })).toBeVisible();
      await (view === 'phone-light' ? expectAccessible : expectContrast)(page);
      await shot(page, `admin-menu-open-${view}`);
    }
    await page.context().close();
  });
}

for (const dark of [false, true]) {
  test(`every user dialog passes axe and is drawn, ${dark ? 'dark (the colour rules)' : 'light'}`, async ({ server, seed, pageAs }) => {
    test.setTimeout(300_000);
    await siteAtItsUrl(server, seed);
    const user = await seed.user();
    const page = await pageAs('admin', { dark });
    await open(page, server, '/admin/users', 'Users');
    for (const action of ['Change role', 'Change status', 'Set new password', 'Edit profile', 'Delete user']) {
      await userAction(page, user.name, action);
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

test('a user suspended through the UI is refused and sees the suspended page', async ({ server, seed, pageAs }) => {
  await siteAtItsUrl(server, seed);
  const grace = await seed.user();
  const gracePage = await pageAs(grace);
  await gracePage.goto(`${server.url}/`);
  await expect(gracePage.getByTestId('current-user')).toHaveText(grace.name);

  const admin = await pageAs('admin');
  await open(admin, server, '/admin/users', 'Users');
  await userAction(admin, grace.name, 'Change status');
  await admin.getByLabel(/^Suspended/).check();
  await admin.getByLabel('Suspend for').selectOption({ label: '7 days' });
  await shot(admin, 'admin-suspend-dialog');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('update success')).toBeVisible();
  await admin.getByRole('link', { name: 'Suspended' }).click();
  await expect(admin.getByRole('link', { name: grace.name })).toBeVisible();
  await expect(admin.getByText('Suspended until:')).toBeVisible();
  await shot(admin, 'admin-users-suspended');

  // her open session is refused: the app shows the suspended page
  await gracePage.goto(`${server.url}/questions`);
  await expect(gracePage.getByRole('heading', { name: 'Your account has been suspended' })).toBeVisible();
  await shot(gracePage, 'admin-suspended-user');
  // and a new login is refused too
  const login = await seed.call('POST', '/api/v1/user/login/email', { e_mail: grace.email, pass: grace.pass }, null);
  expect(login.code).toBe(403);

  // back to normal through the user's own page
  await open(admin, server, `/admin/users/${grace.id}`, grace.name);
  await admin.getByRole('button', { name: 'Change status' }).click();
  await admin.getByLabel(/^Normal/).check();
  // the page was opened inside the app: the first save's toast is closed first, so the one seen is this save's
  await dismissToasts(admin);
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('update success')).toBeVisible();
  expect((await seed.call('POST', '/api/v1/user/login/email', { e_mail: grace.email, pass: grace.pass }, null)).code).toBe(200);
  await admin.context().close();
  await gracePage.context().close();
});

test('bulk add of three users through the UI; each then logs in', async ({ server, pageAs }) => {
  const admin = await pageAs('admin');
  await open(admin, server, '/admin/users', 'Users');
  await admin.getByRole('button', { name: 'Add users' }).click();
  // unique per test run on this server (a parallel run has one server per worker)
  const n = `${test.info().workerIndex}${test.info().repeatEachIndex}`;
  const users = [
    [`Ann Able ${n}`, `ann${n}@example.com`, 'ann-password-1'],
    [`Ben Bold ${n}`, `ben${n}@example.com`, 'ben-password-1'],
    [`Cy Clear ${n}`, `cy${n}@example.com`, 'cy-password-1'],
  ];
  // a bad line first: its error is listed and nothing is sent
  await admin.getByLabel('Users', { exact: true }).fill(`${users.map((u) => u.join(', ')).join('\n')}\nbroken line`);
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText("Line 4: write 'name, email, password'.")).toBeVisible();
  await shot(admin, 'admin-bulk-add-error');
  await admin.getByLabel('Users', { exact: true }).fill(users.map((u) => u.join(', ')).join('\n'));
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText('3 users added')).toBeVisible();
  await expect(admin.getByRole('link', { name: users[2][0] })).toBeVisible();
  await admin.context().close();
  for (const [name, email, pass] of users) {
    const page = await pageAs(null);
    await page.goto(`${server.url}/users/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(pass);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('current-user')).toHaveText(name);
    await page.context().close();
  }
});
