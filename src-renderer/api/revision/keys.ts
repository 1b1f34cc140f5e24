/** Query keys of the revision resource. */
export const revisionKeys = {
  all: ['revision'] as const,
  editCheck: (id: string) => [...revisionKeys.all, 'edit-check', id] as const,
};
