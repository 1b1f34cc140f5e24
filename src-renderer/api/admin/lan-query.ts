import { useQuery } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { adminKeys } from './keys';
import type { LanStatus } from './types';

/** GET admin lan. */
export const fetchLanStatus = () => api.get<LanStatus>(`${ADMIN}/lan`);

/** The LAN hosting state with QR codes. */
export function useLanStatus() {
  return useQuery({ queryKey: adminKeys.lan(), queryFn: fetchLanStatus });
}
