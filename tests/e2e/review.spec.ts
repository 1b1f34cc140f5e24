import { type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { INSTALLED, shot, type E2EServer } from '../support/e2e-server';
import { Api, expectAccessible } from './question-pages';

// The review page (/review) in a LAN browser against the built server: a queued post (the built-in
// reviewer plugin holds a new user's question), two flags and a suggested edit (a low-reputation
// member editing the admin's question), each resolved on the page with its effect checked; admin
// and moderator may review, a member gets the 403 page. Screenshots review-*.
// the machine is shared while these run: axe on a busy core takes its time
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: E2EServer;
let api: Api;
const GRACE = { email: 'grace@example.com', pass: 'grace-password-1' };
const BOB = { email: 'bob@example.com', pass: 'bob-password-1' };
const MOLLY = { email: 'molly@example.com', pass: 'molly-password-1' };
const NINA = { email: 'nina@example.com', pass: 'nina-password-1' };
const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };
const EDITED = { before: 'How do I trim a lantern wick?', after: 'How should I trim a storm lantern wick?' };
const QUEUED = 'My very first lantern question';
const SPAM = 'Cheap lamp oil for sale';
const SPAM_TWO = 'Lamp oil discount codes';
const ids = { edited: '', queued: '', spam: '', spamTwo: '' };

/** A call that may need a captcha for `action`: it is solved first when the server asks for one. */
async function withCaptcha(method: string, path: string, action: string, body: Record<string, unknown>, token: string) {
  const record = await api.call('GET', `/api/v1/user/action/record?action=${action}`, undefined, token);
  const captcha = record.data?.verify
    ? { captcha_id: record.data.captcha_id, captcha_code: server.captchaAnswer(record.data.captcha_id) }
    : {};
  return api.call(method, path, { ...body, ...captcha }, token);
}

