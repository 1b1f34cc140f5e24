import { expect, test } from '../support/fixtures';
import { INSTALLED, shot, type E2EServer } from '../support/e2e-server';
import { Frame, NotificationList, SearchResults } from './inbox-pages';
import { Api, expectAccessible } from './question-pages';

// The inbox area in a LAN browser against the built server: the app frame (bell, achievements,
// account menu, side navigation, phone layout), notifications, search, timelines and linked questions.
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let admin: Api;
let bob: Api;
let grace: Api;
const GRACE = { email: 'grace@example.com', pass: 'grace-password-1' };
const BOB = { email: 'bob@example.com', pass: 'bob-password-1' };
const Q1 = 'How do I trim a lantern wick?';
const Q1_EDITED = 'How do I trim an oil lantern wick evenly?';
const Q2 = 'Which oil burns cleanest in a lantern?';
const Q3 = 'Why does my lantern glass turn black?';
let q1 = '';
let q3 = '';
let answerId = '';

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  admin = new Api(server);
  admin.token = await admin.tokenOf(INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  // question links are recognised under the site URL: point it at this server
  expect(
    (
      await admin.call('PUT', '/admin/api/siteinfo/general', {
        name: 'Team Lantern',
        site_url: server.url,
        contact_email: 'team@example.com',
        short_description: '',
        description: 'Questions about lanterns.',
      })
    ).code,
  ).toBe(200);
  expect(
    (await admin.call('POST', '/admin/api/users', { users: `grace, ${GRACE.email}, ${GRACE.pass}\nbob, ${BOB.email}, ${BOB.pass}` })).code,
  ).toBe(200);
  const custom = [
    ['rank.question.vote_up', 1],
    ['rank.answer.vote_up', 1],
    ['rank.comment.vote_up', 1],
  ].map(([key, value]) => ({ key, value }));
  expect((await admin.call('PUT', '/admin/api/setting/privileges', { level: 99, custom_privileges: custom })).code).toBe(200);
  expect(
    (
      await admin.call('POST', '/api/v1/tag', {
        slug_name: 'lanterns',
        display_name: 'lanterns',
        original_text: 'Oil, gas and electric lanterns.',
      })
    ).code,
  ).toBe(200);
  grace = new Api(server, await admin.tokenOf(GRACE.email, GRACE.pass));
  bob = new Api(server, await admin.tokenOf(BOB.email, BOB.pass));
  q1 = await grace.ask({
    title: Q1,
    content: 'The flame smokes and the wick burns unevenly. What is the best way to trim it?',
    tags: ['lanterns'],
  });
  await admin.ask({ title: Q2, content: 'Paraffin or kerosene? I want a clean flame and little smell.', tags: ['lanterns'] });
  q3 = await bob.ask({
    title: Q3,
    content: `Soot covers the glass after an hour. Maybe the wick, see ${server.url}/questions/${q1}`,
    tags: ['lanterns'],
  });
});

test('an answer by another user shows in the bell within seconds, is read from the list, and the count drops', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const frame = new Frame(page);
  await page.goto(`${server.url}/`);
  await expect(page.getByTestId('current-user')).toHaveText('grace');
  await expect(frame.bell).toHaveAccessibleName('Notifications');
  await expect(frame.inboxCount).toHaveCount(0);
  const answered = await bob.call('POST', '/api/v1/answer', {
    question_id: q1,
    content: 'Cut the wick straight across with sharp scissors, then round the corners a little.',
  });
  expect(answered.code).toBe(200);
  answerId = String(answered.data.info?.id ?? answered.data.id);
  // the poll (every 3 s) brings it in
  await expect(frame.inboxCount).toHaveText('1', { timeout: 8_000 });
  await expect(frame.bell).toHaveAccessibleName('Notifications, 1 unread');
  await expectAccessible(page);
  await shot(page, '80-header-bell');

  await frame.bell.click();
  await expect(page).toHaveURL(`${server.url}/users/notifications/inbox`);
  await expect(page).toHaveTitle('Notifications - Team Lantern');
  const inbox = new NotificationList(page);
  const item = inbox.item(Q1);
  await expect(item).toContainText(`bob answered question ${Q1}`);
  await expect(item.getByText('Unread', { exact: true })).toBeVisible();
  // opening the list clears the count in the header
  await expect(frame.inboxCount).toHaveCount(0);
  await expect(frame.bell).toHaveAccessibleName('Notifications');
  await expectAccessible(page);
  await shot(page, '81-notifications-inbox');

  // opening the notification goes to the answer and marks it read
  const read = page.waitForResponse((r) => r.url().endsWith('/notification/read/state') && r.request().method() === 'PUT');
  await item.getByRole('link', { name: Q1 }).click();
  expect((await read).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/questions/${q1}/${answerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: Q1 })).toBeVisible();
  await page.goBack();
  await expect(inbox.item(Q1)).toBeVisible();
  await expect(inbox.unread()).toHaveCount(0);
  await page.context().close();
});

