import { expect, test } from '../support/fixtures';
import { INSTALLED, loginAs, shot, type E2EServer } from '../support/e2e-server';
import { Api, expectAccessible } from './question-pages';
import { TagFormPage, TagsListPage } from './tag-pages';

// The tag screens in a LAN browser against the built server: the tag list (filter, orders, follow),
// a tag's page with its questions, tag info with synonyms, create and edit tag (direct for staff,
// suggested for members), and the create-tag dialog of the ask page's tag picker.
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let api: Api;
const GRACE = { email: 'grace@example.com', pass: 'grace-password-1' };
const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };
let lanternsId = '';

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  api = new Api(server);
  api.token = await api.tokenOf(ADMIN.email, ADMIN.pass);
  expect((await api.call('POST', '/admin/api/users', { users: `grace, ${GRACE.email}, ${GRACE.pass}` })).code).toBe(200);
  // members may suggest tag edits but not create tags, edit directly or manage synonyms
  const custom = [
    ['rank.tag.add', 750],
    ['rank.tag.edit', 1],
    ['rank.tag.edit_without_review', 10000],
    ['rank.tag.synonym', 10000],
  ].map(([key, value]) => ({ key, value }));
  expect((await api.call('PUT', '/admin/api/setting/privileges', { level: 99, custom_privileges: custom })).code).toBe(200);
  const lanterns = await api.call('POST', '/api/v1/tag', {
    slug_name: 'lanterns',
    display_name: 'Lanterns',
    original_text: 'Oil, gas and **electric** lanterns.\n\nAsk about wicks, glass and fuel.',
  });
  expect(lanterns.code).toBe(200);
  expect((await api.call('POST', '/api/v1/tag', { slug_name: 'wicks', display_name: 'wicks', original_text: '' })).code).toBe(200);
  lanternsId = (await api.call('GET', '/api/v1/tag?name=lanterns')).data.tag_id as string;
  for (const [title, tags] of [
    ['How do I refill an oil lantern?', ['lanterns']],
    ['Why does my lantern glass turn black?', ['lanterns', 'wicks']],
    ['Can a storm lantern burn indoors?', ['lanterns']],
  ] as const) {
    await api.ask({ title, content: `${title} Some details for the body.`, tags: [...tags] });
  }
});

