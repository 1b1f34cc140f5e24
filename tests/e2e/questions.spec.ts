import { expect, test } from '../support/fixtures';
import { INSTALLED, loginAs, shot, submitWithCaptcha, type E2EServer } from '../support/e2e-server';
import { Api, expectAccessible, png, QuestionFormPage, QuestionPage } from './question-pages';

// The question screens in a LAN browser against the built server: list, ask (with an uploaded
// image), detail with answers, comments, votes and acceptance, and the edit pages.
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let api: Api;
const GRACE = { email: 'grace@example.com', pass: 'grace-password-1' };
const BOB = { email: 'bob@example.com', pass: 'bob-password-1' };
const TITLE = 'How do I light an oil lantern safely?';
let questionPath = '';

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  api = new Api(server);
  api.token = await api.tokenOf(INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  // uploads are linked under the site URL: point it at this server
  expect(
    (
      await api.call('PUT', '/admin/api/siteinfo/general', {
        name: 'Team Lantern',
        site_url: server.url,
        contact_email: 'team@example.com',
        short_description: '',
        description: 'Questions about lanterns.',
      })
    ).code,
  ).toBe(200);
  expect(
    (await api.call('POST', '/admin/api/users', { users: `grace, ${GRACE.email}, ${GRACE.pass}\nbob, ${BOB.email}, ${BOB.pass}` })).code,
  ).toBe(200);
  // new members may vote and suggest edits; edits of others' posts wait for review
  const custom = [
    ['rank.question.vote_up', 1],
    ['rank.answer.vote_up', 1],
    ['rank.question.edit', 1],
    ['rank.answer.edit', 1],
    ['rank.question.edit_without_review', 1000],
    ['rank.answer.edit_without_review', 1000],
    ['rank.tag.add', 750],
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
  await api.ask({
    title: 'How do I refill an oil lantern?',
    content: 'The **tank** is nearly empty. Which oil do I use?',
    tags: ['lanterns'],
  });
});

test('the ask page checks title, body and tags before sending, and shows the server field errors', async ({ page }) => {
  const ask = new QuestionFormPage(page);
  await loginAs(page, server, GRACE.email, GRACE.pass);
  await page.goto(`${server.url}/questions/ask`);
  await expect(page.getByRole('heading', { name: 'Ask a question' })).toBeVisible();
  await expect(page).toHaveTitle('Ask a question - Team Lantern');
  await page.getByRole('button', { name: 'Post your question' }).click();
  await expect(page.getByText('Title cannot be empty.')).toBeVisible();
  await expect(page.getByText('Body cannot be empty.')).toBeVisible();
  await expect(page.getByText('Add at least one tag.')).toBeVisible();
  await expect(ask.title).toBeFocused();
  await ask.title.fill('x'.repeat(151));
  await page.getByRole('button', { name: 'Post your question' }).click();
  await expect(page.getByText('Title up to 150 characters.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, '30-ask-errors');
  // a body that renders to nothing passes here but not on the server: its message lands on the body
  await ask.title.fill('A question whose body is only a comment');
  await ask.body.fill('<!-- nothing to see -->');
  // the tag picker works from the keyboard: arrows and Enter choose, Backspace takes the last tag back
  await ask.tags.pressSequentially('lant');
  await expect(page.getByRole('option', { name: 'lanterns', exact: true })).toBeVisible();
  await ask.tags.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'lanterns', exact: true })).toHaveAttribute('aria-selected', 'true');
  await ask.tags.press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen tags' }).getByText('lanterns', { exact: true })).toBeVisible();
  await expect(ask.tags).toHaveValue('');
  await ask.tags.press('Backspace');
  await expect(page.getByRole('list', { name: 'Chosen tags' })).toHaveCount(0);
  await ask.pickTag('lant', 'lanterns');
  const sent = page.waitForResponse((r) => r.url().endsWith('/answer/api/v1/question') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Post your question' }).click();
  expect((await sent).status()).toBe(400);
  await expect(page.locator('#content_error')).toHaveText('Content cannot be empty.');
  await expect(ask.body).toHaveAttribute('aria-invalid', 'true');
});