test('mark all as read, the inbox kinds and the achievements', async ({ pageAs }) => {
  expect((await bob.call('POST', '/api/v1/comment', { object_id: q1, original_text: 'Does the wick type matter here?' })).code).toBe(200);
  expect((await bob.call('POST', '/api/v1/vote/up', { object_id: q1, is_cancel: false })).code).toBe(200);
  const page = await pageAs(GRACE);
  const frame = new Frame(page);
  await page.goto(`${server.url}/`);
  await expect(frame.inboxCount).toHaveText('2', { timeout: 8_000 });
  await expect(frame.achievementCount).toBeVisible();
  await frame.bell.click();
  const inbox = new NotificationList(page);
  await expect(inbox.items).toHaveCount(3);
  await expect(inbox.unread()).toHaveCount(2);
  await expect(inbox.item('commented question')).toBeVisible();
  // the kinds: votes only
  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Votes' }).click();
  await expect(page).toHaveURL(`${server.url}/users/notifications/inbox/votes`);
  await expect(inbox.items).toHaveCount(1);
  await expect(inbox.items.first()).toContainText(`bob upvoted question ${Q1}`);
  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'All' }).click();
  await expect(inbox.items).toHaveCount(3);
  const all = page.waitForResponse((r) => r.url().endsWith('/notification/read/state/all'));
  await inbox.markAll.click();
  expect((await all).status()).toBe(200);
  await expect(inbox.unread()).toHaveCount(0);
  await expect(inbox.markAll).toBeDisabled();
  await page.reload();
  await expect(inbox.items).toHaveCount(3);
  await expect(inbox.unread()).toHaveCount(0);

  // achievements: the reputation the up-vote brought
  await page.getByRole('navigation', { name: 'Notification types' }).getByRole('link', { name: 'Achievements' }).click();
  await expect(page).toHaveURL(`${server.url}/users/notifications/achievement`);
  await expect(page).toHaveTitle('Achievements - Team Lantern');
  await expect(inbox.item(Q1)).toContainText(/\+\d+/);
  await expect(frame.achievementCount).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '82-notifications-achievements');
  await page.context().close();
});

