import type { Locator, Page } from '@playwright/test';
import type { E2EServer } from '../support/e2e-server';
import { Api } from './question-pages';

// Page objects and set-up helpers of the people screens' end-to-end tests (users, profiles, badges).

/** A user made through the admin API, with a token and an API client of their own. */
export interface Member {
  name: string;
  email: string;
  pass: string;
  id: string;
  api: Api;
}

/** Adds members through the admin's bulk-add and logs each in. */
export async function addMembers(
  admin: Api,
  server: E2EServer,
  people: { name: string; email: string; pass: string }[],
): Promise<Record<string, Member>> {
  const r = await admin.call('POST', '/admin/api/users', { users: people.map((p) => `${p.name}, ${p.email}, ${p.pass}`).join('\n') });
  if (r.code !== 200) throw new Error(`bulk add failed: ${JSON.stringify(r)}`);
  const out: Record<string, Member> = {};
  for (const p of people) {
    const api = new Api(server);
    api.token = await api.tokenOf(p.email, p.pass);
    const info = await api.call('GET', '/api/v1/user/info');
    out[p.name] = { ...p, id: String(info.data.id), api };
  }
  return out;
}

/** Waits until a user holds a badge (awards are given just after the request that earns them). */
export async function waitForBadge(api: Api, username: string, badgeName: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = await api.call('GET', `/api/v1/badge/user/awards?username=${encodeURIComponent(username)}`);
    if ((r.data?.list ?? []).some((b: { name: string }) => b.name === badgeName)) return;
    if (Date.now() > deadline)
      throw new Error(
        `${username} never earned ${badgeName}: holds ${JSON.stringify((r.data?.list ?? []).map((b: { name: string }) => b.name))}`,
      );
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** A user's profile: header, tabs and the current tab's panel. */
export class ProfilePage {
  readonly tabs: Locator;
  readonly heading: Locator;

  constructor(
    readonly page: Page,
    readonly base: string,
  ) {
    this.tabs = page.getByRole('navigation', { name: 'Profile sections' });
    this.heading = page.getByRole('heading', { level: 1 });
  }

  async open(username: string, tab?: string, query = ''): Promise<void> {
    await this.page.goto(`${this.base}/users/${encodeURIComponent(username)}${tab ? `/${tab}` : ''}${query}`);
  }

  tab(name: string): Locator {
    return this.tabs.getByRole('link', { name, exact: true });
  }

  /** The list of the current tab (named by its count heading). */
  list(): Locator {
    return this.page.locator('ul.p-list');
  }
}
