import { expect, test, type Page } from '@playwright/test';
import { INSTALLED, loginAs, shot, startServer, type E2EServer } from '../support/e2e-server';
import { Api, expectAccessible, expectContrast, settled } from './question-pages';

// What a new team meets first (issue 20): the question page's code and headings, the ask page's
// tags, the LAN page, the terms on a new site and the install wizard, at desktop and phone widths
// in light and dark; no console warning from the router on any page load.
let server: E2EServer;
let fresh: E2EServer;
let api: Api;
let questionPath = '';
const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };

const VIEWS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const VARIANTS = VIEWS.flatMap((view) => SCHEMES.map((scheme) => ({ view, scheme, label: `${view.name}-${scheme}` })));

/** Axe once per screen: all rules at desktop width in light, the colour rules in dark; at phone width the screen is only let settle. */
async function axeFor(page: Page, v: (typeof VARIANTS)[number]): Promise<void> {
  if (v.view.name !== 'desktop') await settled(page);
  else if (v.scheme === 'light') await expectAccessible(page);
  else await expectContrast(page);
}

const BODY = [
  'Before the first lighting, read this.',
  '',
  '# Filling',
  '',
  'Use clean **kerosene**.',
  '',
  '## Trimming the wick',
  '',
  '```js',
  "const fuel = 'kerosene';",
  'function trim(wick, mm) {',
  '  return wick.length - mm; // never below 5 mm',
  '}',
  '```',
  '',
  '### Lighting',
  '',
  'Light it with the glass raised.',
].join('\n');

/** A page in the given size and colour scheme (the site follows the system's scheme). */
async function viewPage(page: Page, v: (typeof VARIANTS)[number]): Promise<void> {
  await page.setViewportSize({ width: v.view.width, height: v.view.height });
  await page.emulateMedia({ colorScheme: v.scheme });
}

/** Router warnings written to the console while `run` goes on. */
async function routerWarnings(page: Page, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (m: { text(): string }) => {
    if (/HydrateFallback/i.test(m.text())) seen.push(m.text());
  };
  page.on('console', listen);
  await run();
  page.off('console', listen);
  return seen;
}

test.beforeAll(async () => {
  server = await startServer(INSTALLED);
  api = new Api(server);
  api.token = await api.tokenOf(ADMIN.email, ADMIN.pass);
  for (const [slug, name] of [
    ['lanterns', 'lanterns'],
    ['oil', 'oil'],
  ]) {
    expect((await api.call('POST', '/api/v1/tag', { slug_name: slug, display_name: name, original_text: '' })).code).toBe(200);
  }
  questionPath = `/questions/${await api.ask({ title: 'How do I look after an oil lantern?', content: BODY, tags: ['lanterns'] })}`;
});
test.afterAll(async () => {
  await server?.stop();
  await fresh?.stop();
});

test("no page load logs the router's HydrateFallback warning", async ({ page }) => {
  await loginAs(page, server, ADMIN.email, ADMIN.pass);
  const warnings = await routerWarnings(page, async () => {
    for (const path of ['/', questionPath, '/questions/ask', '/tags', '/tos', '/users/login', '/admin/lan']) {
      await page.goto(`${server.url}${path}`);
      await settled(page);
    }
  });
  expect(warnings).toEqual([]);
});

for (const v of VARIANTS) {
  test(`question page, ${v.label}: code is highlighted, post headings sit below the title, one font`, async ({ page }) => {
    await viewPage(page, v);
    await page.goto(`${server.url}${questionPath}`);
    const title = page.getByRole('heading', { level: 1, name: 'How do I look after an oil lantern?' });
    await expect(title).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(v.scheme);
    const body = page.locator('.post-body').first();
    const keyword = body.locator('.hljs-keyword').first();
    await expect(keyword).toBeVisible();
    // highlighted tokens have their own colours, which differ from the text around them
    const colours = await body.evaluate((el) => {
      const of = (sel: string) => getComputedStyle(el.querySelector(sel)!).color;
      return {
        text: getComputedStyle(el).color,
        keyword: of('.hljs-keyword'),
        string: of('.hljs-string'),
        comment: of('.hljs-comment'),
        code: getComputedStyle(el.querySelector('pre code')!).color,
      };
    });
    expect(colours.keyword).not.toBe(colours.text);
    expect(colours.string).not.toBe(colours.text);
    expect(colours.comment).not.toBe(colours.text);
    expect(new Set([colours.keyword, colours.string, colours.comment]).size).toBe(3);
    // every heading inside the post is smaller than the question's title
    const titleSize = await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    for (const level of [1, 2, 3]) {
      const size = await body
        .locator(`h${level}`)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size, `post h${level}`).toBeLessThan(titleSize);
    }
    // body text and controls use one font stack
    const fonts = await page.evaluate(() => ({
      body: getComputedStyle(document.querySelector('.post-body')!).fontFamily,
      button: getComputedStyle(document.querySelector('.p-button, button')!).fontFamily,
      input: getComputedStyle(document.querySelector('#site-search')!).fontFamily,
    }));
    expect(fonts.button).toBe(fonts.body);
    expect(fonts.input).toBe(fonts.body);
    await axeFor(page, v);
    await shot(page, `first-use-question-${v.label}`);
  });
}

for (const view of VIEWS) {
  test(`${view.name}: the header and the sort tabs fit the screen`, async ({ page }) => {
    await loginAs(page, server, ADMIN.email, ADMIN.pass);
    await page.setViewportSize({ width: view.width, height: view.height });
    for (const path of ['/', '/questions']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.locator('.order-tabs')).toBeVisible();
      const fit = await page.evaluate(() => {
        const m = (sel: string) => {
          const el = document.querySelector(sel)!;
          return { scroll: el.scrollWidth, client: el.clientWidth };
        };
        return {
          page: { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth },
          topbar: m('.topbar'),
          tabs: m('.order-tabs'),
          listTools: m('.list-tools'),
        };
      });
      for (const [part, { scroll, client }] of Object.entries(fit)) expect(scroll, `${path} ${part}`).toBeLessThanOrEqual(client);
      // the site name shows in full
      const brand = page.locator('.topbar .brand');
      expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await shot(page, `first-use-questions-${view.name}`);
  });
}

