// lantern/testing seeded from a Stack Exchange dump (issue 37): the worker's Lantern imports it with the
// built `lantern import-se` before it starts, and the imported questions are on its pages.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'lantern/testing';
import { writeTinyDump } from '../support/tiny-dump';

// the same two users and questions each time, so every process loading this file writes the same folder
const dump = join(tmpdir(), 'lantern-tester-kit-dump');
mkdirSync(dump, { recursive: true });
writeTinyDump(
  [
    { id: 7, name: 'Dump Brewer', reputation: 120 },
    { id: 8, name: 'Dump Roaster', reputation: 40 },
  ],
  dump,
);
test.use({ seed: { stackExchangeDump: dump, site: 'coffee.stackexchange.com' } });

test('a Lantern seeded from a dump shows its questions to a visitor', async ({ lantern, pageAs }) => {
  expect(lantern.imported).toMatchObject({ users: { imported: 2 }, questions: { imported: 2 } });
  expect(lantern.small).toBeNull();
  const page = await pageAs('anonymous');
  await expect(page.getByRole('link', { name: 'How does Dump Brewer brew coffee number 0?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'How does Dump Roaster brew coffee number 1?' })).toBeVisible();
});
