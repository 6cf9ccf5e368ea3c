import { type Lang, UPLOAD_LIMITS } from '@sc/contract';
import { buildUrl } from '../../../api/client';
import { translate } from '../../../i18n/i18n';

/** The numbers auto-create will give: the trailing digits of startNo counted on, zero-padded (as the server does). */
export function previewNos(
  startNo: string | undefined,
  count: number | undefined,
): { first: string; last: string } | null {
  if (!startNo || !count || !Number.isInteger(count) || count < 1) return null;
  const m = /^(.*?)(\d+)$/.exec(startNo.trim());
  if (!m) return null;
  const [, prefix, digits] = m as unknown as [string, string, string];
  const last = (BigInt(digits) + BigInt(count - 1)).toString().padStart(digits.length, '0');
  return { first: `${prefix}${digits}`, last: `${prefix}${last}` };
}

/** The contract's message when a file may not be imported (a .csv under 10MB), else null. */
export function csvFileError(file: { name: string; size: number }, lang: Lang): string | null {
  if (!/\.csv$/i.test(file.name)) return translate(lang, 'validation.fileType');
  if (file.size >= UPLOAD_LIMITS.csv) return translate(lang, 'validation.fileSize');
  return null;
}

/** A multipart upload (field `file`) with progress; resolves with the status and the parsed answer. */
export function uploadFile(
  path: string,
  file: Blob & { name?: string },
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    const data = new FormData();
    data.append('file', file, file.name ?? 'import.csv');
    xhr.send(data);
  });
}
