import { basePath } from '../utils/base-path';
import { ApiError } from './errors';
import { getToken } from './token';

/**
 * POSTs a form with the caller's token and answers the envelope's data, reporting the upload's
 * progress. Sent with XMLHttpRequest (fetch reports no upload progress, and a large file can take
 * longer than the client's request timeout). Errors come back as ApiError, as from the api client.
 */
export function postWithUploadProgress<T>(path: string, form: FormData, onUpload?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${basePath()}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onUpload?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'client.network', 'network error', null));
    xhr.onload = () => {
      let envelope: { reason?: string; msg?: string; data?: unknown } = {};
      try {
        envelope = JSON.parse(xhr.responseText) as typeof envelope;
      } catch {
        envelope = { reason: 'client.bad_response', msg: xhr.statusText, data: null };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(envelope.data as T);
      else reject(new ApiError(xhr.status, envelope.reason ?? 'base.unknown', envelope.msg ?? xhr.statusText, envelope.data ?? null));
    };
    xhr.send(form);
  });
}
