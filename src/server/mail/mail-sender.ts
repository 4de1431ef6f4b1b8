import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Transporter } from 'nodemailer';
import { claimDue } from '../db/claim-due.ts';
import type { Database, OutboxTable } from '../db/types.ts';
import { MAIL_KINDS, type MailKind } from '../../shared/mail-preferences.ts';
import type { MailContent } from './mail-layout.ts';
import { mailModesOf } from './notification-mails.ts';
import { unsubscribeQuery } from './unsubscribe.ts';

/**
 * The outbox's sender (issue 19, decision 029), one per instance. Each poll claims a few due
 * mails with a lease (on PostgreSQL with FOR UPDATE SKIP LOCKED, so instances polling at once
 * claim different rows), sends them, and records the outcome. A failed send is tried again
 * with a doubling wait, up to a day after the mail was written, and then given up, in the log.
 * A process that dies holding a claim leaves it to expire, and another poll sends the mail.
 * Without an SMTP server (no SMTP_URL) each mail is logged, subject and links, and kept as
 * `logged`: a developer follows the reset link from the console. A mail is rendered here, as it
 * is sent, not in the request that wrote it.
 */

/** How long a claim keeps other pollers off a mail: far longer than one SMTP send takes. */
const LEASE_MS = 60_000;
/** Mails claimed per poll. */
const BATCH = 10;
/** After this long, a mail that still could not be sent is given up. */
export const GIVE_UP_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two tries. */
const MAX_RETRY_MS = 60 * 60 * 1000;

export interface MailSenderOptions {
  db: Kysely<Database>;
  /** Undefined: no SMTP server; mails are logged instead. */
  smtpUrl: string | undefined;
  from: string;
  pollMs: number;
  /** The wait before the first retry; each later one doubles it. */
  retryMs: number;
  log: FastifyBaseLogger;
  /** Links in mails are made absolute on it. */
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  /** No mail but the security ones to an address not verified. */
  requireEmailVerification: boolean;
}

export interface MailSender {
  /** One poll now: how many mails it handled. */
  runOnce(): Promise<number>;
  /** Stops polling, once the poll under way (if any) has finished. */
  stop(): Promise<void>;
}

type OutboxRow = Selectable<OutboxTable>;

const isMailKind = (kind: string): kind is MailKind =>
  (MAIL_KINDS as readonly string[]).includes(kind);

/**
 * Why a mail due now is no longer wanted, or undefined to send it: its notification was read,
 * its recipient deleted their account, turned its kind off, or has an unverified address where
 * verification is required. Security mails are always wanted.
 */
async function unwantedBecause(
  db: Kysely<Database>,
  mail: OutboxRow,
  requireEmailVerification: boolean,
): Promise<string | undefined> {
  if (!isMailKind(mail.kind)) return undefined;
  if (!mail.user_id) return 'recipient deleted';
  if (mail.notification_id) {
    const notification = await db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', mail.notification_id)
      .executeTakeFirst();
    if (notification?.read_at) return 'notification read';
  }
  const modeOf = await mailModesOf(db, [mail.user_id]);
  if (modeOf(mail.user_id, mail.kind) === 'off') return 'turned off';
  if (requireEmailVerification) {
    const user = await db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', mail.user_id)
      .executeTakeFirst();
    if (!user?.emailVerified) return 'address not verified';
  }
  return undefined;
}

