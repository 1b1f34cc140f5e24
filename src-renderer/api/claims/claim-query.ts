import { useQuery } from '@tanstack/react-query';
import { ADMIN, api, V1 } from '../client';

/** GET user/claim and POST admin user/claim answer the API contract's shapes. */
export type { ClaimInfo, ClaimLink } from '../../../server/contract/api/claim';

export const fetchClaimInfo = (code: string) => api.get(`${V1}/user/claim`, { code }, { handleErrors: true });

/** What a claim link is for; an expired or used link is an error (no retries: it will not get better). */
export function useClaimInfo(code: string) {
  return useQuery({
    queryKey: ['claim', code],
    queryFn: () => fetchClaimInfo(code),
    retry: false,
    staleTime: Infinity,
    enabled: code !== '',
  });
}

/** POST user/claim: takes the account over and logs in as it. */
export const claimAccount = (body: { code: string; e_mail: string; pass: string }) =>
  api.post(`${V1}/user/claim`, body, { handleErrors: true });

/** POST admin user/claim: a claim link for an imported account, mailed when `e_mail` is given. */
export const createClaimLink = (body: { user_id: string; e_mail?: string }) =>
  api.post(`${ADMIN}/user/claim`, body, { handleErrors: true });