test('who may open the notification pages, and an unknown type', async ({ pageAs }) => {
  const anon = await pageAs();
  await anon.goto(`${server.url}/users/notifications/inbox`);
  await expect(anon).toHaveURL(`${server.url}/users/login`);
  await expect(anon.getByRole('search')).toHaveCount(0);
  await anon.context().close();
  const page = await pageAs(GRACE);
  await page.goto(`${server.url}/users/notifications/messages`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await page.goto(`${server.url}/users/notifications/achievement/votes`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await page.context().close();
});

test('search with each operator kind, from the header box', async ({ pageAs }) => {
  const page = await pageAs();
  const frame = new Frame(page);
  const results = new SearchResults(page);
  await page.goto(`${server.url}/`);
  await frame.searchFor('wick');
  await expect(page).toHaveURL(`${server.url}/search?q=wick`);
  await expect(frame.search).toHaveValue('wick');
  await expect(page.getByText('Results for “wick”')).toBeVisible();
  await expect.poll(() => results.entries()).toEqual([`Answer: ${Q1}`, `Question: ${Q1}`, `Question: ${Q3}`]);
  await expect(page.getByText('3 results')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Search tips' })).toContainText('user:username');
  await expectAccessible(page);
  await shot(page, '83-search-results');
  // another order
  await page.getByRole('navigation', { name: 'Sort results' }).getByRole('link', { name: 'Newest' }).click();
  await expect(page).toHaveURL(`${server.url}/search?q=wick&order=newest`);
  await expect(results.items).toHaveCount(3);

  await frame.searchFor('[lanterns]');
  await expect(page.getByRole('link', { name: 'Questions tagged [lanterns]' })).toHaveAttribute('href', '/tags/lanterns');
  await expect.poll(() => results.entries()).toEqual([`Answer: ${Q1}`, `Question: ${Q1}`, `Question: ${Q2}`, `Question: ${Q3}`]);
  await expectAccessible(page);
  await shot(page, '84-search-tag');

  await frame.searchFor('user:bob');
  await expect.poll(() => results.entries()).toEqual([`Answer: ${Q1}`, `Question: ${Q3}`]);
  await frame.searchFor('score:1');
  await expect.poll(() => results.entries()).toEqual([`Question: ${Q1}`]);
  await frame.searchFor('answers:0');
  await expect.poll(() => results.entries()).toEqual([`Question: ${Q2}`, `Question: ${Q3}`]);
  await frame.searchFor('is:question wick');
  await expect.poll(() => results.entries()).toEqual([`Question: ${Q1}`, `Question: ${Q3}`]);
  await frame.searchFor('is:answer wick');
  await expect.poll(() => results.entries()).toEqual([`Answer: ${Q1}`]);
  await frame.searchFor('"clean flame"');
  await expect.poll(() => results.entries()).toEqual([`Question: ${Q2}`]);
  await frame.searchFor('nothing-like-this-anywhere');
  await expect(page.getByText("We couldn't find anything. Try different or less specific keywords.")).toBeVisible();
  // a search engine's cached address goes to the page it cached
  await page.goto(`${server.url}/search?q=${encodeURIComponent(`cache:abc:${server.url}/questions/${q1}`)}`);
  await expect(page).toHaveURL(`${server.url}/questions/${q1}`);
  await page.context().close();
});

test('the timeline of an edited question shows the edit and its changes', async ({ pageAs }) => {
  expect(
    (
      await grace.call('PUT', '/api/v1/question', {
        id: q1,
        title: Q1_EDITED,
        content: 'The flame smokes and the wick burns unevenly. What is the best way to trim it?',
        tags: [{ slug_name: 'lanterns' }],
        edit_summary: 'Clarified the title',
      })
    ).code,
  ).toBe(200);
  // login required
  const anon = await pageAs();
  await anon.goto(`${server.url}/posts/${q1}/timeline`);
  await expect(anon).toHaveURL(`${server.url}/users/login`);
  await anon.context().close();

  const page = await pageAs(GRACE);
  await page.goto(`${server.url}/posts/${q1}/timeline`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Timeline for ${Q1_EDITED}`);
  await expect(heading.getByRole('link')).toHaveAttribute('href', `/questions/${q1}`);
  const edited = page.getByTestId('timeline-event').filter({ hasText: 'Clarified the title' });
  await expect(edited).toContainText('edited');
  await expect(edited).toContainText('grace');
  await expect(page.getByTestId('timeline-event').filter({ hasText: 'asked' })).toHaveCount(1);
  await expect(page.getByLabel('Show votes')).toHaveCount(0);
  await edited.getByRole('button', { name: 'Show changes' }).click();
  const changes = page.getByRole('group', { name: 'Changes of this revision' });
  await expect(changes.locator('del')).toHaveText(['a', 'wick?']);
  await expect(changes.locator('ins')).toHaveText(['an oil', 'wick evenly?']);
  await expect(changes).toContainText('wick evenly?');
  await expectAccessible(page);
  await shot(page, '85-timeline-question');
  // the tag's timeline
  const tag = await grace.call('GET', '/api/v1/tag?name=lanterns');
  await page.goto(`${server.url}/tags/${tag.data.tag_id}/timeline`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Timeline for tag lanterns');
  await expect(page.getByTestId('timeline-event').filter({ hasText: 'created' })).toHaveCount(1);
  // an unknown object
  await page.goto(`${server.url}/posts/10010000000099999/timeline`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await page.context().close();

  // staff may show the votes
  const staff = await pageAs({ email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD });
  await staff.goto(`${server.url}/posts/${q1}/${answerId}/timeline`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Timeline for answer to ${Q1_EDITED} by bob`);
  await staff.goto(`${server.url}/posts/${q1}/timeline`);
  await expect(staff.getByTestId('timeline-event').filter({ hasText: 'upvote' })).toHaveCount(0);
  await staff.getByText('Show votes').click();
  await expect(staff.getByTestId('timeline-event').filter({ hasText: 'upvote' })).toHaveCount(1);
  await staff.context().close();
});

test('linked questions list the questions that link to one, with a way back', async ({ pageAs }) => {
  const page = await pageAs();
  await page.goto(`${server.url}/questions/linked/${q1}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Linked questions' })).toBeVisible();
  await expect(page.getByRole('link', { name: Q1_EDITED })).toHaveAttribute('href', `/questions/${q1}`);
  await expect(page.getByRole('heading', { level: 2, name: Q3 })).toBeVisible();
  await expect(page.getByText('1 question', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '86-linked-questions');
  await page.getByRole('navigation', { name: 'Sort linked questions' }).getByRole('link', { name: 'Active' }).click();
  await expect(page).toHaveURL(`${server.url}/questions/linked/${q1}?order=active`);
  await page.getByRole('link', { name: 'Back to the question' }).click();
  await expect(page).toHaveURL(`${server.url}/questions/${q1}`);
  // nothing links to the linking question
  await page.goto(`${server.url}/questions/linked/${q3}`);
  await expect(page.getByText('No question links to this one yet.')).toBeVisible();
  await page.goto(`${server.url}/questions/linked/10010000000099999`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await page.context().close();
});

test('the account menu by role: members get profile and settings, admins also review and admin', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const frame = new Frame(page);
  await page.goto(`${server.url}/tags`);
  await expect(frame.sideNav.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
  await frame.accountButton('grace').click();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/users/grace');
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveCount(0);
  await page.context().close();

  const staff = await pageAs({ email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD });
  const adminFrame = new Frame(staff);
  await staff.goto(`${server.url}/`);
  await expect(adminFrame.sideNav.getByRole('link', { name: /Review/ })).toHaveAttribute('href', '/review');
  await adminFrame.accountButton('admin').click();
  await expect(staff.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Admin' })).toHaveAttribute(
    'href',
    '/admin',
  );
  await expectAccessible(staff);
  await shot(staff, '87-admin-account-menu');
  await staff.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Admin' }).click();
  await expect(staff).toHaveURL(`${server.url}/admin`);
  await staff.context().close();
});

test('at phone width the side navigation collapses behind the menu button', async ({ pageAs }) => {
  const page = await pageAs(GRACE, { width: 390, height: 844 });
  const frame = new Frame(page);
  await page.goto(`${server.url}/`);
  await expect(frame.menuButton).toBeVisible();
  await expect(frame.sideNav).toBeHidden();
  await expect(frame.search).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();
  // the header fits the screen
  expect(await page.locator('header.topbar').evaluate((e) => e.scrollWidth)).toBeLessThanOrEqual(390);
  await frame.menuButton.click();
  await expect(frame.menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(frame.sideNav).toBeVisible();
  await expect(frame.sideNav.getByRole('link')).toHaveText(['Questions', 'Tags', 'Users', 'Badges']);
  await expectAccessible(page);
  await shot(page, '88-phone-menu-open');
  await frame.sideNav.getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(`${server.url}/tags`);
  await expect(frame.sideNav).toBeHidden();
  // the account menu holds log out on phones
  await frame.accountButton('grace').click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`${server.url}/users/notifications/inbox`);
  await expect(new NotificationList(page).items.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, '89-phone-notifications');
  await page.context().close();
});
