import { parseProblem } from '../../lib/problem';

export interface UploadResult {
  status: number;
  body: string;
}

/**
 * Sends one file as multipart form data with XMLHttpRequest, which (unlike fetch) reports upload
 * progress; `onProgress` gets 0..1. Resolves with the answer for a 2xx, rejects with the problem's
 * title or the answer's text otherwise.
 */
export function uploadWithProgress(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  field = 'file',
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve({ status: xhr.status, body: xhr.responseText });
        return;
      }
      const problem = parseProblem(xhr.responseText, xhr.getResponseHeader('content-type'));
      reject(new Error(problem?.title ?? (xhr.responseText || `Upload failed (${xhr.status}).`)));
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check the connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append(field, file, file.name);
    xhr.send(body);
  });
}