test('grace asks a question with a tag and an image uploaded through the file input', async ({ page }) => {
  const ask = new QuestionFormPage(page);
  await loginAs(page, server, GRACE.email, GRACE.pass);
  await page.goto(`${server.url}/questions/ask`);
  await ask.title.fill(TITLE);
  // similar questions show up while typing
  await expect(page.getByRole('heading', { name: 'Similar questions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'How do I refill an oil lantern?' })).toBeVisible();
  await ask.body.fill('My **oil lantern** smokes when I light it.\n\nThis is the wick:\n');
  await ask.body.press('End');
  await ask.uploadImage('wick.png', png(24, 16, [230, 120, 20]));
  await expect(ask.body).toHaveValue(new RegExp(`!\\[\\]\\(${server.url.replace(/[.:/]/g, '\\$&')}/uploads/post/[0-9a-f]+\\.png\\)$`));
  await expect(ask.preview.locator('strong')).toHaveText('oil lantern');
  await expect.poll(() => ask.previewImageWidth()).toBe(24);
  await ask.pickTag('lant', 'lanterns');
  await expectAccessible(page);
  await shot(page, '31-ask-filled');
  await submitWithCaptcha(page, server, () => page.getByRole('button', { name: 'Post your question' }).click());
  await expect(page).toHaveURL(/\/questions\/\d+$/);
  questionPath = new URL(page.url()).pathname;
  const q = new QuestionPage(page);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page).toHaveTitle(`${TITLE} - Team Lantern`);
  await expect(q.question.locator('.post-body strong')).toHaveText('oil lantern');
  await expect.poll(() => q.bodyImageWidth()).toBe(24);
  await expect(q.question.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'lanterns' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '0 Answers' })).toBeVisible();
  await expect(page.getByText('Viewed 1 time')).toBeVisible();
  await shot(page, '32-question-new');
});

