import { expect, type Locator, type Page } from '@playwright/test';

// Page objects of the tag screens' end-to-end tests.

/** The create and edit tag form (the page or the create-tag dialog, given as `scope`). */
export class TagFormPage {
  readonly displayName: Locator;
  readonly slug: Locator;
  readonly description: Locator;
  readonly summary: Locator;

  constructor(
    readonly page: Page,
    readonly scope: Locator | Page = page,
  ) {
    this.displayName = scope.getByLabel('Display name', { exact: true });
    this.slug = scope.getByLabel('URL slug', { exact: true });
    this.description = scope.getByLabel('Description', { exact: true });
    this.summary = scope.getByLabel('Edit summary', { exact: true });
  }

  /** The error shown under a field (by its id). */
  error(field: 'display_name' | 'slug_name' | 'original_text', prefix = ''): Locator {
    return this.page.locator(`#${prefix}${field}_error`);
  }
}

/** The tag list at /tags. */
export class TagsListPage {
  readonly filter: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.filter = page.getByLabel('Filter by tag name', { exact: true });
    this.cards = page.getByRole('list', { name: 'Tags', exact: true }).locator('.tag-card');
  }

  /** The card of a tag (by its display name). */
  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Waits until the list shows exactly these tags, in this order. */
  async expectTags(names: string[]): Promise<void> {
    await expect(this.cards.locator('.tag-card-title a')).toHaveText(names);
  }
}
