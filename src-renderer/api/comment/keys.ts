/** Query keys of the comment resource. */
export const commentKeys = {
  all: ['comment'] as const,
  list: (objectId: string) => [...commentKeys.all, 'list', objectId] as const,
};
