import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { userKeys } from './keys';
import type { CaptchaFields, InterfaceBody, NotificationConfig, UpdateInfoBody } from './types';

// The calls of the settings screens. Errors follow the app's policy (spec section 8): field
// errors come back to the form, other 400s are toasted, 401/403 navigate.

/** PUT user/info. */
export const updateUserInfo = (body: UpdateInfoBody) => api.put(`${V1}/user/info`, body);
/** PUT user/password (old_pass only when the user has a password). */
export const modifyPassword = (body: { old_pass?: string; pass: string } & CaptchaFields) => api.put(`${V1}/user/password`, body);
/** POST user/email/change/code: sends a confirmation link to the new address. */
export const sendEmailChangeCode = (body: { e_mail: string; pass?: string } & CaptchaFields) =>
  api.post(`${V1}/user/email/change/code`, body);
/** PUT user/interface. */
export const updateInterface = (body: InterfaceBody) => api.put(`${V1}/user/interface`, body);
/** GET user/notification/config. */
export const fetchNotificationConfig = () => api.get(`${V1}/user/notification/config`);
/** PUT user/notification/config. */
export const updateNotificationConfig = (body: NotificationConfig) => api.put(`${V1}/user/notification/config`, body);
/** POST file with source avatar: answers the stored image's URL. */
export const uploadAvatar = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('source', 'avatar');
  form.append('file', file, name);
  return api.upload(`${V1}/file`, form);
};
/** GET user/plugin/configs: plugins that are on and have personal settings. */
export const fetchUserPlugins = () => api.get(`${V1}/user/plugin/configs`);
/** GET user/plugin/config. */
export const fetchUserPluginConfig = (slug: string) => api.get(`${V1}/user/plugin/config`, { plugin_slug_name: slug });
/** PUT user/plugin/config. */
export const updateUserPluginConfig = (slug: string, fields: Record<string, unknown>) =>
  api.put(`${V1}/user/plugin/config`, { plugin_slug_name: slug, config_fields: fields });

/** The caller's email notification settings. */
export function useNotificationConfig() {
  return useQuery({ queryKey: userKeys.notificationConfig(), queryFn: fetchNotificationConfig });
}

/** Saves the notification settings and keeps the cache in step. */
export function useUpdateNotificationConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationConfig,
    onSuccess: (_r, body) => qc.setQueryData(userKeys.notificationConfig(), body),
  });
}

/** The plugins with personal settings (the settings menu lists them). */
export function useUserPlugins() {
  return useQuery({ queryKey: userKeys.plugins(), queryFn: fetchUserPlugins, staleTime: 60_000 });
}

/** One plugin's personal settings form. */
export function useUserPluginConfig(slug: string) {
  return useQuery({ queryKey: userKeys.pluginConfig(slug), queryFn: () => fetchUserPluginConfig(slug) });
}

/** Saves one plugin's personal settings. */
export function useUpdateUserPluginConfig(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, unknown>) => updateUserPluginConfig(slug, fields),
    onSuccess: () => void qc.invalidateQueries({ queryKey: userKeys.pluginConfig(slug) }),
  });
}
