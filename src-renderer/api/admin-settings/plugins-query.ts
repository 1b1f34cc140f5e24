import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../admin/keys';
import { ADMIN, api } from '../client';
import { settingKeys } from './keys';

/** PUT admin plugin/status: switches a plugin on or off; the menu, the plugin list and the site's permissions (a captcha switched) are reloaded. */
export function usePluginSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { plugin_slug_name: string; enabled: boolean }) => api.put(`${ADMIN}/plugin/status`, body, { handleErrors: true }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: [...adminKeys.all, 'plugins'] }),
        client.invalidateQueries({ queryKey: ['permission'] }),
      ]);
    },
  });
}

/** GET admin plugin/config: a plugin's form with its saved values. */
export function usePluginConfig(slug: string) {
  return useQuery({
    queryKey: settingKeys.pluginConfig(slug),
    queryFn: () => api.get(`${ADMIN}/plugin/config`, { plugin_slug_name: slug }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT admin plugin/config: saves a plugin's whole form. */
export function useSavePluginConfig(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (config_fields: Record<string, unknown>) =>
      api.put(`${ADMIN}/plugin/config`, { plugin_slug_name: slug, config_fields }, { handleErrors: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingKeys.pluginConfig(slug) }),
  });
}
