import { expect, test } from '../support/fixtures';
import { INSTALLED, shot, type E2EServer } from '../support/e2e-server';
import { addMembers, ProfilePage, waitForBadge, type Member } from './people-pages';
import { Api, expectAccessible } from './question-pages';

// The people screens in a LAN browser against the built server: the users page, profiles and their
// tabs (with the owner-only ones), suspended users, the badge list and a badge's awards. Badges are
// earned through the API flows that award them (profile bio, first upvote, accepting an answer).
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let admin: Api;
let m: Record<string, Member>;
const NOT_FOUND = "Unfortunately, this page doesn't exist.";
const Q1 = 'How do I trim a lantern wick evenly?';
const Q2 = 'Which glass chimney fits a hurricane lantern?';
const ADMIN_Q = 'What oil burns cleanest in a lantern?';
let q1 = '';
let adminQ = '';
let answerId = '';

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  admin = new Api(server);
  admin.token = await admin.tokenOf(INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  expect(
    (
      await admin.call('PUT', '/admin/api/siteinfo/general', {
        name: 'Team Lantern',
        site_url: server.url,
        contact_email: 'team@example.com',
        short_description: '',
        description: '',
      })
    ).code,
  ).toBe(200);
  // the set-up posts many comments quickly: no captcha for it (the captcha is not what these screens are about)
  expect((await admin.call('PUT', '/admin/api/plugin/status', { plugin_slug_name: 'lantern_captcha', enabled: false })).code).toBe(200);
  const custom = [
    ['rank.question.vote_up', 1],
    ['rank.answer.vote_up', 1],
    ['rank.comment.vote_up', 1],
  ].map(([key, value]) => ({ key, value }));
  expect((await admin.call('PUT', '/admin/api/setting/privileges', { level: 99, custom_privileges: custom })).code).toBe(200);
  m = await addMembers(admin, server, [
    { name: 'grace', email: 'grace@example.com', pass: 'grace-password-1' },
    { name: 'bob', email: 'bob@example.com', pass: 'bob-password-1' },
    { name: 'carol', email: 'carol@example.com', pass: 'carol-password-1' },
    { name: 'mia', email: 'mia@example.com', pass: 'mia-password-1' },
  ]);
  const { grace, bob, carol, mia } = m;
  expect(
    (
      await admin.call('POST', '/api/v1/tag', {
        slug_name: 'lanterns',
        display_name: 'lanterns',
        original_text: 'Oil, gas and electric lanterns.',
      })
    ).code,
  ).toBe(200);
  const tags = [{ slug_name: 'lanterns' }];
  adminQ = (await admin.call('POST', '/api/v1/question', { title: ADMIN_Q, content: 'Paraffin, kerosene or something else?', tags })).data
    .id;
  q1 = (await grace.api.call('POST', '/api/v1/question', { title: Q1, content: 'Mine burns with a **tall** flame on one side.', tags }))
    .data.id;
  expect((await grace.api.call('POST', '/api/v1/question', { title: Q2, content: 'The old one cracked last winter.', tags })).code).toBe(
    200,
  );
  answerId = (
    await bob.api.call('POST', '/api/v1/answer', { question_id: q1, content: 'Cut it straight across, then round the corners a little.' })
  ).data.info.id;
  // grace accepts bob's answer (Scholar for grace, Solved for bob); bob and grace vote (First Upvote)
  const acc = await grace.api.call('POST', '/api/v1/answer/acceptance', { question_id: q1, answer_id: answerId });
  expect(acc.code, JSON.stringify(acc)).toBe(200);
  expect((await bob.api.call('POST', '/api/v1/vote/up', { object_id: q1 })).code).toBe(200);
  expect((await grace.api.call('POST', '/api/v1/vote/up', { object_id: adminQ })).code).toBe(200);
  // grace fills in her profile (Autobiographer) and bookmarks the admin's question
  expect(
    (
      await grace.api.call('PUT', '/api/v1/user/info', {
        display_name: 'Grace Hopper',
        bio: 'I **love** lanterns and wicks.',
        location: 'Lisbon',
        website: 'https://grace.example.com',
      })
    ).code,
  ).toBe(200);
  expect((await grace.api.call('POST', '/api/v1/collection/switch', { object_id: adminQ, group_id: '0', bookmark: true })).code).toBe(200);
  // bob comments 31 times: two pages of his comments tab
  for (let i = 1; i <= 31; i++) {
    const r = await bob.api.call('POST', '/api/v1/comment', {
      object_id: q1,
      original_text: `Comment number ${i} about the wick.`,
      mention_username_list: [],
    });
    expect(r.code, JSON.stringify(r)).toBe(200);
  }
  // mia moderates; carol is suspended
  expect((await admin.call('PUT', '/admin/api/user/role', { user_id: mia.id, role_id: 3 })).code).toBe(200);
  expect(
    (await admin.call('PUT', '/admin/api/user/status', { user_id: carol.id, status: 'suspended', suspend_duration: 'forever' })).code,
  ).toBe(200);
  await waitForBadge(admin, 'grace', 'Autobiographer');
  await waitForBadge(admin, 'grace', 'Scholar');
  await waitForBadge(admin, 'grace', 'First Upvote');
  await waitForBadge(admin, 'bob', 'Solved');
});

