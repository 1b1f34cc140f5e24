import { expect, type Locator, type Page } from '@playwright/test';

// Page objects of the inbox area's end-to-end tests: the app frame, the notification list and search.

/** The header and side navigation of the main layout. */
export class Frame {
  readonly bell: Locator;
  readonly inboxCount: Locator;
  readonly achievementCount: Locator;
  readonly search: Locator;
  readonly sideNav: Locator;
  readonly menuButton: Locator;

  constructor(readonly page: Page) {
    this.bell = page.getByTestId('notifications-link');
    this.inboxCount = page.getByTestId('inbox-count');
    this.achievementCount = page.getByTestId('achievement-count');
    this.search = page.getByRole('search').getByLabel('Search');
    this.sideNav = page.getByRole('navigation', { name: 'Main navigation' });
    this.menuButton = page.getByRole('button', { name: 'Menu' });
  }

  /** The account menu's button (avatar and name). */
  accountButton(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Account menu' }).getByRole('button', { name });
  }

  /** Searches from the header box as a person does (type, Enter) and waits for the results call. */
  async searchFor(q: string): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().includes('/answer/api/v1/search?'));
    await this.search.fill(q);
    await this.search.press('Enter');
    await answered;
    await expect(this.page.getByRole('heading', { name: 'Search results' })).toBeVisible();
  }
}

/** The notification list. */
export class NotificationList {
  readonly list: Locator;
  readonly items: Locator;
  readonly markAll: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Notifications list' });
    this.items = this.list.getByTestId('notification');
    this.markAll = page.getByRole('button', { name: 'Mark all as read' });
  }

  /** The notification mentioning a text. */
  item(text: string | RegExp): Locator {
    return this.items.filter({ hasText: text });
  }

  /** The unread markers shown. */
  unread(): Locator {
    return this.list.getByText('Unread', { exact: true });
  }
}

/** The search results. */
export class SearchResults {
  readonly list: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Search results list' });
    this.items = this.list.getByTestId('search-result');
  }

  /** The titles of the results with their kind ("Question: ..." / "Answer: ..."). */
  async entries(): Promise<string[]> {
    return (await this.items.getByRole('heading').allTextContents()).map((s) => s.replace(/^[QA]/, '').trim()).sort();
  }
}
