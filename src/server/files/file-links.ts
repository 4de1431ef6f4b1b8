import crypto from 'node:crypto';
import { FILE_MESSAGES, type FileLink } from '../../shared/files.ts';
import { AppError } from '../errors.ts';

/**
 * Issue 49: a private file's short-lived link, HMAC-signed with the app's secret and bound to
 * the file, the reader and the expiry. The download route checks the signature and the time,
 * then again whether that reader may still see the file (files.service.ts), on every read.
 * A reader who is nobody (a visitor of a public task's documents) is written `-`.
 */
export const ANONYMOUS_READER = '-';

export interface LinkSigner {
  linkTo(fileId: string, readerId: string | undefined, now?: number): FileLink;
  /** The reader the link was made for; throws 403 when it is forged or expired. */
  readerOf(fileId: string, query: { u: string; e: number; s: string }, now?: number): string;
}

export function createLinkSigner(secret: string, lifetimeMs: number): LinkSigner {
  // Its own key, so a signature of another feature's is never a file link's.
  const key = crypto.createHmac('sha256', secret).update('tasklane file links').digest();
  const sign = (fileId: string, reader: string, expires: number) =>
    crypto.createHmac('sha256', key).update(`${fileId}\n${reader}\n${expires}`).digest('base64url');
  return {
    linkTo(fileId, readerId, now = Date.now()) {
      const reader = readerId ?? ANONYMOUS_READER;
      const expires = now + lifetimeMs;
      const query = new URLSearchParams({
        u: reader,
        e: String(expires),
        s: sign(fileId, reader, expires),
      });
      return {
        url: `/api/files/${encodeURIComponent(fileId)}/download?${query}`,
        expiresAt: new Date(expires).toISOString(),
      };
    },
    readerOf(fileId, { u, e, s }, now = Date.now()) {
      const expected = Buffer.from(sign(fileId, u, e));
      const given = Buffer.from(s);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        throw new AppError('forbidden', FILE_MESSAGES.linkInvalid);
      }
      if (e <= now) throw new AppError('forbidden', FILE_MESSAGES.linkExpired);
      return u;
    },
  };
}
