/** Query keys of the site resource. */
export const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
  legal: (type: 'tos' | 'privacy') => [...siteKeys.all, 'legal', type] as const,
  languageTree: (lang: string) => [...siteKeys.all, 'language', lang] as const,
};