test("the users page lists this week's top users and the staff, each linking to a profile", async ({ page }) => {
  await page.goto(`${server.url}/users`);
  await expect(page).toHaveTitle('Users - Team Lantern');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const rep = page.getByRole('region', { name: 'Users with the highest reputation scores this week' });
  const votes = page.getByRole('region', { name: 'Users who voted the most this week' });
  const staff = page.getByRole('region', { name: 'Our community staff' });
  await expect(rep.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(rep.getByRole('link', { name: 'bob' })).toBeVisible();
  await expect(votes.getByRole('listitem').filter({ hasText: 'Grace Hopper' })).toContainText('2 votes');
  await expect(votes.getByRole('link', { name: 'bob' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'admin' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'mia' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Grace Hopper' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '60-users');
  await rep.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page).toHaveURL(`${server.url}/users/grace`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
});

test("a visitor sees a profile's header, overview and public tabs; private tabs, unknown users and tabs are the 404 page", async ({
  page,
}) => {
  const profile = new ProfilePage(page, server.url);
  await profile.open('grace');
  await expect(page).toHaveTitle('Grace Hopper (grace) - Team Lantern');
  await expect(profile.heading).toHaveText('Grace Hopper');
  await expect(page.getByText('@grace', { exact: true })).toBeVisible();
  await expect(page.locator('.profile-bio strong')).toHaveText('love');
  await expect(page.getByText('Lisbon')).toBeVisible();
  await expect(page.getByRole('link', { name: 'grace.example.com' })).toHaveAttribute('href', 'https://grace.example.com');
  await expect(page.getByText('Member since')).toBeVisible();
  await expect(page.getByRole('link', { name: /Badges earned/ })).toContainText('3 bronze badges');
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await expect(profile.tabs.getByRole('link')).toHaveText(['Overview', 'Answers', 'Questions', 'Comments', 'Reputation', 'Badges']);
  await expect(profile.tab('Overview')).toHaveAttribute('aria-current', 'page');
  const topQuestions = page.getByRole('region', { name: 'Top questions' });
  await expect(topQuestions.getByRole('link', { name: Q1 })).toBeVisible();
  await expect(topQuestions.getByRole('listitem').filter({ hasText: Q1 })).toContainText('1 answer');
  await expect(page.getByRole('region', { name: 'Top answers' })).toContainText('No answers yet.');
  const recent = page.getByRole('region', { name: 'Recent badges' });
  await expect(recent.getByRole('link', { name: /Autobiographer/ })).toBeVisible();
  await expect(recent.getByRole('link', { name: /Scholar/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '61-profile-overview');

  for (const path of ['/users/grace/votes', '/users/grace/bookmarks', '/users/nobody-by-this-name', '/users/grace/nonsense']) {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to homepage' })).toBeVisible();
  }
});

test('the answers, questions, comments and reputation tabs page and sort their lists', async ({ page }) => {
  const profile = new ProfilePage(page, server.url);
  await profile.open('bob');
  await profile.tab('Answers').click();
  await expect(page).toHaveURL(`${server.url}/users/bob/answers`);
  await expect(page).toHaveTitle('Answers - bob (bob) - Team Lantern');
  await expect(page.getByRole('heading', { name: '1 answer' })).toBeVisible();
  const row = profile.list().getByRole('listitem').filter({ hasText: Q1 });
  await expect(row).toContainText('Accepted');
  await expect(row.getByRole('link', { name: 'lanterns' })).toBeVisible();
  await row.getByRole('link', { name: Q1 }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${q1}/.*${answerId}|/questions/${q1}/${answerId}`));
  await profile.open('bob', 'questions');
  await expect(page.getByText('No questions found.')).toBeVisible();

  await profile.open('grace', 'questions');
  await expect(page.getByRole('heading', { name: '2 questions' })).toBeVisible();
  await expect(profile.list().getByRole('heading')).toHaveText([Q2, Q1]);
  await page.getByRole('navigation', { name: 'Sort' }).getByRole('link', { name: 'Score' }).click();
  await expect(page).toHaveURL(`${server.url}/users/grace/questions?order=score`);
  await expect(profile.list().getByRole('heading')).toHaveText([Q1, Q2]);

  await profile.open('bob', 'comments');
  await expect(page.getByRole('heading', { name: '31 comments' })).toBeVisible();
  await expect(profile.list().getByRole('listitem')).toHaveCount(30);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`${server.url}/users/bob/comments?page=2`);
  await expect(profile.list().getByRole('listitem')).toHaveCount(1);
  await expect(profile.list()).toContainText('Comment number 1 about the wick.');
  await expectAccessible(page);
  await shot(page, '62-profile-comments-page-2');

  await profile.open('grace', 'reputation');
  await expect(page.getByRole('heading', { name: /reputation change/ })).toBeVisible();
  const upvoted = profile.list().getByRole('listitem').filter({ hasText: 'upvoted' });
  await expect(upvoted.first()).toContainText('+');
  await expect(upvoted.first().getByRole('link', { name: Q1 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '63-profile-reputation');

  await profile.open('grace', 'badges');
  await expect(page.getByRole('heading', { name: '3 badges' })).toBeVisible();
  await page.getByRole('link', { name: /Scholar/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scholar' })).toBeVisible();
});

test('the owner sees the edit link and the private bookmarks and votes tabs; others (staff too) do not', async ({ pageAs }) => {
  const page = await pageAs(m.grace);
  const profile = new ProfilePage(page, server.url);
  await profile.open('grace');
  await expect(profile.tabs.getByRole('link')).toHaveText([
    'Overview',
    'Answers',
    'Questions',
    'Bookmarks',
    'Comments',
    'Reputation',
    'Votes',
    'Badges',
  ]);
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/users/settings/profile');
  await profile.tab('Bookmarks').click();
  await expect(page).toHaveURL(`${server.url}/users/grace/bookmarks`);
  await expect(page.getByRole('heading', { name: '1 bookmark' })).toBeVisible();
  await expect(profile.list().getByRole('link', { name: ADMIN_Q })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '64-profile-own-bookmarks');
  await profile.tab('Votes').click();
  await expect(page.getByRole('heading', { name: '1 vote' })).toBeVisible();
  const vote = profile.list().getByRole('listitem');
  await expect(vote).toContainText('upvote');
  await expect(vote.getByRole('link', { name: ADMIN_Q })).toBeVisible();
  await expectAccessible(page);
  // someone else's profile: no private tabs, no edit link, and their private addresses are the 404 page
  await profile.open('bob');
  await expect(profile.tabs.getByRole('link', { name: 'Votes' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await profile.open('bob', 'bookmarks');
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await page.context().close();

  for (const who of [m.mia]) {
    const staffPage = await pageAs(who);
    const p = new ProfilePage(staffPage, server.url);
    await p.open('grace');
    await expect(p.heading).toHaveText('Grace Hopper');
    await expect(p.tabs.getByRole('link', { name: 'Bookmarks' })).toHaveCount(0);
    await p.open('grace', 'votes');
    await expect(staffPage.getByText(NOT_FOUND)).toBeVisible();
    await staffPage.context().close();
  }
  // a bookmark-less owner sees the empty state
  const bobPage = await pageAs(m.bob);
  await new ProfilePage(bobPage, server.url).open('bob', 'bookmarks');
  await expect(bobPage.getByText('No bookmarks yet. Bookmark a question to find it here again.')).toBeVisible();
  await bobPage.context().close();
});

test("a suspended user's profile says so", async ({ page }) => {
  const profile = new ProfilePage(page, server.url);
  await profile.open('carol');
  await expect(profile.heading).toHaveText('carol');
  await expect(page.getByRole('note')).toContainText("This user was suspended. This user doesn't meet a community guideline.");
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top questions' })).toContainText('No questions yet.');
  await expect(page.getByRole('region', { name: 'Recent badges' })).toContainText('No badges yet.');
  await expectAccessible(page);
  await shot(page, '65-profile-suspended');
});

test('the badges page groups the badges with level, description and award count, and marks the ones the viewer earned', async ({
  page,
  pageAs,
}) => {
  await page.goto(`${server.url}/badges`);
  await expect(page).toHaveTitle('Badges - Team Lantern');
  const start = page.getByRole('region', { name: 'Getting Started' });
  await expect(page.getByRole('region', { name: 'Community' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Posting' })).toBeVisible();
  const auto = start.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Autobiographer' }) });
  await expect(auto).toContainText('Bronze');
  await expect(auto).toContainText('Filled out profile information.');
  await expect(auto).toContainText('Awarded 1 time');
  await expect(auto).not.toContainText('Earned');
  await expect(page.getByRole('region', { name: 'Posting' }).getByRole('listitem').filter({ hasText: 'Great Answer' })).toContainText(
    'Gold',
  );
  await expectAccessible(page);

  const gracePage = await pageAs(m.grace);
  await gracePage.goto(`${server.url}/badges`);
  const mine = gracePage
    .getByRole('region', { name: 'Getting Started' })
    .getByRole('listitem')
    .filter({ has: gracePage.getByRole('link', { name: 'Autobiographer' }) });
  await expect(mine).toContainText('Earned');
  await expect(mine).toContainText('You earned this 1 time');
  await expect(gracePage.getByRole('listitem').filter({ has: gracePage.getByRole('link', { name: 'First Flag' }) })).not.toContainText(
    'Earned',
  );
  await expectAccessible(gracePage);
  await shot(gracePage, '66-badges');
  await gracePage.context().close();
});

test('a badge page lists who earned it and for what; an unknown badge is the 404 page', async ({ page }) => {
  await page.goto(`${server.url}/badges`);
  await page.getByRole('link', { name: 'Solved' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solved' })).toBeVisible();
  await expect(page).toHaveTitle('Solved - Badge - Team Lantern');
  await expect(page.getByText('Have an answer be accepted.')).toBeVisible();
  await expect(page.getByText('Awarded 1 time · Can be earned once')).toBeVisible();
  const awards = page.getByRole('list', { name: 'Awarded to' });
  const award = awards.getByRole('listitem');
  await expect(award).toHaveCount(1);
  await expect(award.getByRole('link', { name: 'bob' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '67-badge-awards');
  await award.getByRole('link', { name: 'answer' }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${q1}/`));
  await expect(page.getByRole('heading', { level: 1, name: Q1 })).toBeVisible();

  await page.goto(`${server.url}/badges`);
  await page.getByRole('link', { name: 'First Flag' }).click();
  await expect(page.getByText('Nobody has earned this badge yet.')).toBeVisible();
  await page.goto(`${server.url}/badges/not-a-badge`);
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
});

test('the profile and the badges fit a phone in the dark scheme', async ({ pageAs }) => {
  const page = await pageAs(undefined, { width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const profile = new ProfilePage(page, server.url);
  await profile.open('grace');
  await expect(profile.heading).toHaveText('Grace Hopper');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shot(page, '68-profile-phone-dark');
  await page.goto(`${server.url}/badges`);
  await expect(page.getByRole('heading', { level: 1, name: 'Badges' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shot(page, '69-badges-phone-dark');
  await page.context().close();
});
