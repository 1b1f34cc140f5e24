/** The profile's tabs, in the order they show. */
export const PROFILE_TABS = ['overview', 'answers', 'questions', 'bookmarks', 'comments', 'reputation', 'votes', 'badges'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Tabs only the profile's owner sees (their bookmarks and votes are private). */
export const OWNER_TABS: readonly ProfileTab[] = ['bookmarks', 'votes'];

/** Items per page of a tab's list (as the reference). */
export const TAB_PAGE_SIZE = 30;

/** The tab an address names, or null when there is no such tab. */
export function tabOf(name: string | undefined): ProfileTab | null {
  if (!name) return 'overview';
  return (PROFILE_TABS as readonly string[]).includes(name) ? (name as ProfileTab) : null;
}

/** The tabs a viewer sees on a profile. */
export function visibleTabs(self: boolean): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => self || !OWNER_TABS.includes(tab));
}
