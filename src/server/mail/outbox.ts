import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { MailContent } from './mail-layout.ts';
import { countMadeSince } from '../db/count-since.ts';

/** What writes a mail: its kind (for preferences and unsubscribing), whom, and what it says. */
export interface MailRequest {
  kind: string;
  to: string;
  /** The recipient's account, when the mail is to a user. */
  userId?: string | null;
  content: MailContent;
  /** Extra headers: Reply-To, … (the sender adds List-Unsubscribe for the kinds one can). */
  headers?: Record<string, string>;
  /** The notification the mail tells of: not sent once it is read. */
  notificationId?: string;
  /** Not before this time (a private message's mail waits). */
  sendAt?: Date | undefined;
}

/**
 * Writes a mail to the outbox (issue 19, decision 029). Call it with the transaction of the
 * change the mail is about: the mail exists exactly when the change does, and the sender renders
 * and sends it once that has committed, so the request that caused it never waits for the
 * rendering (about 4 ms). Returns the mail's id, which is also its Message-ID.
 */
export async function enqueueMail(db: Kysely<Database>, mail: MailRequest): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await db
    .insertInto('outbox')
    .values({
      id,
      kind: mail.kind,
      user_id: mail.userId ?? null,
      to_address: mail.to,
      subject: mail.content.subject,
      content: JSON.stringify(mail.content),
      headers: JSON.stringify(mail.headers ?? {}),
      notification_id: mail.notificationId ?? null,
      next_attempt_at: mail.sendAt?.toISOString() ?? at,
      created_at: at,
    })
    .execute();
  return id;
}

/**
 * Whether `to` has had `perHour` mails of `kind` in the last hour. A form anyone may fill in
 * (forgot password, the newsletter) mails one address no more than that, however often and from
 * wherever it is asked, and answers as if it had (issues 19 and 47).
 */
export async function hasHadMailsThisHour(
  db: Kysely<Database>,
  kind: MailRequest['kind'],
  to: string,
  perHour: number,
): Promise<boolean> {
  const since = new Date(Date.now() - 60 * 60 * 1000);
  return (await countMadeSince(db, 'outbox', { kind, to_address: to }, since)) >= perHour;
}
