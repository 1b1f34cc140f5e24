import { test, expect } from 'lantern/testing';

// One throwaway Lantern per worker, seeded with a few users, tags, questions and answers.
test.use({ seed: 'small' });

test('a user asks a question and finds it listed', async ({ pageAs }) => {
  const page = await pageAs('user');
  await page.getByRole('link', { name: 'Ask question' }).click();
  await page.getByLabel('Title', { exact: true }).fill('How long does a lantern wick last?');
  await page.getByLabel('Body', { exact: true }).fill('Mine burns down within a week. Is that normal?');
  await page.getByLabel('Tags', { exact: true }).fill('wick');
  await page.getByRole('option', { name: 'wicks' }).click();
  await page.getByRole('button', { name: 'Post your question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How long does a lantern wick last?' })).toBeVisible();

  await page.getByRole('link', { name: 'Questions', exact: true }).click();
  // the list's own link: a 'Related' panel beside it may name the new question too
  await expect(page.getByTestId('question-list').getByRole('link', { name: 'How long does a lantern wick last?' })).toBeVisible();
});

test('a visitor sees the accepted answer of a seeded question', async ({ lantern, pageAs }) => {
  const [question] = lantern.small!.questions;
  const page = await pageAs('anonymous');
  await page.goto(lantern.url + question.path);
  await expect(page.getByRole('heading', { level: 1, name: question.title })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Answer by bob' })).toContainText('Trim the wick flat');
});
