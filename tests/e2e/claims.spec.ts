import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALLED, shot } from '../support/e2e-server';
import { expect, test } from '../support/fixtures';
import { writeTinyDump } from '../support/tiny-dump';
import { chooseFromMenu, openMenu } from './menu-pages';
import { expectAccessible } from './question-pages';
import SevenZip from '7z-wasm';

// Issue 15: a dump's .7z goes in through Admin → Import; an admin gives the person behind an imported account a one-time link (Admin → Users →
// Claim link); in another browser the person opens it, sets an email and a password, and lands
// logged in as the account with its reputation; the link then shows the failed page.
test.describe.configure({ mode: 'parallel' });

const SITE = 'coffee.stackexchange.com';
const made: string[] = [];
test.afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tiny dump packed as Stack Exchange distributes dumps: a .7z (made with 7-Zip's WebAssembly build). */
async function tinyDump7z(): Promise<Buffer> {
  const dumpDir = writeTinyDump([{ id: 21, name: 'Espresso Eve', reputation: 2500 }]);
  made.push(dumpDir);
  const sz = await SevenZip({ print: () => {}, printErr: () => {} });
  sz.FS.mkdir('/w');
  sz.FS.mount(sz.NODEFS, { root: dumpDir }, '/w');
  sz.FS.chdir('/w');
  sz.callMain(['a', '-t7z', '/w/dump.7z', 'Users.xml', 'Posts.xml']);
  sz.FS.chdir('/');
  sz.FS.unmount('/w');
  return readFileSync(join(dumpDir, 'dump.7z'));
}

test('an admin makes a claim link; the person opens it elsewhere, sets email and password and is logged in as the imported account', async ({
  server,
  seed,
  adminPage: admin,
  pageAs,
}) => {
  const general = await seed.call('PUT', '/admin/api/siteinfo/general', {
    name: 'Team Lantern',
    site_url: server.url,
    contact_email: 'team@example.com',
    short_description: '',
    description: '',
  });
  expect(general.code).toBe(200);
  // the dump goes in through Admin → Import as the .7z it came as
  await admin.goto(`${server.url}/admin/import`);
  await admin
    .getByLabel('Dump files')
    .setInputFiles({ name: `${SITE}.7z`, mimeType: 'application/x-7z-compressed', buffer: await tinyDump7z() });
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(admin.getByText(new RegExp(`Imported ${SITE.replace(/\./g, '\\.')} in`))).toBeVisible({ timeout: 30_000 });
  await admin.goto(`${server.url}/admin/users`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: 'Espresso Eve' });
  await expect(row).toContainText('imported');
  await chooseFromMenu(admin, row.getByRole('button', { name: 'Actions for Espresso Eve' }), 'Claim link');
  const dialog = admin.getByRole('dialog', { name: 'Claim link for Espresso Eve' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Claim link', { exact: true });
  await expect(field).toHaveValue(/\/users\/claim\?code=/);
  await expect(dialog.getByText(/Works once, until/)).toBeVisible();
  await expectAccessible(admin);
  await shot(admin, 'claims-admin-dialog');
  const url = await field.inputValue();
  // an account made here has no such action
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await openMenu(
    admin,
    admin
      .getByRole('row')
      .filter({ hasText: INSTALLED.ADMIN_NAME })
      .getByRole('button', { name: /Actions for/ }),
    'Set new password',
  );
  await expect(admin.getByRole('menuitem', { name: 'Claim link' })).toHaveCount(0);
  await admin.keyboard.press('Escape');

  // the person, in a browser of their own
  const person = await pageAs(null);
  await person.goto(url);
  await expect(person.getByRole('heading', { level: 1, name: 'Take over your account' })).toBeVisible();
  await expect(person.getByText('Espresso Eve', { exact: true })).toBeVisible();
  await expect(person.getByText(/2500 reputation/)).toBeVisible();
  await expect(person.getByText(new RegExp(`brought over from ${SITE.replace(/\./g, '\\.')}`))).toBeVisible();
  await expectAccessible(person);
  await shot(person, 'claims-page');
  // the rules of sign-up, checked before anything is sent
  await person.getByRole('button', { name: 'Take over the account' }).click();
  await expect(person.locator('#e_mail_error')).toBeVisible();
  await person.getByLabel('Email').fill('eve@example.com');
  await person.getByLabel('Password', { exact: true }).fill('eve-password-1');
  await person.getByLabel('Confirm password').fill('eve-password-1');
  await person.getByRole('button', { name: 'Take over the account' }).click();
  // lands on the account's profile, logged in as it, with its reputation
  await expect(person.getByRole('heading', { level: 1, name: 'Espresso Eve' })).toBeVisible();
  const profile = person.url();
  expect(new URL(profile).pathname).toMatch(/^\/users\/[^/]+$/);
  await expect(person.getByText('2500', { exact: false }).first()).toBeVisible();
  await person.goto(`${profile}/reputation`);
  await expect(person.getByRole('heading', { name: `Imported from ${SITE}` })).toBeVisible();
  await expect(person.getByText('+2500')).toBeVisible();
  await shot(person, 'claims-reputation-tab');
  // the account menu is the claimed account's
  await person.goto(`${server.url}/users/settings/profile`);
  await expect(person.getByLabel('Display name')).toHaveValue('Espresso Eve');

  // the link worked once: opened again (by anyone) it shows the failed page
  const again = await pageAs(null);
  await again.goto(url);
  await expect(again.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expectAccessible(again);
  await shot(again, 'claims-failed');
  // and the email and password now log in
  expect((await seed.call('POST', '/api/v1/user/login/email', { e_mail: 'eve@example.com', pass: 'eve-password-1' }, null)).code).toBe(200);
});
