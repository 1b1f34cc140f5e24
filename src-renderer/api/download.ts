import { useMutation } from '@tanstack/react-query';
import { basePath } from '../utils/base-path';
import { ApiError } from './errors';
import { getToken } from './token';

/**
 * GET a file from the API with the Authorization header (so not a plain link); an envelope error is
 * thrown as ApiError.
 */
export async function fetchFile(path: string): Promise<Response> {
  const token = getToken();
  const res = await fetch(`${basePath()}${path}`, { headers: token ? { Authorization: token } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { reason?: string; msg?: string; data?: unknown } | null;
    throw new ApiError(res.status, body?.reason ?? 'base.unknown', body?.msg ?? res.statusText, body?.data ?? null);
  }
  return res;
}

/** Hands a blob to the browser to save under name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name the server gives in Content-Disposition, else `<prefix>-<today>.zip`. */
export function fileNameOf(res: Response, prefix: string): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? `${prefix}-${new Date().toISOString().slice(0, 10)}.zip`;
}

/** GET path and save what comes under the server's file name (else a dated `<prefix>-….zip`). */
export async function downloadFile(path: string, prefix: string): Promise<void> {
  const res = await fetchFile(path);
  saveBlob(await res.blob(), fileNameOf(res, prefix));
}

/** A download as a mutation (pending while the server writes and sends the file). */
export function useFileDownload(path: string, prefix: string) {
  return useMutation({ mutationFn: () => downloadFile(path, prefix) });
}
