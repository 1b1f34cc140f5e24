import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';
import { api, V1 } from '../client';
import { badgeKeys } from './keys';

/** The active badges by group, with what the viewer earned (the key follows the viewer). */
export function useBadgeGroups() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...badgeKeys.list(), user?.id ?? ''],
    queryFn: () => api.get(`${V1}/badges`),
  });
}

/** One badge; the caller shows the 404 page itself (an unknown or inactive badge answers 400). */
export function useBadge(id: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...badgeKeys.detail(id), user?.id ?? ''],
    queryFn: () => api.get(`${V1}/badge`, { id }, { handleErrors: true }),
    retry: false,
  });
}

/** A page of a badge's awards, newest first. */
export function useBadgeAwards(id: string, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: badgeKeys.awards(id, page),
    queryFn: () => api.get(`${V1}/badge/awards/page`, { badge_id: id, page, page_size: pageSize }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The badges a user holds (all of them, or the ten latest). */
export function useUserBadges(username: string, recent: boolean, enabled: boolean) {
  return useQuery({
    queryKey: badgeKeys.user(username, recent),
    queryFn: () => api.get(`${V1}/badge/user/awards${recent ? '/recent' : ''}`, { username }),
    enabled,
  });
}
