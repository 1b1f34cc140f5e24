/** Query keys of a profile and its tabs. */
export const personalKeys = {
  all: ['personal'] as const,
  info: (username: string) => [...personalKeys.all, 'info', username] as const,
  top: (username: string) => [...personalKeys.all, 'top', username] as const,
  tab: (tab: string, params: Record<string, string | number>) => [...personalKeys.all, 'tab', tab, params] as const,
};
