import { useQuery } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { adminKeys } from './keys';

/** GET admin lan. */
export const fetchLanStatus = () => api.get(`${ADMIN}/lan`);

/** The LAN hosting state with QR codes. */
export function useLanStatus() {
  return useQuery({ queryKey: adminKeys.lan(), queryFn: fetchLanStatus });
}