test('visitors browse the tag list, a tag page and its info; creating, editing and following need an account', async ({ page }) => {
  const list = new TagsListPage(page);
  await page.goto(`${server.url}/tags`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expect(page).toHaveTitle('Tags - Team Lantern');
  // popular first: lanterns (3 questions), then wicks (1)
  await list.expectTags(['Lanterns', 'wicks']);
  await expect(list.card('Lanterns').getByText('3 questions · 0 followers')).toBeVisible();
  await expect(list.card('Lanterns').getByText('Oil, gas and electric lanterns.')).toBeVisible();
  await expect(list.card('wicks').getByText('The tag has no description.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create tag' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '50-tags-list');

  await page.getByRole('navigation', { name: 'Sort tags' }).getByRole('link', { name: 'Newest' }).click();
  await expect(page).toHaveURL(/\/tags\?order=newest$/);
  await list.expectTags(['wicks', 'Lanterns']);
  await page.getByRole('link', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/\/tags\?order=name$/);
  await list.expectTags(['Lanterns', 'wicks']);
  await list.filter.fill('wi');
  await expect(page).toHaveURL(/\/tags\?q=wi&order=name$/);
  await list.expectTags(['wicks']);
  await expect(page.getByText('1 tag', { exact: true })).toBeVisible();
  await list.filter.fill('zzz');
  await expect(page.getByText('No tags match “zzz”.')).toBeVisible();
  await shot(page, '51-tags-filter-empty');

  await page.goto(`${server.url}/tags`);
  await list.card('Lanterns').getByRole('link', { name: 'Lanterns' }).click();
  await expect(page).toHaveURL(/\/tags\/lanterns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lanterns' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Questions tagged [Lanterns]' })).toBeVisible();
  await expect(page.locator('.q-item')).toHaveCount(3);
  await expect(page.getByText('3 questions', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Sort questions' }).getByRole('link', { name: 'Unanswered' }).click();
  await expect(page).toHaveURL(/\/tags\/lanterns\?order=unanswered$/);
  await expect(page.locator('.q-item')).toHaveCount(3);
  await expectAccessible(page);
  await shot(page, '52-tag-page');

  await page.getByRole('link', { name: 'Learn more' }).click();
  await expect(page).toHaveURL(/\/tags\/lanterns\/info$/);
  await expect(page).toHaveTitle('About Lanterns - Team Lantern');
  await expect(page.locator('.tag-info .post-body strong')).toHaveText('electric');
  await expect(page.getByText('Ask about wicks, glass and fuel.')).toBeVisible();
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'by admin' })).toBeVisible();
  await expect(page.getByText('No synonyms found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage synonyms' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('href', `/tags/${lanternsId}/timeline`);
  await expectAccessible(page);
  await shot(page, '53-tag-info');

  // following needs an account: the visitor goes to login
  await page.getByRole('button', { name: 'Follow Lanterns' }).click();
  await expect(page).toHaveURL(/\/users\/login$/);
  // a tag that does not exist is the 404 page; create and edit need login
  await page.goto(`${server.url}/tags/no-such-tag`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await page.goto(`${server.url}/tags/create`);
  await expect(page).toHaveURL(/\/users\/login$/);
  await page.goto(`${server.url}/tags/${lanternsId}/edit`);
  await expect(page).toHaveURL(/\/users\/login$/);
});

test('a member follows and unfollows tags, may not create one, and suggests an edit that waits for review', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const list = new TagsListPage(page);
  await page.goto(`${server.url}/tags`);
  await list.expectTags(['Lanterns', 'wicks']);
  await expect(page.getByRole('link', { name: 'Create tag' })).toHaveCount(0);
  await list.card('Lanterns').getByRole('button', { name: 'Follow Lanterns' }).click();
  await expect(list.card('Lanterns').getByRole('button', { name: 'Following Lanterns' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.card('Lanterns').getByText('3 questions · 1 follower')).toBeVisible();
  await page.reload();
  await expect(list.card('Lanterns').getByRole('button', { name: 'Following Lanterns' })).toBeVisible();
  const graceApi = new Api(server, await api.tokenOf(GRACE.email, GRACE.pass));
  expect(((await graceApi.call('GET', '/api/v1/tags/following')).data as { slug_name: string }[]).map((x) => x.slug_name)).toEqual([
    'lanterns',
  ]);
  await list.card('wicks').getByRole('link', { name: 'wicks' }).click();
  await page.getByRole('button', { name: 'Follow wicks' }).click();
  await expect(page.getByRole('button', { name: 'Following wicks' })).toBeVisible();
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Following wicks' }).click();
  await expect(page.getByRole('button', { name: 'Follow wicks' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('0 followers', { exact: true })).toBeVisible();

  // creating tags needs 750 reputation
  await page.goto(`${server.url}/tags/create`);
  await expect(page.getByText('You need at least 750 reputation to do this.')).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '54b-tag-create-forbidden');

  // an edit by a member without the direct-edit privilege is a suggestion
  await page.goto(`${server.url}/tags/lanterns`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tags/${lanternsId}/edit$`));
  const form = new TagFormPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit tag' })).toBeVisible();
  await expect(form.displayName).toHaveValue('Lanterns');
  await expect(form.slug).toHaveAttribute('readonly', '');
  await expect(page.getByText('Only moderators can change the URL slug.')).toBeVisible();
  await form.displayName.fill('');
  await page.getByRole('button', { name: 'Save edits' }).click();
  await expect(form.error('display_name')).toHaveText('Display name cannot be empty.');
  await form.displayName.fill('Lanterns');
  await form.description.fill('Oil, gas and electric lanterns, and their spare parts.');
  await form.summary.fill('mention spare parts');
  await expectAccessible(page);
  await shot(page, '56b-tag-edit-member');
  await page.getByRole('button', { name: 'Save edits' }).click();
  await expect(page.getByText('Your revision will show after review.')).toBeVisible();
  await expect(page).toHaveURL(/\/tags\/lanterns\/info$/);
  await expect(page.getByText('Ask about wicks, glass and fuel.')).toBeVisible();
  // while the suggestion waits, the edit page says why it cannot be used
  await page.goto(`${server.url}/tags/${lanternsId}/edit`);
  await expect(page.getByText(/edit currently, there is a version in the review queue./)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '403' })).toBeVisible();
  await page.context().close();
});

test('staff create a tag with checked fields, manage its synonyms and edit it directly', async ({ pageAs }) => {
  const page = await pageAs(ADMIN);
  await page.goto(`${server.url}/tags`);
  await page.getByRole('link', { name: 'Create tag' }).click();
  await expect(page).toHaveURL(/\/tags\/create$/);
  await expect(page).toHaveTitle('Create tag - Team Lantern');
  const form = new TagFormPage(page);
  await expect(form.displayName).toBeFocused();
  await page.getByRole('button', { name: 'Post new tag' }).click();
  await expect(form.error('display_name')).toHaveText('Display name cannot be empty.');
  await expect(form.error('slug_name')).toHaveText('URL slug cannot be empty.');
  await form.displayName.fill('x'.repeat(36));
  await page.getByRole('button', { name: 'Post new tag' }).click();
  await expect(form.error('display_name')).toHaveText('Display name up to 35 characters.');
  await expect(form.error('slug_name')).toHaveText('URL slug up to 35 characters.');
  await form.displayName.fill('Oil lamps');
  await expect(form.slug).toHaveValue('oil-lamps');
  await form.slug.fill('oil/lamps');
  await page.getByRole('button', { name: 'Post new tag' }).click();
  await expect(form.error('slug_name')).toHaveText('URL slug contains unallowed character set.');
  await expect(form.error('display_name')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '54-tag-create-errors');
  // the server's answer lands on the slug field
  await form.slug.fill('lanterns');
  await page.getByRole('button', { name: 'Post new tag' }).click();
  await expect(form.error('slug_name')).toHaveText('Tag already exists.');
  await form.slug.fill('oil-lamps');
  await form.description.fill('**Oil** lamps burn paraffin.');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('Oil');
  await page.getByRole('button', { name: 'Post new tag' }).click();
  await expect(page).toHaveURL(/\/tags\/oil-lamps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Oil lamps' })).toBeVisible();
  await expect(page.getByText('No questions are tagged [Oil lamps] yet.')).toBeVisible();
  await shot(page, '52b-tag-page-new');

  // synonyms
  await page.getByRole('link', { name: 'Learn more' }).click();
  await page.getByRole('button', { name: 'Manage synonyms' }).click();
  const add = page.getByLabel('Add a synonym', { exact: true });
  await add.fill('oil lamps');
  await add.press('Enter');
  await expect(page.getByText('A tag cannot be a synonym of itself.')).toBeVisible();
  await add.fill('Paraffin lamps');
  await add.press('Enter');
  await add.fill('kerosene lamps');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Remove synonym kerosene lamps' }).click();
  await expectAccessible(page);
  await shot(page, '55-tag-synonyms-edit');
  await page.getByRole('button', { name: 'Save synonyms' }).click();
  await expect(page.getByText('Synonyms saved.')).toBeVisible();
  const synonyms = page.getByRole('list', { name: 'Synonyms' });
  await expect(synonyms.getByRole('link')).toHaveText(['Paraffin lamps']);
  await expect(page.getByText('The following tags will be remapped to')).toBeVisible();
  await shot(page, '55b-tag-synonyms');
  // the synonym's address shows the main tag, with a note
  await synonyms.getByRole('link', { name: 'Paraffin lamps' }).click();
  await expect(page).toHaveURL(/\/tags\/paraffin-lamps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Oil lamps' })).toBeVisible();
  await expect(page.getByText('“paraffin-lamps” is a synonym of this tag; its questions are listed here.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'This tag has 1 synonym.' })).toBeVisible();

  // a direct edit by staff, slug included
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit tag' })).toBeVisible();
  await expect(form.slug).not.toHaveAttribute('readonly', '');
  await form.slug.fill('oil lamp');
  await form.description.fill('Oil lamps burn **kerosene** or paraffin.');
  await form.summary.fill('fuel names');
  await shot(page, '56-tag-edit');
  await page.getByRole('button', { name: 'Save edits' }).click();
  await expect(page.getByText('Tag saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/tags\/oil-lamp\/info$/);
  await expect(page.locator('.tag-info .post-body strong')).toHaveText('kerosene');
  await expect(page.getByText('Edited', { exact: true })).toBeVisible();
  await page.context().close();
});

test("the ask page's tag picker creates a missing tag in the create-tag dialog, for those who may", async ({ pageAs }) => {
  const page = await pageAs(ADMIN);
  await page.goto(`${server.url}/questions/ask`);
  const tags = page.getByLabel('Tags', { exact: true });
  await tags.pressSequentially('Candle wax');
  await page.getByRole('option', { name: 'Create tag “Candle wax”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new tag' });
  await expect(dialog).toBeVisible();
  const form = new TagFormPage(page, dialog);
  await expect(form.displayName).toHaveValue('Candle wax');
  await expect(form.slug).toHaveValue('candle-wax');
  await form.displayName.fill('');
  await dialog.getByRole('button', { name: 'Post new tag' }).click();
  await expect(dialog.getByText('Display name cannot be empty.')).toBeVisible();
  await form.displayName.fill('Candle wax');
  await form.description.fill('Waxes for candles and lantern candles.');
  await expectAccessible(page);
  await shot(page, '57-create-tag-dialog');
  await dialog.getByRole('button', { name: 'Post new tag' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Chosen tags' }).getByText('Candle wax', { exact: true })).toBeVisible();
  await expect(tags).toBeFocused();
  expect((await api.call('GET', '/api/v1/tag?name=candle-wax')).data.display_name).toBe('Candle wax');
  // Escape closes the dialog without creating anything
  await tags.pressSequentially('beeswax');
  await expect(page.getByRole('option', { name: 'Create tag “beeswax”' })).toBeVisible();
  // the first option takes the name as a new tag without a dialog; the second opens the dialog
  await tags.press('ArrowDown');
  await tags.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Create tag “beeswax”' })).toHaveAttribute('aria-selected', 'true');
  await tags.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await api.call('GET', '/api/v1/tag?name=beeswax')).code).toBe(404);

  // staff delete an unused tag from its info page, and bring it back
  await page.goto(`${server.url}/tags/lanterns/info`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const refuse = page.getByRole('dialog', { name: 'Delete this tag' });
  await expect(refuse.getByText('We do not allow deleting a tag with posts. Please remove this tag from the posts first.')).toBeVisible();
  await refuse.getByRole('button', { name: 'Close' }).last().click();
  await expect(refuse).toBeHidden();
  await page.goto(`${server.url}/tags/candle-wax/info`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this tag' });
  await expect(confirm.getByText('Are you sure you wish to delete?')).toBeVisible();
  await expectAccessible(page);
  await shot(page, '53b-tag-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByText('Tag deleted.')).toBeVisible();
  await expect(new TagsListPage(page).card('Candle wax')).toHaveCount(0);
  await page.goto(`${server.url}/tags/candle-wax/info`);
  await expect(page.getByText('This tag has been deleted.')).toBeVisible();
  await page.getByRole('button', { name: 'Undelete' }).click();
  await expect(page.getByText('Tag restored.')).toBeVisible();
  await expect(page.getByText('This tag has been deleted.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await page.context().close();

  // a member without the privilege gets no "Create tag"
  const grace = await pageAs(GRACE);
  await grace.goto(`${server.url}/questions/ask`);
  await grace.getByLabel('Tags', { exact: true }).pressSequentially('beeswax');
  await expect(grace.getByText('No tag named “beeswax”.')).toBeVisible();
  await expect(grace.getByRole('option', { name: /Create tag/ })).toHaveCount(0);
  await grace.context().close();
});

test('the tag screens fit a phone and read well in the dark scheme', async ({ browser }) => {
  const total = (await api.call('GET', '/api/v1/tags/page?page_size=20')).data.count as number;
  expect(total).toBeGreaterThanOrEqual(3);
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await phone.goto(`${server.url}/tags`);
  await expect(new TagsListPage(phone).cards).toHaveCount(total);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(phone);
  await shot(phone, '58-tags-phone');
  await phone.goto(`${server.url}/tags/lanterns`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Lanterns' })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(phone, '58b-tag-page-phone');
  await phone.context().close();

  const dark = await (await browser.newContext({ colorScheme: 'dark' })).newPage();
  await loginAs(dark, server, GRACE.email, GRACE.pass);
  await dark.goto(`${server.url}/tags/lanterns/info`);
  await expect(dark.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(dark.getByText('Ask about wicks, glass and fuel.')).toBeVisible();
  await expectAccessible(dark);
  await shot(dark, '59-tag-info-dark');
  await dark.goto(`${server.url}/tags`);
  await expect(new TagsListPage(dark).cards).toHaveCount(total);
  await expectAccessible(dark);
  await shot(dark, '59b-tags-dark');
  await dark.context().close();
});
