import { expect, type Locator, type Page } from '@playwright/test';

// Page objects of the settings screens' end-to-end tests.

/** /users/settings and its tabs. */
export class SettingsPage {
  readonly menu: Locator;
  readonly save: Locator;

  constructor(
    readonly page: Page,
    readonly base: string,
  ) {
    this.menu = page.getByRole('navigation', { name: 'Settings sections' });
    this.save = page.getByRole('button', { name: 'Save' });
  }

  /** Opens a tab by address and waits for its heading. */
  async open(tab: '' | 'profile' | 'notify' | 'account' | 'interface', heading: string): Promise<void> {
    await this.page.goto(`${this.base}/users/settings${tab ? `/${tab}` : ''}`);
    await expect(this.page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }

  /** A labelled field of the open tab. */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** A section of the account tab (Email, Password, My logins). */
  section(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  /** The toast that says the save went through. */
  async expectToast(text: string): Promise<void> {
    await expect(this.page.locator('.p-toast').getByText(text, { exact: true })).toBeVisible();
  }
}
