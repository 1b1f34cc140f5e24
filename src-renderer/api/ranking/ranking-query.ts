import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { rankingKeys } from './keys';

/** This week's ranking: most reputation gained, most votes cast, and the staff. */
export function useUserRanking() {
  return useQuery({ queryKey: rankingKeys.ranking(), queryFn: () => api.get(`${V1}/user/ranking`), staleTime: 60_000 });
}

/** Moderators and admins (GET user/staff, 10 of them as the reference asks). */
export function useStaff(pageSize = 10) {
  return useQuery({
    queryKey: rankingKeys.staff(pageSize),
    queryFn: () => api.get(`${V1}/user/staff`, { page_size: pageSize }),
    staleTime: 60_000,
  });
}
