/** Query keys of the admin resources. */
export const adminKeys = {
  all: ['admin'] as const,
  lan: () => [...adminKeys.all, 'lan'] as const,
};
