/** Query keys of the tag resource. */
export const tagKeys = {
  all: ['tag'] as const,
  search: (text: string) => [...tagKeys.all, 'search', text] as const,
};
