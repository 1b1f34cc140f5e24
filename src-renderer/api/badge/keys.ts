/** Query keys of badges. */
export const badgeKeys = {
  all: ['badge'] as const,
  list: () => [...badgeKeys.all, 'list'] as const,
  detail: (id: string) => [...badgeKeys.all, 'detail', id] as const,
  awards: (id: string, page: number) => [...badgeKeys.all, 'awards', id, page] as const,
  user: (username: string, recent: boolean) => [...badgeKeys.all, 'user', username, recent] as const,
};