const queues = (page: Page) => page.getByRole('navigation', { name: 'Review queues' });
const item = (page: Page) => page.getByRole('article', { name: 'Item under review' });
const actions = (page: Page) => item(page).getByRole('group', { name: 'Review actions' });
const question = async (id: string) => (await api.call('GET', `/api/v1/question/info?id=${id}`)).data;

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  api = new Api(server);
  api.token = await api.tokenOf(ADMIN.email, ADMIN.pass);
  const users = [
    ['grace', GRACE],
    ['bob', BOB],
    ['molly', MOLLY],
    ['nina', NINA],
  ] as const;
  expect(
    (await api.call('POST', '/admin/api/users', { users: users.map(([n, u]) => `${n}, ${u.email}, ${u.pass}`).join('\n') })).code,
  ).toBe(200);
  const molly = await api.call('GET', '/api/v1/personal/user/info?username=molly');
  expect((await api.call('PUT', '/admin/api/user/role', { user_id: molly.data.id, role_id: 3 })).code).toBe(200);
  // members may suggest edits of others' questions from the start; applying or reviewing them takes much more
  const custom = [
    ['rank.question.edit', 1],
    ['rank.answer.edit', 1],
    ['rank.question.edit_without_review', 2000],
    ['rank.answer.edit_without_review', 2000],
    ['rank.question.audit', 2000],
    ['rank.answer.audit', 2000],
    ['rank.tag.audit', 5000],
    ['rank.tag.edit_without_review', 20000],
  ].map(([key, value]) => ({ key, value }));
  expect((await api.call('PUT', '/admin/api/setting/privileges', { level: 99, custom_privileges: custom })).code).toBe(200);
  expect(
    (
      await api.call('POST', '/api/v1/tag', {
        slug_name: 'lanterns',
        display_name: 'lanterns',
        original_text: 'Oil, gas and electric lanterns.',
      })
    ).code,
  ).toBe(200);
  expect(
    (await api.call('POST', '/api/v1/tag', { slug_name: 'wicks', display_name: 'wicks', original_text: 'Cotton and fibreglass wicks.' }))
      .code,
  ).toBe(200);
  const ask = (title: string, content: string) => api.ask({ title, content, tags: ['lanterns'] });
  ids.edited = await ask(EDITED.before, 'Mine smokes. I cut it with scissors but the flame is uneven.');
  ids.spam = await ask(SPAM, 'Visit my shop for the cheapest lamp oil in town.');
  ids.spamTwo = await ask(SPAM_TWO, 'Discount codes for lamp oil, every week.');
  // bob flags both shop questions as spam
  const bobToken = await api.tokenOf(BOB.email, BOB.pass);
  const reasons = (await api.call('GET', '/api/v1/reasons?object_type=question&action=flag', undefined, bobToken)).data as {
    reason_type: number;
    content_type: string;
    name: string;
  }[];
  const spamReason = reasons.find((r) => !r.content_type)!;
  for (const id of [ids.spam, ids.spamTwo])
    expect(
      (await withCaptcha('POST', '/api/v1/report', 'report', { object_id: id, report_type: spamReason.reason_type, content: '' }, bobToken))
        .code,
    ).toBe(200);
  // grace (reputation 1) suggests an edit of the admin's question: it waits for review
  const graceToken = await api.tokenOf(GRACE.email, GRACE.pass);
  const edit = await withCaptcha(
    'PUT',
    '/api/v1/question',
    'edit',
    {
      id: ids.edited,
      title: EDITED.after,
      content: 'Mine smokes. I cut it with sharp scissors but the flame is still uneven.',
      tags: [{ slug_name: 'lanterns' }, { slug_name: 'wicks' }],
      edit_summary: 'clearer title, wicks tag',
    },
    graceToken,
  );
  expect(edit.code).toBe(200);
  expect(edit.data.wait_for_review).toBe(true);
  // the built-in reviewer holds the first posts of new users
  expect(
    (
      await api.call('PUT', '/admin/api/plugin/config', {
        plugin_slug_name: 'lantern_reviewer',
        config_fields: { reputation_below: '100', first_posts: '3', max_links: '' },
      })
    ).code,
  ).toBe(200);
  expect((await api.call('PUT', '/admin/api/plugin/status', { plugin_slug_name: 'lantern_reviewer', enabled: true })).code).toBe(200);
  const ninaToken = await api.tokenOf(NINA.email, NINA.pass);
  const queued = await withCaptcha(
    'POST',
    '/api/v1/question',
    'question',
    { title: QUEUED, content: 'Which lantern should a beginner buy for camping?', tags: [{ slug_name: 'lanterns' }] },
    ninaToken,
  );
  expect(queued.code).toBe(200);
  ids.queued = queued.data.id;
  expect((await question(ids.queued))?.status ?? 11).not.toBe(1);
});

test('a member gets the 403 page and no Review link', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  await page.goto(`${server.url}/review`);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Review' })).toHaveCount(0);
  await page.context().close();
});

