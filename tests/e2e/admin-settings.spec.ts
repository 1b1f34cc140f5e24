import { type Page } from '@playwright/test';
import { expect, test as base } from '../support/fixtures';
import { dismissToasts, openInApp, shot, type E2EServer } from '../support/e2e-server';
import { expectAccessible, expectContrast, png, QuestionFormPage } from './question-pages';

// The admin's settings screens (customize, settings, plugins) in a LAN browser against the built
// server: each opened by an admin (and refused to a moderator and a member), each settings group
// changed through its form and the change seen on the public site, screenshots and axe. The tests
// do not depend on each other's changes and run in parallel, each worker on a server of its own (the login test,
// which closes the site, opens it again at its end).

/** Each screen with its path and heading. */
const SCREENS: [string, string][] = [
  ['themes', 'Themes'],
  ['css-html', 'CSS/HTML'],
  ['general', 'General'],
  ['interface', 'Interface'],
  ['branding', 'Branding'],
  ['smtp', 'SMTP'],
  ['legal', 'Legal'],
  ['write', 'Write'],
  ['seo', 'SEO'],
  ['login', 'Login'],
  ['settings-users', 'Users'],
  ['privileges', 'Privileges'],
  ['installed-plugins', 'Installed plugins'],
  ['lantern_reviewer', 'Post review queue'],
];