test('ask page: three tags (two existing, one new) entered from the keyboard only, then posted', async ({ page }) => {
  await loginAs(page, server, ADMIN.email, ADMIN.pass);
  await page.goto(`${server.url}/questions/ask`);
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toBeFocused();
  await page.keyboard.type('Which wick suits a storm lantern?');
  await page.getByLabel('Body', { exact: true }).focus();
  await page.keyboard.type('Mine smokes after ten minutes. Flat or round wick?');
  const tags = page.getByLabel('Tags', { exact: true });
  await tags.focus();
  // typed straight on, not waiting for suggestions: Enter and a comma end a tag
  await page.keyboard.type('lanterns');
  await page.keyboard.press('Enter');
  await page.keyboard.type('wicks,');
  await page.keyboard.type('oi');
  // the suggestions do not cover the Post button
  await expect(page.getByRole('option', { name: 'oil', exact: true })).toBeVisible();
  const post = page.getByRole('button', { name: 'Post your question' });
  const list = (await page.getByRole('listbox').boundingBox())!;
  const button = (await post.boundingBox())!;
  expect(list.y + list.height, 'the suggestions end above the Post button').toBeLessThanOrEqual(button.y);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { includeHidden: true })).toBeHidden();
  const chosen = page.getByRole('list', { name: 'Chosen tags' });
  await expect(chosen.getByRole('listitem')).toHaveText(['lanterns', 'wicksnew', 'oil']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tags).toBeFocused();
  await expect(tags).toHaveValue('');
  // on to the Post button and send
  await page.keyboard.press('Tab');
  await expect(post).toBeFocused();
  const sent = page.waitForResponse((r) => r.url().endsWith('/answer/api/v1/question') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Which wick suits a storm lantern?' })).toBeVisible();
  const question = page.locator('.question-page, main').first();
  for (const tag of ['lanterns', 'wicks', 'oil'])
    await expect(question.getByRole('link', { name: tag, exact: true }).first()).toBeVisible();
  expect((await api.call('GET', '/api/v1/tag?name=wicks')).code).toBe(200);
});

for (const v of VARIANTS) {
  test(`ask page entering tags, ${v.label}`, async ({ page }) => {
    await loginAs(page, server, ADMIN.email, ADMIN.pass);
    await viewPage(page, v);
    await page.goto(`${server.url}/questions/ask`);
    await page.getByLabel('Title', { exact: true }).fill('Which oil burns cleanest?');
    await page.getByLabel('Body', { exact: true }).fill('Paraffin or kerosene, for an indoor lantern.');
    const tags = page.getByLabel('Tags', { exact: true });
    await tags.focus();
    await page.keyboard.type('lanterns,paraffin,');
    await page.keyboard.type('oi');
    await expect(page.getByRole('option', { name: 'oil', exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveText(['lanterns', 'paraffinnew']);
    await axeFor(page, v);
    await shot(page, `first-use-ask-tags-${v.label}`);
  });

  test(`LAN page, ${v.label}`, async ({ page }) => {
    await loginAs(page, server, ADMIN.email, ADMIN.pass);
    await viewPage(page, v);
    await page.goto(`${server.url}/admin/lan`);
    await expect(page.getByRole('status')).toHaveText('This site is only reachable from this computer.');
    // a server started from the command line on loopback: one piece of advice, and a true one
    await expect(page.locator('.lan-advice')).toHaveText(
      'This server was started from the command line, for this computer only. To serve the LAN, restart it with --host 0.0.0.0 --port <port>',
    );
    // the options are not split across lines
    await expect(page.locator('.lan-advice .lan-command')).toHaveCSS('white-space', 'nowrap');
    await axeFor(page, v);
    await shot(page, `first-use-lan-${v.label}`);
  });

  test(`terms of service on a new site, ${v.label}`, async ({ page }) => {
    await viewPage(page, v);
    await page.goto(`${server.url}/tos`);
    const title = page.locator('#legal-title');
    await expect(title).toHaveText('Terms of service');
    // the default text carries no title of its own, so the page names itself once
    await expect(page.getByRole('heading', { name: 'Terms of service' })).toHaveCount(1);
    await settled(page);
    // the text's own headings stay below the page's title
    const titleSize = await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    for (const h of await page.locator('.legal .post-body').locator('h1, h2, h3').all()) {
      expect(await h.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeLessThan(titleSize);
    }
    await shot(page, `first-use-tos-${v.label}`);
  });
}

test("the install wizard's steps stay on one line, desktop and phone", async ({ page }) => {
  fresh = await startServer();
  for (const v of VARIANTS) {
    await viewPage(page, v);
    await page.goto(`${fresh.url}/install`);
    const steps = page.getByRole('list', { name: /install/i }).getByRole('listitem');
    await expect(steps.first()).toBeVisible();
    const tops = await steps.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `steps on one line (${v.label})`).toBe(1);
    const fits = await page.locator('.wizard-steps').evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await shot(page, `first-use-install-${v.label}`);
    // the database step with PostgreSQL's fields, in each size and scheme
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Database type').selectOption({ label: 'PostgreSQL' });
    await expect(page.getByLabel('Host', { exact: true })).toBeVisible();
    await axeFor(page, v);
    await shot(page, `first-use-install-database-${v.label}`);
  }
});
