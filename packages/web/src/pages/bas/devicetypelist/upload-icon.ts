import { type ErrorBody, UPLOAD_LIMITS } from '@sc/contract';
import { buildUrl } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { beginLoading } from '../../../api/loading';

export const ICON_TYPES = ['image/jpeg', 'image/png'];

/** The contract message key a file breaks before it is sent (spec 000 §5: jpg or png, under 100KB), or null. */
export function iconProblem(file: { type: string; name: string; size: number }): string | null {
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!(ICON_TYPES.includes(file.type) || (!file.type && byName))) return 'validation.iconType';
  if (file.size >= UPLOAD_LIMITS.icon) return 'validation.iconSize';
  return null;
}

/**
 * PUT multipart `file` to the icon route, on the API client's URL (token and lang query), with upload
 * progress (fetch has none, hence XMLHttpRequest). Rejects with the client's ApiError.
 */
export function uploadIcon(path: string, file: Blob, onProgress?: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const endLoading = beginLoading();
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('file', file);
    xhr.open('PUT', buildUrl(path));
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
      if (xhr.status === 200) resolve(body);
      else reject(new ApiError(xhr.status, typeof body === 'object' && body ? (body as ErrorBody) : undefined));
    };
    xhr.onerror = () => {
      endLoading();
      reject(new ApiError(0));
    };
    xhr.send(form);
  });
}
