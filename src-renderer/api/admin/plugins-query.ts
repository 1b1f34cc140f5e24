import { useQuery } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { adminKeys } from './keys';

/** GET admin plugins (?status=active|inactive, ?have_config=true). */
export const fetchAdminPlugins = (q: { status?: 'active' | 'inactive'; have_config?: boolean } = {}) =>
  api.get(`${ADMIN}/plugins`, {
    status: q.status,
    have_config: q.have_config === undefined ? undefined : String(q.have_config),
  });

/** The installed plugins, optionally only the enabled ones or those with a config page. */
export function useAdminPlugins(q: { status?: 'active' | 'inactive'; have_config?: boolean } = {}) {
  return useQuery({ queryKey: adminKeys.plugins(q), queryFn: () => fetchAdminPlugins(q) });
}
