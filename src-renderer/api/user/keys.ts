/** Query keys of the user resource. */
export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  notificationConfig: () => [...userKeys.all, 'notification-config'] as const,
  plugins: () => [...userKeys.all, 'plugins'] as const,
  pluginConfig: (slug: string) => [...userKeys.all, 'plugin-config', slug] as const,
};
