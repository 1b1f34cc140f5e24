import { useMutation } from '@tanstack/react-query';
import { ADMIN } from '../client';
import { basePath } from '../../utils/base-path';
import { ApiError } from '../errors';
import { getToken } from '../token';

/** The file name the server gives in Content-Disposition, else a dated default. */
function fileNameOf(res: Response): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? `lantern-stackexchange-${new Date().toISOString().slice(0, 10)}.zip`;
}

/** GET admin export/stackexchange: the site as a Stack Exchange dump .zip, saved by the browser; an envelope error is thrown as ApiError. */
export async function downloadSeExport(): Promise<void> {
  const token = getToken();
  const res = await fetch(`${basePath()}${ADMIN}/export/stackexchange`, { headers: token ? { Authorization: token } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { reason?: string; msg?: string; data?: unknown } | null;
    throw new ApiError(res.status, body?.reason ?? 'base.unknown', body?.msg ?? res.statusText, body?.data ?? null);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The export's download as a mutation (pending while the server writes and sends it). */
export function useSeExportDownload() {
  return useMutation({ mutationFn: downloadSeExport });
}
