import { useQuery } from '@tanstack/react-query';
import { ADMIN, api, V1 } from '../client';
import type { LoginResp } from '../user/types';

/** GET user/claim: the imported account a claim link takes over. */
export interface ClaimInfo {
  username: string;
  display_name: string;
  rank: number;
  question_count: number;
  answer_count: number;
  /** The site the account was imported from. */
  site: string;
  /** When the link stops working (unix seconds). */
  expires_at: number;
}

/** POST admin user/claim: a fresh one-time link (the previous one stops working). */
export interface ClaimLink {
  claim_url: string;
  expires_at: number;
  mailed: boolean;
}

export const fetchClaimInfo = (code: string) => api.get<ClaimInfo>(`${V1}/user/claim`, { code }, { handleErrors: true });

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
  api.post<LoginResp>(`${V1}/user/claim`, body, { handleErrors: true });

/** POST admin user/claim: a claim link for an imported account, mailed when `e_mail` is given. */
export const createClaimLink = (body: { user_id: string; e_mail?: string }) =>
  api.post<ClaimLink>(`${ADMIN}/user/claim`, body, { handleErrors: true });
