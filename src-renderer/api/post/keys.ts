/** Query keys of the post rendering call. */
export const postKeys = {
  all: ['post'] as const,
  render: (content: string) => [...postKeys.all, 'render', content] as const,
};