for (const dark of [false, true]) {
  test(`the queues on a phone in the ${dark ? 'dark' : 'light'} scheme, before anything is decided`, async ({ pageAs }) => {
    const page = await pageAs(ADMIN, { width: 390, height: 844, dark });
    await page.goto(`${server.url}/review?type=suggested_post_edit`);
    await expect(item(page).getByText('Edit summary: clearer title, wicks tag')).toBeVisible();
    await expect(item(page).locator('ins', { hasText: 'should' }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, `review-edit-phone-${dark ? 'dark' : 'light'}`);
    await queues(page).getByRole('link', { name: 'Flagged posts (2)' }).click();
    await expect(item(page).getByRole('heading', { name: SPAM })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, `review-flag-phone-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  });
}

test('the admin approves the queued post, closes a flagged question and applies the suggested edit', async ({ pageAs }) => {
  const page = await pageAs(ADMIN);
  await page.goto(`${server.url}/questions`);
  // the side navigation counts everything waiting: 1 queued post, 2 flags, 1 suggested edit
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Review/ })).toContainText('4');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Review/ })
    .click();
  // the page puts the first queue with work into the address (replacing /review once the counts load)
  await expect(page).toHaveURL(/\/review\?type=queued_post$/);
  await expect(queues(page).getByRole('link')).toHaveText(['Queued posts (1)', 'Flagged posts (2)', 'Suggested edits (1)']);

  // the queued post: nina's first question, held by the reviewer plugin
  await expect(item(page).getByRole('heading', { name: QUEUED })).toBeVisible();
  await expect(item(page).getByText('Held back by Post review queue', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'review-queued-desktop-light');
  await actions(page).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('No posts are waiting for approval.')).toBeVisible();
  await expect(queues(page).getByRole('link', { name: 'Queued posts (0)' })).toBeVisible();
  expect((await question(ids.queued)).status).toBe(1);

  // the first flag: close the question with a reason
  await queues(page).getByRole('link', { name: 'Flagged posts (2)' }).click();
  await expect(item(page).getByRole('heading', { name: SPAM })).toBeVisible();
  await expect(item(page).getByText('Flagged by', { exact: false })).toContainText('bob');
  await actions(page).getByRole('button', { name: 'Close' }).click();
  const close = page.getByRole('dialog', { name: 'Close question' });
  await close.getByRole('radio', { name: /needs details/ }).check();
  await expectAccessible(page);
  await shot(page, 'review-close-dialog-desktop-light');
  await close.getByRole('button', { name: 'Close question' }).click();
  await expect(page.getByText('The question was closed.')).toBeVisible();
  // the queue moved on to the second flag
  await expect(item(page).getByRole('heading', { name: SPAM_TWO })).toBeVisible();
  expect((await question(ids.spam)).status).toBe(2);
  // the delete and edit dialogs, looked at and left
  await actions(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this post?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Cancel' }).click();
  await actions(page).getByRole('button', { name: 'Edit post' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the flagged post' });
  await expect(edit.getByLabel('Title')).toHaveValue(SPAM_TWO);
  await expectAccessible(page);
  await shot(page, 'review-edit-dialog-desktop-light');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);

  // the suggested edit: a diff of title, tags and body against the question as it is
  await queues(page).getByRole('link', { name: 'Suggested edits (1)' }).click();
  await expect(item(page).getByRole('heading', { name: EDITED.before })).toBeVisible();
  await expect(item(page).locator('ins', { hasText: 'wicks' })).toBeVisible();
  await expect(item(page).locator('ins', { hasText: 'sharp' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'review-edit-desktop-light');
  await actions(page).getByRole('button', { name: 'Approve edit' }).click();
  await expect(page.getByText('No suggested edits are waiting.')).toBeVisible();
  const applied = await question(ids.edited);
  expect(applied.title).toBe(EDITED.after);
  expect(applied.tags.map((t: { slug_name: string }) => t.slug_name).sort()).toEqual(['lanterns', 'wicks']);
  await page.goto(`${server.url}/questions/${ids.edited}`);
  await expect(page.getByRole('heading', { level: 1, name: EDITED.after })).toBeVisible();
  await page.context().close();
});

test('a moderator unlists the other flagged question; the page is empty and dark after', async ({ pageAs }) => {
  const page = await pageAs(MOLLY, { dark: true });
  await page.goto(`${server.url}/review`);
  await expect(queues(page).getByRole('link')).toHaveText(['Queued posts (0)', 'Flagged posts (1)', 'Suggested edits (0)']);
  await expect(item(page).getByRole('heading', { name: SPAM_TWO })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'review-flag-desktop-dark');
  await actions(page).getByRole('button', { name: 'Unlist' }).click();
  await expect(page.getByText('No flagged posts are waiting.')).toBeVisible();
  expect((await question(ids.spamTwo)).show).toBe(2);
  await expectAccessible(page);
  await shot(page, 'review-empty-desktop-dark');
  await page.context().close();
});
