import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config.ts';
import type { UploadTarget } from '../../shared/files.ts';

/**
 * Issue 49: where the bytes of files live (docs/files.md, decision 055). Keys are ours, never a
 * user's: `originals/<file id>` for what was uploaded (documents stay there), and
 * `public/<sha-256>-<variant>.webp` for images' variants.
 */
export interface FileStorage {
  readonly mode: StorageConfig['mode'];
  /** How the browser sends an upload's bytes: to the API (local) or to the bucket (s3). */
  uploadTarget(
    id: string,
    key: string,
    limits: { maxBytes: number; contentType: string },
  ): Promise<UploadTarget>;
  /**
   * Local only: a request body streamed to `key`, never held whole; past `maxBytes` it stops,
   * keeps nothing and throws 413 with `tooLarge`.
   */
  receive?(key: string, body: Readable, maxBytes: number, tooLarge: string): Promise<number>;
  /**
   * Runs `use` on a file on this machine holding the key's bytes (the stored file itself, or a
   * temporary copy streamed from the bucket and deleted after); undefined when there are none.
   */
  withLocalCopy<T>(
    key: string,
    use: (file: string, size: number) => Promise<T>,
  ): Promise<T | undefined>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A file of this machine stored under `key`, streamed. */
  putFile(key: string, file: string, size: number, contentType: string): Promise<void>;
  /** The key's bytes as a stream, with their length; undefined when there are none. */
  open(key: string): Promise<{ body: Readable; size: number } | undefined>;
  remove(keys: readonly string[]): Promise<void>;
}

export const originalKey = (fileId: string) => `originals/${fileId}`;
/**
 * Where a judged document is kept: not where it was uploaded to, which a presigned POST may
 * still write to for a while after completion.
 */
export const documentKey = (fileId: string) => `documents/${fileId}`;
export const variantKey = (base: string, variant: string) => `public/${base}-${variant}.webp`;
