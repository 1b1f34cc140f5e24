import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { fetchFile, saveBlob } from '../download';
import { postWithUploadProgress } from '../upload-progress';
import type { BackupJob, BackupOverview, BackupSchedule } from './types';

export const backupKeys = {
  overview: () => ['admin', 'backups'] as const,
};

/** How often the page asks while a backup or restore runs. */
export const POLL_MS = 500;

/** GET admin backups: the list, the job and the schedule; polled while a job runs. */
export function useBackups() {
  return useQuery({
    queryKey: backupKeys.overview(),
    queryFn: () => api.get(`${ADMIN}/backups`),
    refetchInterval: (q) => (q.state.data?.job?.state === 'running' ? POLL_MS : false),
  });
}

function useJobStart<I>(start: (input: I) => Promise<{ job: BackupJob }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: ({ job }) => {
      client.setQueryData<BackupOverview>(backupKeys.overview(), (old) => (old ? { ...old, job } : old));
      void client.invalidateQueries({ queryKey: backupKeys.overview() });
    },
  });
}

/** POST admin backups: back up now. */
export const useBackUpNow = () => useJobStart(() => api.post(`${ADMIN}/backups`));

/** POST admin backups/:name/restore: restore a listed backup. */
export const useRestoreListed = () => useJobStart((name: string) => api.post(`${ADMIN}/backups/${encodeURIComponent(name)}/restore`));

/**
 * POST admin backups/restore with the file. Sent with XMLHttpRequest: an archive can take longer
 * to upload than the client's request timeout, and the upload's progress is shown.
 */
export function uploadRestore(input: { file: File; onUpload?: (fraction: number) => void }): Promise<{ job: BackupJob }> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return postWithUploadProgress<{ job: BackupJob }>(`${ADMIN}/backups/restore`, form, input.onUpload);
}

/** Restoring an uploaded backup. */
export const useRestoreUpload = () => useJobStart(uploadRestore);

/** DELETE admin backups/:name. */
export function useDeleteBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(`${ADMIN}/backups/${encodeURIComponent(name)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: backupKeys.overview() }),
  });
}

/** PUT admin backups/schedule. */
export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: BackupSchedule) => api.put(`${ADMIN}/backups/schedule`, s),
    onSuccess: (schedule) => client.setQueryData<BackupOverview>(backupKeys.overview(), (old) => (old ? { ...old, schedule } : old)),
  });
}

/** Downloads a backup (the API needs the Authorization header, so not a plain link). */
export async function downloadBackup(name: string): Promise<void> {
  const res = await fetchFile(`${ADMIN}/backups/${encodeURIComponent(name)}/download`);
  saveBlob(await res.blob(), name);
}
