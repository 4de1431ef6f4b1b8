import {
  fileLinkSchema,
  fileViewSchema,
  uploadCreatedSchema,
  type FilePurpose,
  type FileView,
  type UploadCreated,
} from '../../../shared/files.ts';
import { ApiError, requestAs } from '../../lib/api.ts';

/** Issue 49's API paths, kept out of lib/paths.ts: only pages that upload or show files load them. */
export const filesApiPaths = {
  uploads: '/api/uploads',
  complete: (id: string) => `/api/uploads/${encodeURIComponent(id)}/complete`,
  link: (id: string) => `/api/files/${encodeURIComponent(id)}/link`,
};

export const UPLOAD_FAILED = 'The upload failed. Please try again.';

/** The bytes of one upload, sent with XMLHttpRequest: fetch reports no upload progress. */
function sendBytes(
  ticket: UploadCreated['upload'],
  file: Blob,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.url);
    let body: Blob | FormData = file;
    if (ticket.method === 'PUT') {
      for (const [name, value] of Object.entries(ticket.headers ?? {}))
        xhr.setRequestHeader(name, value);
    } else {
      // A presigned POST: its fields first, the file last (S3 ignores fields after the file).
      const form = new FormData();
      for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
      form.append('file', file);
      body = form;
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      reject(new ApiError(xhr.status, messageOf(xhr.responseText), null));
    };
    xhr.onerror = () => reject(new ApiError(0, UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The API's `{message}`; a bucket's XML refusal is not for people, so it reads as a failure. */
function messageOf(text: string): string {
  try {
    const data: unknown = JSON.parse(text);
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
      return data.message;
  } catch {
    // not JSON
  }
  return UPLOAD_FAILED;
}

export interface UploadOptions {
  purpose: FilePurpose;
  /** The name the file is stored under (a cropped avatar has none of its own). */
  name?: string;
  onProgress(fraction: number): void;
  signal: AbortSignal;
}

/**
 * One upload, the contract's three steps: ask for a ticket (the server checks size, type, quota
 * and the day's count first), send the bytes, then have the server check and process them.
 */
export async function uploadFile(file: Blob, options: UploadOptions): Promise<FileView> {
  const name = options.name ?? (file instanceof File ? file.name : 'upload');
  const ticket = await requestAs(uploadCreatedSchema, 'POST', filesApiPaths.uploads, {
    name,
    size: file.size,
    type: file.type || 'application/octet-stream',
    purpose: options.purpose,
  });
  options.signal.throwIfAborted();
  await sendBytes(ticket.upload, file, options.onProgress, options.signal);
  return requestAs(fileViewSchema, 'POST', filesApiPaths.complete(ticket.id));
}

/** A private file's short-lived download link (documents, message and delivery files). */
export const fileLink = (id: string) => requestAs(fileLinkSchema, 'GET', filesApiPaths.link(id));
