import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** An item of GET reasons (the API contract's). */
export type { ReasonItem } from '../../../server/contract/api/reason';

/** The reason type of "a duplicate": its text must be a question URL of this site. */
export const DUPLICATE_REASON = 60;

/** GET reasons?object_type&action. */
export const fetchReasons = (objectType: string, action: string) =>
  api.get(`${V1}/reasons`, { object_type: objectType, action }).then((r) => r ?? []);

/** The reasons of a dialog (loaded when it opens). */
export function useReasons(objectType: string, action: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reasons', objectType, action] as const,
    queryFn: () => fetchReasons(objectType, action),
    enabled,
    staleTime: 5 * 60_000,
  });
}
