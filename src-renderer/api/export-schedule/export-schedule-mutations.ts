import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN, request } from '../client';
import { exportScheduleKeys } from './keys';
import type { ExportSchedule, ExportScheduleOverview } from './types';

function useOverviewMutation<I>(send: (input: I) => Promise<ExportScheduleOverview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (overview) => client.setQueryData(exportScheduleKeys.overview(), overview),
  });
}

/** PUT admin exports/schedule. */
export const useSaveExportSchedule = () =>
  useOverviewMutation((s: ExportSchedule) => request<ExportScheduleOverview>('PUT', `${ADMIN}/exports/schedule`, s));

/** POST admin exports/run: run the chosen exports now (answered at once; the overview is then polled). */
export const useRunExportsNow = () => useOverviewMutation(() => request<ExportScheduleOverview>('POST', `${ADMIN}/exports/run`, {}));