export function startMailSender(options: MailSenderOptions): MailSender {
  const { db, from, log, publicUrl, secret } = options;
  // nodemailer is loaded by the first mail sent over SMTP, not at every start (its import:
  // about 60 ms). Its connections are pooled (`pool=true` in the URL, as nodemailer reads a
  // URL's options), closed as the sender stops: a mail after another goes on the same
  // connection, not a new connection, greeting and EHLO each (a server's greeting alone may
  // wait: smtp-server's 100 ms, Postfix's postscreen more). Sent from a new connection each, a
  // mail had taken about 150 ms to the tests' SMTP server, a poll's batch of ten 1.5 s; pooled,
  // about 45 ms after the first.
  const { smtpUrl } = options;
  let transport: Promise<Transporter> | undefined;
  const transportOf = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      const pooled = new URL(url);
      pooled.searchParams.set('pool', 'true');
      return nodemailer.createTransport(pooled.toString());
    }));

  // A mail done with (sent, given up, skipped, logged) keeps no words: only who, what kind and
  // when, so the outbox holds no copy of what people were told.
  const finish = (id: string, set: Partial<OutboxRow>) =>
    db
      .updateTable('outbox')
      .set({
        ...set,
        claimed_until: null,
        ...(set.status && set.status !== 'pending' ? { subject: '', content: '{}' } : {}),
      })
      .where('id', '=', id)
      .execute();

  async function deliver(mail: OutboxRow): Promise<void> {
    const attempts = mail.attempts + 1;
    const unwanted = await unwantedBecause(db, mail, options.requireEmailVerification);
    if (unwanted) {
      await finish(mail.id, { status: 'skipped', attempts, last_error: unwanted });
      return;
    }
    const stored = JSON.parse(mail.content) as MailContent;
    const absolute = (url: string) => new URL(url, publicUrl).toString();
    const headers = JSON.parse(mail.headers) as Record<string, string>;
    let unsubscribeUrl: string | undefined;
    if (isMailKind(mail.kind) && mail.user_id) {
      const query = unsubscribeQuery(secret, mail.user_id, mail.kind);
      unsubscribeUrl = absolute(`/unsubscribe?${query}`);
      // RFC 8058: one POST to this URL unsubscribes, without a page or a sign-in.
      headers['List-Unsubscribe'] = `<${absolute(`/api/mail/unsubscribe?${query}`)}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    const content: MailContent = {
      ...stored,
      action: stored.action && { ...stored.action, url: absolute(stored.action.url) },
      unsubscribeUrl,
    };
    if (!smtpUrl) {
      const links = [content.action?.url, content.unsubscribeUrl].filter(Boolean);
      log.info(
        { to: mail.to_address, subject: mail.subject, links },
        'mail not sent (no SMTP_URL)',
      );
      await finish(mail.id, { status: 'logged', attempts });
      return;
    }
    try {
      // React Email and react-dom/server are loaded by the first mail sent, not at every
      // start (their imports: about 120 ms).
      const { renderMail } = await import('./mail-layout.ts');
      const { html, text } = await renderMail(content);
      await (
        await transportOf(smtpUrl)
      ).sendMail({
        from,
        to: mail.to_address,
        subject: mail.subject,
        html,
        text,
        headers,
        // The same mail keeps one Message-ID, so a receiver can tell a repeat.
        messageId: `<${mail.id}@tasklane>`,
      });
      await finish(mail.id, { status: 'sent', attempts, sent_at: new Date().toISOString() });
    } catch (error) {
      const now = Date.now();
      const lastError = error instanceof Error ? error.message : String(error);
      if (now - Date.parse(mail.created_at) >= GIVE_UP_MS) {
        log.error({ mailId: mail.id, kind: mail.kind, attempts, err: lastError }, 'mail given up');
        await finish(mail.id, { status: 'failed', attempts, last_error: lastError });
        return;
      }
      const wait = Math.min(options.retryMs * 2 ** (attempts - 1), MAX_RETRY_MS);
      log.warn({ mailId: mail.id, attempts, err: lastError, retryInMs: wait }, 'mail not sent yet');
      await finish(mail.id, {
        attempts,
        last_error: lastError,
        next_attempt_at: new Date(now + wait).toISOString(),
      });
    }
  }

  let running: Promise<number> | undefined;
  let stopped = false;
  const runOnce = () => {
    running ??= (async () => {
      try {
        const mails = await claimDue(db, 'outbox', new Date(), { leaseMs: LEASE_MS, batch: BATCH });
        for (const mail of mails) await deliver(mail);
        return mails.length;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const poll = () => {
    if (stopped) return;
    runOnce()
      .catch((error: unknown) => log.warn({ err: error }, 'mail poll failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(poll, options.pollMs).unref();
      });
  };
  let timer: NodeJS.Timeout | undefined = setTimeout(poll, 0).unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
      (await transport?.catch(() => undefined))?.close();
    },
  };
}
