import crypto from 'node:crypto';
import type { MailKind } from '../../shared/mail-preferences.ts';

/**
 * Issue 19: the one-click unsubscribe of a kind of mail, without signing in (RFC 8058). The link
 * names the user and the kind and carries an HMAC of both under the server's secret, so nobody
 * can turn off someone else's mail by guessing, and it never expires (an old mail's link works).
 */
function signatureOf(secret: string, userId: string, kind: MailKind): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`unsubscribe:${userId}:${kind}`)
    .digest('base64url');
}

/** The query of an unsubscribe link (u, k, s). */
export function unsubscribeQuery(secret: string, userId: string, kind: MailKind): string {
  return new URLSearchParams({
    u: userId,
    k: kind,
    s: signatureOf(secret, userId, kind),
  }).toString();
}

export function isValidUnsubscribe(
  secret: string,
  { u, k, s }: { u: string; k: MailKind; s: string },
): boolean {
  const expected = Buffer.from(signatureOf(secret, u, k));
  const given = Buffer.from(s);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
