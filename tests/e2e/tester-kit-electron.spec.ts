// lantern/testing with electron: true (issue 37): the desktop app on a temporary profile, a user logged in
// through its bridge. Where no Electron binary exists the test is skipped, and the skip says why.
import { expect, test } from 'lantern/testing';

test.use({ electron: true, seed: 'small' });

test('the desktop app shows the seeded site to a user logged in through the bridge', async ({ lantern, pageAs }) => {
  const page = await pageAs('user');
  const user = (await lantern.account('user'))!;
  await expect(page.getByTestId('current-user')).toHaveText(user.name);
  await expect(page.getByRole('link', { name: lantern.small!.questions[0].title })).toBeVisible();
});
