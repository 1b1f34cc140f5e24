/** Query keys of the admin resources. */
export const adminKeys = {
  all: ['admin'] as const,
  lan: () => [...adminKeys.all, 'lan'] as const,
  plugins: (q: object = {}) => [...adminKeys.all, 'plugins', q] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  activity: () => [...adminKeys.all, 'dashboard', 'activity'] as const,
  questions: (q: object = {}) => [...adminKeys.all, 'questions', q] as const,
  answers: (q: object = {}) => [...adminKeys.all, 'answers', q] as const,
  users: (q: object = {}) => [...adminKeys.all, 'users', q] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  activation: (userId: string) => [...adminKeys.all, 'activation', userId] as const,
  badges: (q: object = {}) => [...adminKeys.all, 'badges', q] as const,
};
