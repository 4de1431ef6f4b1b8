import { sql, type Kysely } from 'kysely';

/**
 * Issue 19: mail that is never lost and never sent twice. A mail is written here in the
 * transaction of the change that causes it; a sender on each instance claims due rows, renders
 * and sends them over SMTP after the commit, and records the outcome (mail/mail-sender.ts,
 * decision 029).
 * `pending` waits (again after a failure, at `next_attempt_at`); `sent` went out; `failed` gave
 * up after a day of tries; `logged` had no SMTP server to go to and was written to the log;
 * `skipped` was no longer wanted when its time came (its notification read, its recipient
 * deleted, turned off or unverified). `mail_preferences` holds each user's choice per kind
 * (shared/mail-preferences.ts); no row is the kind's default.
 * `claimed_until` is a claim's lease: a process killed mid-send leaves its rows to be claimed
 * again once it ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // The recipient's account, when they have one (none for a newsletter or support address).
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // JSON: what the mail says (mail/mail-layout.ts MailContent), rendered when it is sent.
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON: extra headers (Reply-To, List-Unsubscribe, …).
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed', 'logged', 'skipped')`),
    )
    // A notification's mail is not sent once the notification is read.
    .addColumn('notification_id', 'text', (c) =>
      c.references('notifications.id').onDelete('set null'),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The sender's question, every poll: which pending mails are due.
  await db.schema
    .createIndex('outbox_due_idx')
    .on('outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('outbox_user_idx').on('outbox').column('user_id').execute();
  await db.schema
    .createTable('mail_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('instant', 'daily', 'off')`))
    .addPrimaryKeyConstraint('mail_preferences_pk', ['user_id', 'kind'])
    .execute();
  // The digest sweep's question each minute: the unread notifications of the last two days.
  await db.schema
    .createIndex('notifications_unread_recent_idx')
    .on('notifications')
    .column('created_at')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  // When each user last got the daily digest of each kind.
  await db.schema
    .createTable('mail_digests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_digests_pk', ['user_id', 'kind'])
    .execute();
  // Contact Us messages, kept (and mailed to SUPPORT_EMAIL).
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Newsletter sign-ups, confirmed by the mailed link (double opt-in).
  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('confirmed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').execute();
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.dropTable('mail_digests').execute();
  await db.schema.dropIndex('notifications_unread_recent_idx').execute();
  await db.schema.dropTable('mail_preferences').execute();
  await db.schema.dropTable('outbox').execute();
}
