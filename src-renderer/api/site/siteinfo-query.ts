import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { siteKeys } from './keys';
import type { SiteInfo } from './types';

/** Fetches GET siteinfo (the contract's payload, seen through the parts the UI reads). */
export const fetchSiteInfo = (): Promise<SiteInfo> => api.get(`${V1}/siteinfo`);

/** The site settings (loaded at startup; kept fresh for a minute). */
export function useSiteInfo() {
  return useQuery({ queryKey: siteKeys.info(), queryFn: fetchSiteInfo, staleTime: 60_000 });
}

/** The ToS or privacy text. */
export function useLegal(type: 'tos' | 'privacy') {
  return useQuery({
    queryKey: siteKeys.legal(type),
    queryFn: () => api.get(`${V1}/siteinfo/legal`, { info_type: type }),
  });
}
