import { vi } from 'vitest';

/** An upload the stand-in XMLHttpRequest received. */
export interface SentUpload {
  method: string;
  url: string;
  body: FormData;
}

/**
 * A stand-in XMLHttpRequest (the console's uploads report progress, which fetch cannot) recording each
 * upload and answering it with `answer` after one progress event.
 */
export function stubXhr(answer: { status: number; json: unknown }): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.push({ method: this.method, url: this.url, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.json);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
