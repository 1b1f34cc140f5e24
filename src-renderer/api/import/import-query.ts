import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { postWithUploadProgress } from '../upload-progress';
import type { ImportStatus } from './types';

export const importKeys = {
  status: () => ['admin', 'import', 'stackexchange'] as const,
};

/** How often the page asks while an import runs. */
export const POLL_MS = 700;

/** GET admin import/stackexchange. */
export const fetchImportStatus = () => api.get(`${ADMIN}/import/stackexchange`);

/** The import's status, polled while it runs. */
export function useImportStatus() {
  return useQuery({
    queryKey: importKeys.status(),
    queryFn: fetchImportStatus,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? POLL_MS : false),
  });
}

/**
 * POST admin import/stackexchange: the dump's files and the site. Sent with XMLHttpRequest rather
 * than the client's fetch: a dump can take longer to upload than the client's request timeout, and
 * the upload's own progress is shown. Errors come back as ApiError for the form to show.
 */
export function startImport(input: {
  files: File[];
  site: string;
  fetchImages?: boolean;
  onUpload?: (fraction: number) => void;
}): Promise<ImportStatus> {
  const form = new FormData();
  form.append('site', input.site);
  if (input.fetchImages) form.append('fetch_images', 'true');
  for (const f of input.files) form.append('files', f, f.name);
  return postWithUploadProgress<ImportStatus>(`${ADMIN}/import/stackexchange`, form, input.onUpload);
}

/** Starting an import; the status query takes over from its answer. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (status) => client.setQueryData(importKeys.status(), status),
  });
}
