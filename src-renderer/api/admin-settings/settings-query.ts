import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, EndpointKey } from '../../../server/contract/endpoints';
import { ADMIN, api, V1 } from '../client';
import { siteKeys } from '../site/keys';
import { settingKeys } from './keys';
import type { AdminSettings, SettingGroup } from './types';

/** Where each group lives: siteinfo/<group>, except smtp and privileges under setting/. */
export function settingPath(group: SettingGroup) {
  return group === 'smtp' || group === 'privileges' ? (`${ADMIN}/setting/${group}` as const) : (`${ADMIN}/siteinfo/${group}` as const);
}

/** GET one settings group (the endpoint map types each group's path; G picks the one asked for). */
export const fetchSetting = <G extends SettingGroup>(group: G) => api.get(settingPath(group)) as Promise<AdminSettings[G]>;

/** The PUT endpoint of a group in the endpoint map. */
type SettingPut<G extends SettingGroup> = G extends 'smtp' | 'privileges'
  ? `PUT ${typeof ADMIN}/setting/${G}`
  : `PUT ${typeof ADMIN}/siteinfo/${G}`;

/**
 * Each group's body is one its PUT's request schema takes (the map's body, from the server's zod
 * schema): true, or the groups whose fields drift from their schemas.
 */
type BodiesFit = {
  [G in SettingGroup]: AdminSettings[G] extends BodyOf<SettingPut<G> & EndpointKey> ? true : G;
}[SettingGroup];

/**
 * PUT one settings group (the whole group); field errors come back to the form. For a generic group
 * the compiler cannot pair path and body, so BodiesFit checks each pair: a group that drifts from
 * its schema leaves no body this accepts.
 */
export const saveSetting = <G extends SettingGroup>(group: G, body: AdminSettings[G] & ([BodiesFit] extends [true] ? unknown : never)) =>
  api.put(settingPath(group), body as BodyOf<SettingPut<SettingGroup>>, { handleErrors: true });

/** One settings group as the admin pages load it (always fresh when a page opens). */
export function useSetting<G extends SettingGroup>(group: G) {
  return useQuery({ queryKey: settingKeys.group(group), queryFn: () => fetchSetting(group), staleTime: 0, gcTime: 0 });
}

/** GET setting/privileges: the levels with their values and the chosen level. */
export function usePrivilegeOptions() {
  return useQuery({
    queryKey: settingKeys.group('privilege-options'),
    queryFn: () => api.get(`${ADMIN}/setting/privileges`),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Saves a group (and then whatever `also` saves); the site settings every layout reads are reloaded
 * so the public site shows the change at once.
 */
export function useSaveSettings<G extends SettingGroup>(group: G) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, also }: { body: AdminSettings[G]; also?: () => Promise<unknown> }) => {
      await saveSetting(group, body);
      if (also) await also();
    },
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: siteKeys.all }), client.invalidateQueries({ queryKey: settingKeys.all })]);
    },
  });
}

/** GET admin language/options: the languages the site can be set to. */
export function useAdminLanguages() {
  return useQuery({
    queryKey: [...settingKeys.all, 'language-options'],
    queryFn: () => api.get(`${ADMIN}/language/options`),
    staleTime: 5 * 60_000,
  });
}

/** POST file (source=branding, admins only): stores a logo or icon and answers its URL. */
export const uploadBrandingImage = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('source', 'branding');
  form.append('file', file, name);
  return api.upload(`${V1}/file`, form, { handleErrors: true });
};
