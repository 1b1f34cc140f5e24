import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { adminKeys } from './keys';

export const ADMIN_BADGE_PAGE_SIZE = 30;

/** A page of the admin badge list. */
export interface BadgeListQuery {
  page: number;
  status: '' | 'active' | 'inactive';
  q: string;
}

/** GET admin badges. */
export const fetchAdminBadges = (q: BadgeListQuery) =>
  api.get(`${ADMIN}/badges`, {
    page: q.page,
    page_size: ADMIN_BADGE_PAGE_SIZE,
    status: q.status || undefined,
    q: q.q || undefined,
  });

export function useAdminBadges(q: BadgeListQuery) {
  return useQuery({ queryKey: adminKeys.badges(q), queryFn: () => fetchAdminBadges(q), placeholderData: keepPreviousData });
}

/** PUT admin badge/status. */
export const setBadgeStatus = (b: { id: string; status: 'active' | 'inactive' }) => api.put(`${ADMIN}/badge/status`, b);

export function useBadgeStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setBadgeStatus, onSuccess: () => qc.invalidateQueries({ queryKey: [...adminKeys.all, 'badges'] }) });
}
