import type { SettingGroup } from './types';

/** Query keys of the admin settings (under the admin keys, so an admin-wide invalidation reaches them). */
export const settingKeys = {
  all: ['admin', 'settings'] as const,
  group: (g: SettingGroup | 'privilege-options') => [...settingKeys.all, g] as const,
  pluginConfig: (slug: string) => ['admin', 'plugin-config', slug] as const,
};
