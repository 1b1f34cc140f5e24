// The tester's kit (issue 37), through the package's own exports as a tester's project imports it
// (`lantern/testing`: the built out/main/testing.js). First the README's example (docs/testing-example.spec.ts)
// as written, which sets this file's seed to 'small'; tests/unit/testing-readme.test.ts checks the README shows
// that file. Then what the example leaves out: a page per role and the `create` helpers.
import { ADMIN, expect, test } from 'lantern/testing';
import '../../docs/testing-example.spec';

test('pageAs gives a page logged in as each role, and a visitor none', async ({ lantern, pageAs }) => {
  for (const role of ['admin', 'moderator', 'user'] as const) {
    const account = (await lantern.account(role))!;
    const page = await pageAs(role);
    await expect(page.getByTestId('current-user')).toHaveText(role === 'admin' ? ADMIN.name : account.name);
    const info = await lantern.api.as(account).call('GET', '/api/v1/user/info');
    expect(info.data.role_id, role).toBe({ admin: 2, moderator: 3, user: 1 }[role]);
  }
  const visitor = await pageAs('anonymous');
  await expect(visitor.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(visitor.getByTestId('current-user')).toHaveCount(0);
});

test('create makes users and content through the API, and the pages show them', async ({ lantern, create, pageAs }) => {
  const { alice, bob, moderator } = lantern.small!.users;
  const carol = await create.user();
  const tag = await create.tag();
  const q = await create.question({ as: bob, tags: [tag] });
  const answer = await create.answer(q.id, { as: carol, content: 'Soak the new wick in oil for an hour first.' });
  await create.comment(answer, { as: alice, text: 'An hour worked for me too.' });
  await create.vote(answer, { as: moderator });
  await create.accept(q.id, answer, { as: bob });

  const page = await pageAs(carol);
  await expect(page.getByTestId('current-user')).toHaveText(carol.name);
  await page.goto(lantern.url + q.path);
  await expect(page.getByRole('heading', { level: 1, name: q.title })).toBeVisible();
  const post = page.getByRole('article', { name: `Answer by ${carol.name}` });
  await expect(post).toContainText('Soak the new wick');
  await expect(post).toContainText('An hour worked for me too.');
  await expect(post.getByRole('group', { name: 'Votes' }).getByTestId('vote-count')).toHaveText('1');
  await expect(page.getByRole('list', { name: 'Tags' }).first().getByRole('link', { name: tag })).toBeVisible();
});

// what a test drives on the main screens has a role and a name, or a test id where no role names it
const UNNAMED =
  /^\s*- (button|link|textbox|searchbox|combobox|checkbox|radio|switch|tab|menuitem|spinbutton|slider|article)( \[[^\]]*\])*:?$/m;

test('the main screens name every control a test drives', async ({ lantern, pageAs }) => {
  const { questions, users } = lantern.small!;
  // each screen with something its loaded content shows, so the check reads the whole screen
  const screens: [Parameters<typeof pageAs>[0], string, string][] = [
    ['anonymous', '/users/login', 'button "Log in"'],
    ['user', '/', questions[0].title],
    ['user', '/questions/ask', 'button "Post your question"'],
    ['user', questions[0].path, 'article "Answer by bob"'],
    [users.alice, questions[0].path, 'button "Take back the acceptance"'],
    ['user', '/search?q=lantern', questions[0].title],
    ['user', '/tags', 'button "Follow lanterns"'],
    ['user', '/tags/lanterns', questions[0].title],
    ['admin', '/admin/users', 'button "Actions for alice"'],
    ['admin', '/admin/questions', questions[0].title],
    ['admin', '/admin/general', 'textbox "Site name"'],
  ];
  for (const [who, path, shown] of screens) {
    const page = await pageAs(who);
    await page.goto(lantern.url + path);
    await expect.poll(() => page.locator('body').ariaSnapshot(), { message: path }).toContain(shown);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').ariaSnapshot(), path).not.toMatch(UNNAMED);
  }
  const home = await pageAs('user');
  const list = home.getByRole('list', { name: 'All questions' });
  await expect(list).toHaveAttribute('data-testid', 'question-list');
  const first = list.getByTestId('question-item').filter({ has: home.getByRole('link', { name: questions[0].title }) });
  await expect(first.getByTestId('question-answers')).toHaveText('1 answer');
  await expect(first.getByTestId('question-votes')).toHaveText('1 vote');
  await home.goto(`${lantern.url}/tags/lanterns`);
  await expect(
    home.getByRole('list', { name: 'Questions tagged [lanterns]' }).getByRole('link', { name: questions[0].title }),
  ).toBeVisible();
  await home.goto(lantern.url + questions[0].path);
  await expect(home.getByTestId('comment').filter({ hasText: 'Which lamp oil do you use?' })).toBeVisible();
});
