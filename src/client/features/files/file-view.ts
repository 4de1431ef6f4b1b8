/**
 * The file descriptor of issue 49's contract (`FileView`), as the web app reads it. It stands in
 * for `src/shared/files.ts` until the server side lands; then these types come from there.
 */
export type FilePurpose = 'task' | 'avatar' | 'message' | 'delivery' | 'portfolio';
export type FileKind = 'image' | 'document';

export interface FileView {
  id: string;
  kind: FileKind;
  mime: string;
  name: string;
  sizeBytes: number;
  width?: number | null | undefined;
  height?: number | null | undefined;
  /** A tiny data: URL shown while the image loads. */
  placeholder?: string | null | undefined;
  /** Images: public, immutable variants. Documents: null. */
  urls: { thumb: string; card: string; full: string } | null;
  /** Documents, for their owner: a short-lived signed link. */
  downloadUrl?: string | null | undefined;
}

/** POST /api/uploads: where the browser sends the bytes (the API itself, or the bucket). */
export interface UploadTicket {
  id: string;
  upload:
    | { method: 'PUT'; url: string; headers?: Record<string, string> }
    | { method: 'POST'; url: string; fields: Record<string, string> };
}