/** Opens an admin screen and waits for its form (or list) to be drawn. */
async function openScreen(page: Page, path: string, heading: string): Promise<void> {
  await openInApp(page, `${server.url}/admin/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' }).or(page.getByRole('table')).first()).toBeVisible();
}

async function save(page: Page): Promise<void> {
  // a previous save's toast is closed first, so the one seen is this save's (two at once clashed)
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('update success')).toBeVisible();
}

/** The server of this file on this worker (one per worker: the `site` fixture sets it before each test). */
let server: E2EServer;

// every test's server (one per worker) has the site URL, two tags and a question, made once by the first test there
const test = base.extend<{ site: void }>({
  site: [
    async ({ server: mine, seed }, use) => {
      server = mine;
      await mine.once('admin-settings', async () => {
        const general = await seed.call('PUT', '/admin/api/siteinfo/general', {
          name: 'Team Lantern',
          site_url: mine.url,
          contact_email: 'team@example.com',
          short_description: '',
          description: '',
        });
        expect(general.code).toBe(200);
        for (const slug of ['lanterns', 'meta']) await seed.tag({ slug });
        await seed.question({
          title: 'How do I trim a lantern wick evenly?',
          content: 'The flame smokes and the wick burns unevenly on one side.',
          tags: ['lanterns'],
        });
      });
      await use();
    },
    // set-up through the API, apart from the test's own time
    { auto: true, timeout: 60_000 },
  ],
});
test.describe.configure({ mode: 'parallel' });

test('every settings screen opens for an admin; a moderator and a member get the 403 page', async ({ pageAs }) => {
  test.setTimeout(300_000);
  const admin = await pageAs('admin');
  // the reviewer plugin's page is in the menu only while it is enabled; its config page opens either way
  for (const [path, heading] of SCREENS) await openScreen(admin, path, heading);
  await admin.context().close();
  for (const who of ['moderator', 'member'] as const) {
    const page = await pageAs(who);
    for (const [path, heading] of SCREENS) {
      await openInApp(page, `${server.url}/admin/${path}`);
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
const HALVES = [SCREENS.slice(0, 7), SCREENS.slice(7)];
for (const [label, opts] of VIEWS) {
  for (const [i, screens] of HALVES.entries()) {
    // axe once per screen: all rules in the light scheme, the colour rules again in the dark one
    const axe = label === 'desktop-light' ? expectAccessible : label === 'desktop-dark' ? expectContrast : null;
    test(`screenshots of the settings screens (part ${i + 1}), ${label}${axe ? ', with axe' : ''}`, async ({ pageAs }) => {
      test.setTimeout(300_000);
      const page = await pageAs('admin', opts);
      for (const [path, heading] of screens) {
        await openScreen(page, path, heading);
        if (axe) await axe(page);
        await shot(page, `admin-settings-${path}-${label}`);
      }
      await page.context().close();
    });
  }
}

test('general: the new site name shows in the header at once and on the public site', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'general', 'General');
  await page.getByLabel('Site name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site name cannot be empty.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'admin-settings-general-errors');
  await page.getByLabel('Site name', { exact: true }).fill('Night Shift');
  await save(page);
  await expect(page.locator('.topbar .brand')).toHaveText('Night Shift');
  const visitor = await pageAs(null);
  await visitor.goto(server.url);
  await expect(visitor.locator('.topbar .brand')).toHaveText('Night Shift');
  await expect(visitor).toHaveTitle(/Night Shift/);
  await visitor.context().close();
  await page.context().close();
});

test('unsaved changes: leaving the form asks first', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'legal', 'Legal');
  await page.getByLabel('Terms of service', { exact: true }).fill('Draft terms.');
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'SEO' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/admin\/legal$/);
  await expect(page.getByLabel('Terms of service', { exact: true })).toHaveValue('Draft terms.');
  await page.context().close();
});

test('legal: the terms of service text shows on /tos', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'legal', 'Legal');
  await page.getByLabel('Terms of service', { exact: true }).fill('## House rules\n\nBe **kind** to each other.');
  await save(page);
  const visitor = await pageAs(null);
  await visitor.goto(`${server.url}/tos`);
  await expect(visitor.getByRole('heading', { name: 'House rules' })).toBeVisible();
  await expect(visitor.locator('strong', { hasText: 'kind' })).toBeVisible();
  await visitor.context().close();
  await page.context().close();
});

test('themes: the primary colour and a light navbar apply at once and on the public site', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'themes', 'Themes');
  await expect(page.getByLabel('Primary color', { exact: true })).toHaveValue('#0033ff');
  await page.getByLabel('Primary color', { exact: true }).fill('blue');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Color format is incorrect, e.g. #0033ff.')).toBeVisible();
  await page.getByLabel('Primary color', { exact: true }).fill('#7a1fa2');
  await save(page);
  const primary = (p: Page) => p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--lantern-primary').trim());
  await expect.poll(() => primary(page)).toBe('#7a1fa2');
  await expect(page.locator('.topbar')).toHaveCSS('background-color', 'rgb(122, 31, 162)');
  const visitor = await pageAs(null);
  await visitor.goto(server.url);
  await expect(visitor.locator('.topbar')).toHaveCSS('background-color', 'rgb(122, 31, 162)');
  await page.getByRole('group', { name: 'Navigation bar style' }).getByLabel('Light', { exact: true }).check();
  await save(page);
  await expect(page.locator('.topbar')).not.toHaveCSS('background-color', 'rgb(122, 31, 162)');
  await visitor.reload();
  await expect(visitor.locator('html')).toHaveAttribute('data-navbar', 'light');
  await expectAccessible(visitor);
  await shot(visitor, 'admin-settings-themes-effect');
  await visitor.context().close();
  await page.context().close();
});

test('CSS/HTML: custom CSS and footer apply on the public site', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'css-html', 'CSS/HTML');
  await page.getByLabel('Custom CSS', { exact: true }).fill('main { border-top: 7px solid rgb(10, 120, 30); }');
  await page.getByLabel('Custom footer', { exact: true }).fill('<p class="team-footer">Run by the night shift</p>');
  await save(page);
  await expect(page.locator('main').first()).toHaveCSS('border-top-width', '7px');
  const visitor = await pageAs(null);
  await visitor.goto(server.url);
  await expect(visitor.locator('main').first()).toHaveCSS('border-top-color', 'rgb(10, 120, 30)');
  await expect(visitor.getByText('Run by the night shift')).toBeVisible();
  await visitor.context().close();
  await page.context().close();
});

test('SEO: permalink 1 puts the title slug in question links, 2 leaves it out', async ({ pageAs }) => {
  const page = await pageAs('admin');
  const visitor = await pageAs(null);
  const link = visitor.getByRole('link', { name: 'How do I trim a lantern wick evenly?' }).first();
  await openScreen(page, 'seo', 'SEO');
  await page.getByLabel('/questions/10010000000000001/post-title', { exact: true }).check();
  await save(page);
  await visitor.goto(`${server.url}/questions`);
  await expect(link).toHaveAttribute('href', /\/questions\/\d+\/how-do-i-trim-a-lantern-wick-evenly$/);
  await page.getByLabel('/questions/10010000000000001', { exact: true }).check();
  await save(page);
  await visitor.reload();
  await expect(link).toHaveAttribute('href', /\/questions\/\d+$/);
  await visitor.context().close();
  await page.context().close();
});

test('write: a reserved tag is refused for a member; recommended cannot contain reserved', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'write', 'Write');
  await page.getByLabel('Reserved tags', { exact: true }).fill('meta');
  await page.getByLabel('Recommended tags', { exact: true }).fill('lanterns meta');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Recommended tags cannot contain reserved tags.')).toBeVisible();
  await page.getByLabel('Recommended tags', { exact: true }).fill('lanterns');
  await save(page);
  await page.context().close();

  const grace = await pageAs('member');
  await grace.goto(`${server.url}/questions/ask`);
  const form = new QuestionFormPage(grace);
  await form.title.fill('Where do we discuss the site itself?');
  await form.body.fill('Is there a place to talk about how this site is run?');
  await form.pickTag('meta', 'meta');
  await grace.getByRole('button', { name: 'Post your question' }).click();
  await expect(grace.getByText('"meta" can only be used by moderators.').first()).toBeVisible();
  await grace.context().close();
});

test('branding: an uploaded logo shows in the header', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'branding', 'Branding');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/answer/api/v1/file') && r.request().method() === 'POST');
  await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(168, 56, [122, 31, 162]) });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await save(page);
  await expect(page.locator('.topbar .brand img')).toHaveAttribute('src', /\/uploads\/branding\//);
  await shot(page, 'admin-settings-branding-uploaded');
  await page.context().close();
});

test('SMTP: the port is checked; interface, users and privileges are saved and read back', async ({ pageAs, seed }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'smtp', 'SMTP');
  await page.getByLabel('SMTP port', { exact: true }).fill('70000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('SMTP port must be number 1 ~ 65535.')).toBeVisible();
  await page.getByLabel('SMTP port', { exact: true }).fill('2525');
  await save(page);
  expect((await seed.call('GET', '/admin/api/setting/smtp')).data.smtp_port).toBe(2525);

  await openScreen(page, 'interface', 'Interface');
  await page.getByLabel('Time zone', { exact: true }).selectOption('Europe/Paris');
  await save(page);
  expect((await seed.call('GET', '/admin/api/siteinfo/interface')).data.time_zone).toBe('Europe/Paris');

  await openScreen(page, 'settings-users', 'Users');
  await page.getByLabel('Website', { exact: true }).uncheck();
  await save(page);
  expect((await seed.call('GET', '/api/v1/siteinfo')).data.site_users.allow_update_website).toBe(false);

  await openScreen(page, 'privileges', 'Privileges');
  await page.getByLabel('Custom Level', { exact: true }).check();
  await page.getByLabel('Create new tag', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The number should be equal or larger than 1.')).toBeVisible();
  await page.getByLabel('Create new tag', { exact: true }).fill('42');
  await save(page);
  const saved = await seed.call('GET', '/admin/api/setting/privileges');
  expect(saved.data.selected_level).toBe(99);
  await page.context().close();
});

test('plugins: the reviewer is enabled, gets a menu entry and its settings are saved', async ({ pageAs, seed }) => {
  const page = await pageAs('admin');
  await openScreen(page, 'installed-plugins', 'Installed plugins');
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name: 'Post review queue' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enable Post review queue' }).click();
  await expect(page.getByText('Post review queue is enabled.')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Post review queue' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings of Post review queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Post review queue' })).toBeVisible();
  await page.getByLabel('Number of first posts to review', { exact: true }).fill('5');
  await save(page);
  await expectAccessible(page);
  const config = await seed.call('GET', '/admin/api/plugin/config?plugin_slug_name=lantern_reviewer');
  expect(config.data.config_fields.find((f: { name: string }) => f.name === 'first_posts').value).toBe('5');
  await page.goto(`${server.url}/admin/no_such_plugin`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await page.context().close();
});

test('login: registration closed, then login required, seen by a visitor', async ({ pageAs, seed }) => {
  const before = (await seed.call('GET', '/admin/api/siteinfo/login')).data;
  const page = await pageAs('admin');
  await openScreen(page, 'login', 'Login');
  await page.getByLabel('Allow new registrations', { exact: true }).uncheck();
  await save(page);
  const visitor = await pageAs(null);
  await visitor.goto(`${server.url}/users/register`);
  await expect(visitor).toHaveURL(`${server.url}/`);
  await page.getByLabel('Login required', { exact: true }).check();
  await save(page);
  await visitor.goto(`${server.url}/questions`);
  await expect(visitor).toHaveURL(/\/users\/login$/);
  await visitor.context().close();
  await page.context().close();
  // open again for the tests after this one on the same server
  expect((await seed.call('PUT', '/admin/api/siteinfo/login', before)).code).toBe(200);
});
