import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { basePath } from '../../utils/base-path';
import { ADMIN, api } from '../client';
import { ApiError } from '../errors';
import { getToken } from '../token';
import type { ImportStatus } from './types';

export const importKeys = {
  status: () => ['admin', 'import', 'stackexchange'] as const,
};

/** How often the page asks while an import runs. */
export const POLL_MS = 700;

/** GET admin import/stackexchange. */
export const fetchImportStatus = () => api.get<ImportStatus>(`${ADMIN}/import/stackexchange`);

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
export function startImport(input: { files: File[]; site: string; onUpload?: (fraction: number) => void }): Promise<ImportStatus> {
  const form = new FormData();
  form.append('site', input.site);
  for (const f of input.files) form.append('files', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${basePath()}${ADMIN}/import/stackexchange`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) input.onUpload?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'client.network', 'network error', null));
    xhr.onload = () => {
      let envelope: { reason?: string; msg?: string; data?: unknown } = {};
      try {
        envelope = JSON.parse(xhr.responseText) as typeof envelope;
      } catch {
        envelope = { reason: 'client.bad_response', msg: xhr.statusText, data: null };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(envelope.data as ImportStatus);
      else reject(new ApiError(xhr.status, envelope.reason ?? 'base.unknown', envelope.msg ?? xhr.statusText, envelope.data ?? null));
    };
    xhr.send(form);
  });
}

/** Starting an import; the status query takes over from its answer. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (status) => client.setQueryData(importKeys.status(), status),
  });
}