test('the list shows the question with counts, tags and author; tag filter, orders and paging', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Team Lantern' })).toBeVisible();
  const item = page.locator('.q-item').filter({ hasText: TITLE });
  await expect(item.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(item.getByText('0 votes')).toBeVisible();
  await expect(item.getByText('0 answers')).toBeVisible();
  // views are written every 2 s and list pages reused up to 2 s: the view shows within seconds
  await expect(async () => {
    await page.reload();
    await expect(item.getByText('1 view', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(item.getByRole('link', { name: 'grace' })).toBeVisible();
  await expect(item.getByText('My oil lantern smokes when I light it.')).toBeVisible();
  await expect(page.getByText('2 questions')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hot questions' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '33-list-home');
  await item.getByRole('link', { name: 'lanterns' }).click();
  await expect(page).toHaveURL(/\/questions\?tag=lanterns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Questions tagged [lanterns]' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Sort questions' }).getByRole('link', { name: 'Unanswered' }).click();
  await expect(page).toHaveURL(/tag=lanterns&order=unanswered$/);
  await expect(page.getByRole('link', { name: 'Unanswered' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.q-item')).toHaveCount(2);
  await page.goto(`${server.url}/questions?tag=no-such-tag`);
  await expect(page.getByText('No questions are tagged [no-such-tag] yet.')).toBeVisible();
  // paging: 21 more questions give a second page on /questions
  for (let i = 1; i <= 21; i++) {
    await api.ask({ title: `Filler question number ${i}`, content: `Filler body ${i}.`, tags: ['filler'] });
  }
  await page.goto(`${server.url}/questions`);
  await expect(page.locator('.q-item')).toHaveCount(20);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/questions\?page=2$/);
  await expect(page.locator('.q-item')).toHaveCount(3);
  await expect(page.getByText('How do I refill an oil lantern?')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByText('2', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
  await shot(page, '34-list-page-2');
});

test('bob answers (at least 6 characters), comments and votes; voting on your own post is refused', async ({ pageAs }) => {
  const page = await pageAs(BOB);
  const q = new QuestionPage(page);
  await page.goto(server.url + questionPath);
  await expect(page.getByRole('heading', { level: 2, name: 'Your answer' })).toBeVisible();
  const answer = q.answerField;
  await answer.fill('Trim');
  await page.getByRole('button', { name: 'Post your answer' }).click();
  await expect(page.getByText('Answer must be at least 6 characters.')).toBeVisible();
  await answer.fill('Trim the **wick** flat and keep the flame low until the glass is warm.');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('wick');
  await submitWithCaptcha(page, server, () => page.getByRole('button', { name: 'Post your answer' }).click());
  await expect(page.getByRole('heading', { name: '1 Answer' })).toBeVisible();
  const bobs = q.answerBy('bob');
  await expect(bobs.getByText('keep the flame low')).toBeVisible();
  await expect(page).toHaveURL(/\/questions\/\d+\/\d+$/);
  // restrict_answer is on: one answer each, the form offers to edit it instead
  await expect(page.getByText('You have already answered this question.')).toBeVisible();

  // a comment on the question
  const question = q.question;
  await question.getByRole('button', { name: 'Add a comment' }).click();
  await question.getByLabel('Comment', { exact: true }).fill('x');
  await question.getByRole('button', { name: 'Add comment' }).click();
  await expect(question.getByText('Comment must be 2 to 600 characters.')).toBeVisible();
  await question.getByLabel('Comment', { exact: true }).fill('Which oil do you burn in it?');
  await submitWithCaptcha(page, server, () => question.getByRole('button', { name: 'Add comment' }).click());
  await expect(question.getByRole('list', { name: 'Comments' }).getByText('Which oil do you burn in it?')).toBeVisible();

  // votes: up, then taken back, then up again
  const up = q.votes(question).getByRole('button', { name: 'Vote up' });
  await up.click();
  await expect(q.score(question)).toHaveText('1');
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await up.click();
  await expect(q.score(question)).toHaveText('0');
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await up.click();
  await expect(q.score(question)).toHaveText('1');
  // bookmark and follow
  await question.getByRole('button', { name: 'Bookmark' }).click();
  await expect(question.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');
  await question.getByRole('button', { name: 'Follow' }).click();
  await expect(question.getByRole('button', { name: 'Following' })).toBeVisible();
  // no vote on your own answer
  await q.votes(bobs).getByRole('button', { name: 'Vote up' }).click();
  await expect(page.getByText("You can't vote for your own post.")).toBeVisible();
  await expect(q.score(bobs)).toHaveText('0');
  await shot(page, '35-question-answered');
  // the state comes back from the server on a fresh load
  await page.reload();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(q.score(question)).toHaveText('1');
  await expect(question.getByRole('button', { name: 'Bookmarked' })).toBeVisible();
  await page.context().close();
});

test('grace accepts the answer; the list shows it answered', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const q = new QuestionPage(page);
  await page.goto(server.url + questionPath);
  const bobs = q.answerBy('bob');
  await bobs.getByRole('button', { name: 'Accept this answer' }).click();
  await expect(bobs.getByText('Accepted answer')).toBeVisible();
  await expect(bobs.getByRole('button', { name: 'Take back the acceptance' })).toHaveAttribute('aria-pressed', 'true');
  await expect(q.score(q.question)).toHaveText('1');
  await expectAccessible(page);
  await shot(page, '36-question-accepted');
  await page.goto(`${server.url}/questions?tag=lanterns`);
  const item = page.locator('.q-item').filter({ hasText: TITLE });
  await expect(item.getByText('1 vote', { exact: true })).toBeVisible();
  await expect(item.locator('.q-stat.accepted')).toHaveText(/1 answer/);
  await page.context().close();
});

test('a logged-out visitor reads everything, and is sent to login to vote and back after it', async ({ page }) => {
  const q = new QuestionPage(page);
  await page.goto(server.url + questionPath);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(q.answerBy('bob').getByText('Accepted answer')).toBeVisible();
  await expect(page.getByText('Which oil do you burn in it?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in to answer' })).toBeVisible();
  await expect(q.answerField).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '37-question-visitor');
  await q.votes(q.question).getByRole('button', { name: 'Vote down' }).click();
  await expect(page).toHaveURL(/\/users\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(BOB.email);
  await page.getByLabel('Password', { exact: true }).fill(BOB.pass);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(server.url + questionPath);
  await expect(page.getByTestId('current-user')).toHaveText('bob');
  // the ask page needs an account too
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/questions/ask`);
  await expect(page).toHaveURL(/\/users\/login$/);
});

test('edits: the owner saves at once; another member suggests an edit that waits for review', async ({ pageAs }) => {
  const grace = await pageAs(GRACE);
  const form = new QuestionFormPage(grace);
  await grace.goto(server.url + questionPath);
  await new QuestionPage(grace).question.getByRole('link', { name: 'Edit' }).click();
  await expect(grace).toHaveURL(/\/posts\/\d+\/edit$/);
  await expect(grace.getByRole('heading', { name: 'Edit question' })).toBeVisible();
  await expect(form.title).toHaveValue(TITLE);
  await expect(grace.getByRole('list', { name: 'Chosen tags' }).getByText('lanterns', { exact: true })).toBeVisible();
  await form.title.fill(`${TITLE} (paraffin)`);
  await grace.getByLabel('Edit summary', { exact: true }).fill('name the oil');
  await expectAccessible(grace);
  await shot(grace, '38-edit-question');
  await grace.getByRole('button', { name: 'Save edits' }).click();
  await expect(grace).toHaveURL(server.url + questionPath);
  await expect(grace.getByRole('heading', { level: 1, name: `${TITLE} (paraffin)` })).toBeVisible();

  const bob = await pageAs(BOB);
  await bob.goto(server.url + questionPath.replace('/questions/', '/posts/') + '/edit');
  await new QuestionFormPage(bob).body.fill('My oil lantern smokes when I light it with paraffin.');
  await submitWithCaptcha(bob, server, () => bob.getByRole('button', { name: 'Save edits' }).click());
  await expect(bob.getByText('Your revision will show after review.')).toBeVisible();
  await expect(bob).toHaveURL(server.url + questionPath);
  await shot(bob, '39-edit-after-review');
  // while the suggestion waits, the edit check refuses another edit with its reason
  await bob.goto(server.url + questionPath.replace('/questions/', '/posts/') + '/edit');
  await expect(bob.getByRole('heading', { name: '403' })).toBeVisible();
  await expect(bob.getByRole('link', { name: 'Back to homepage' })).toBeVisible();

  // bob edits his own answer directly
  await bob.goto(server.url + questionPath);
  const bobQ = new QuestionPage(bob);
  await bobQ.answerBy('bob').getByRole('link', { name: 'Edit' }).click();
  await expect(bob.getByRole('heading', { name: 'Edit answer' })).toBeVisible();
  await bobQ.answerField.fill('Short');
  await bob.getByRole('button', { name: 'Save edits' }).click();
  await expect(bob.getByText('Answer must be at least 6 characters.')).toBeVisible();
  await bobQ.answerField.fill('Trim the wick flat, keep the flame low until the glass is warm, and use clean paraffin.');
  await submitWithCaptcha(bob, server, () => bob.getByRole('button', { name: 'Save edits' }).click());
  await expect(bob).toHaveURL(/\/questions\/\d+\/\d+$/);
  await expect(bobQ.answerBy('bob').getByText('use clean paraffin')).toBeVisible();
  await grace.context().close();
  await bob.context().close();
});

test('a closed question says so and takes no answers', async ({ page }) => {
  const qid = questionPath.split('/')[2];
  const reasons = await api.call('GET', `/api/v1/reasons?object_type=question&action=close`);
  const reason = (reasons.data as { reason_type: number; reason_key: string }[]).find((r) => r.reason_key === 'reason.community_specific')!;
  expect(
    (await api.call('PUT', '/api/v1/question/status', { id: qid, close_type: reason.reason_type, close_msg: 'Answered elsewhere.' })).code,
  ).toBe(200);
  await loginAs(page, server, GRACE.email, GRACE.pass);
  await page.goto(server.url + questionPath);
  await expect(page.getByTestId('post-notice')).toContainText('This question is closed.');
  await expect(page.getByTestId('post-notice')).toContainText('Answered elsewhere.');
  await expect(page.getByRole('heading', { name: 'Your answer' })).toHaveCount(0);
  await shot(page, '40-question-closed');
});

test('an unknown question shows the 404 page', async ({ page }) => {
  await page.goto(`${server.url}/questions/10010000000999999`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
});

test('in the desktop window the image button uses the native picker and uploads its bytes', async ({ page }) => {
  const token = await api.tokenOf(GRACE.email, GRACE.pass);
  const bytes = [...png(10, 12, [20, 120, 230])];
  // the preload's bridge, as the desktop window offers it
  await page.addInitScript(
    ({ token, bytes }) => {
      (window as unknown as { lantern: unknown }).lantern = {
        getToken: async () => token,
        setToken: async () => undefined,
        clearToken: async () => undefined,
        pickImage: async () => ({ name: 'native.png', type: 'image/png', bytes: new Uint8Array(bytes) }),
        appInfo: async () => ({ name: 'Lantern', version: '0', platform: 'linux', dataDir: '/tmp' }),
      };
    },
    { token, bytes },
  );
  const ask = new QuestionFormPage(page);
  await page.goto(`${server.url}/questions/ask`);
  await expect(page.getByTestId('current-user')).toHaveText('grace');
  let chooserOpened = false;
  page.on('filechooser', () => {
    chooserOpened = true;
  });
  await ask.body.fill('Picked natively: ');
  await ask.body.press('End');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await page.getByRole('dialog', { name: 'Insert an image' }).getByRole('button', { name: 'Choose an image…' }).click();
  await expect(ask.body).toHaveValue(/^Picked natively: !\[\]\(.+\/uploads\/post\/[0-9a-f]+\.png\)$/);
  await expect.poll(() => ask.previewImageWidth()).toBe(10);
  expect(chooserOpened).toBe(false);
});
