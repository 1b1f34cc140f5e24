import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { exportScheduleKeys } from './keys';
import type { ExportScheduleOverview } from './types';
import type { BodyOf } from '../../../server/contract/endpoints';

function useOverviewMutation<I>(send: (input: I) => Promise<ExportScheduleOverview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (overview) => client.setQueryData(exportScheduleKeys.overview(), overview),
  });
}

/** PUT admin exports/schedule. */
export const useSaveExportSchedule = () =>
  useOverviewMutation((s: BodyOf<'PUT /answer/admin/api/exports/schedule'>) => api.put(`${ADMIN}/exports/schedule`, s));

/** POST admin exports/run: run the chosen exports now (answered at once; the overview is then polled). */
export const useRunExportsNow = () => useOverviewMutation(() => api.post(`${ADMIN}/exports/run`));
