import { useQuery } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { exportScheduleKeys } from './keys';

/** How often the page asks while a run goes on. */
export const EXPORT_POLL_MS = 1000;

/** GET admin exports/schedule: the settings, the next and the last run; polled while a run goes on. */
export function useExportSchedule() {
  return useQuery({
    queryKey: exportScheduleKeys.overview(),
    queryFn: () => api.get(`${ADMIN}/exports/schedule`),
    refetchInterval: (q) => (q.state.data?.running ? EXPORT_POLL_MS : false),
  });
}
