/** Query keys of the users page. */
export const rankingKeys = {
  all: ['ranking'] as const,
  ranking: () => [...rankingKeys.all, 'week'] as const,
  staff: (pageSize: number) => [...rankingKeys.all, 'staff', pageSize] as const,
};
