import type { ErrorBody } from '@sc/contract';
import { buildUrl } from '../../api/client';
import { ApiError } from '../../api/errors';
import { beginLoading } from '../../api/loading';

/**
 * Sends `file` (multipart field `file`, plus `fields`) to a path on the API client's URL (token and lang
 * query), reporting the upload's progress in percent (fetch has none, hence XMLHttpRequest). Resolves
 * with the answer's JSON; rejects with the client's ApiError, as the other calls do.
 */
export function uploadFile<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: Blob,
  onProgress?: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const endLoading = beginLoading();
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', file);
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      endLoading();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status === 200) resolve(body as T);
      else reject(new ApiError(xhr.status, typeof body === 'object' && body ? (body as ErrorBody) : undefined));
    };
    xhr.onerror = () => {
      endLoading();
      reject(new ApiError(0));
    };
    xhr.send(form);
  });
}
