import { expect, type Locator, type Page } from '@playwright/test';

// The pop-up menus (PrimeReact's Menu behind a button with aria-haspopup): opened, waited for, chosen from.

/**
 * Opens the menu its button controls and waits until it is open: the menu shown, its entry `item` visible and
 * the opening transition over. A click on an entry while the menu was still opening could be lost (the menu
 * closed and no command ran: no dialog, seen on a slow machine).
 */
export async function openMenu(page: Page, button: Locator, item: string | RegExp): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  const menu = id ? page.locator(`[id="${id}"]`) : page.getByRole('menu');
  await button.click();
  await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  // the enter transition (opacity and transform) has ended
  await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  return menu;
}

/** Opens the menu (see openMenu) and chooses `item` from it; the menu has closed when it returns. */
export async function chooseFromMenu(page: Page, button: Locator, item: string | RegExp): Promise<void> {
  const menu = await openMenu(page, button, item);
  await menu.getByRole('menuitem', { name: item }).click();
  await expect(menu).toBeHidden();
}
