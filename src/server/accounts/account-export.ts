import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { LinkSigner } from '../files/file-links.ts';
import { mailModesOf } from '../mail/notification-mails.ts';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { MAIL_KINDS } from '../../shared/mail-preferences.ts';

type Db = Kysely<Database>;

/**
 * Issue 19 "Leave with your data": everything stored about a user, as they may see it. Others
 * appear by name only, never by email. Reviews about the user are there once they are public
 * (a blind review is the reviewer's until then); sessions and password hashes are not data
 * about the person but keys to the account, and stay out. Issue 47: the money (payments either
 * side, receipts, payouts) and the trust records the user made (blocks, reports) too. Issue 49:
 * the files they uploaded, each with a download link signed for them.
 */
export async function exportAccount(db: Db, userId: string, links: LinkSigner, now = new Date()) {
  const user = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'emailVerified', 'image', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const myOfferIds = db.selectFrom('offers').select('id').where('bidder_id', '=', userId);
  const offersOnMyTasks = db
    .selectFrom('offers')
    .innerJoin('tasks', 'tasks.id', 'offers.task_id')
    .select('offers.id')
    .where('tasks.user_id', '=', userId);
  const at = now.toISOString();
  const [tasks, offers, messages, questions, replies, written, received, notifications] =
    await Promise.all([
      db
        .selectFrom('tasks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db.selectFrom('offers').selectAll().where('bidder_id', '=', userId).execute(),
      db
        .selectFrom('messages')
        .innerJoin('user', 'user.id', 'messages.author_id')
        .select([
          'messages.id',
          'messages.offer_id',
          'messages.text',
          'messages.created_at',
          'user.name as author_name',
        ])
        .where((eb) =>
          eb.or([
            eb('messages.offer_id', 'in', myOfferIds),
            eb('messages.offer_id', 'in', offersOnMyTasks),
          ]),
        )
        .orderBy('messages.created_at')
        .execute(),
      db.selectFrom('questions').selectAll().where('asker_id', '=', userId).execute(),
      db.selectFrom('question_replies').selectAll().where('author_id', '=', userId).execute(),
      db.selectFrom('reviews').selectAll().where('reviewer_id', '=', userId).execute(),
      db
        .selectFrom('reviews')
        .innerJoin('user', 'user.id', 'reviews.reviewer_id')
        .select([
          'reviews.id',
          'reviews.task_id',
          'reviews.rating',
          'reviews.comment',
          'reviews.created_at',
          'user.name as reviewer_name',
        ])
        .where('reviewee_id', '=', userId)
        .where((eb) =>
          eb.or([eb('reviews.published_at', 'is not', null), eb('reviews.public_at', '<=', at)]),
        )
        .execute(),
      db
        .selectFrom('notifications')
        .select(['id', 'type', 'text', 'link', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ]);
  const savedSearches = await db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const money = await exportMoney(db, userId);
  const trust = await exportTrust(db, userId);
  const files = await exportFiles(db, userId, links);
  const modeOf = await mailModesOf(db, [userId]);
  return {
    exportedAt: at,
    profile: { ...user, emailVerified: Boolean(user.emailVerified) },
    tasks,
    offers,
    messages,
    questions,
    replies,
    reviewsWritten: written,
    reviewsReceived: received,
    notifications,
    savedSearches,
    ...money,
    ...trust,
    files,
    emailSettings: Object.fromEntries(MAIL_KINDS.map((kind) => [kind, modeOf(userId, kind)])),
  };
}

/** Cents are bigint on PostgreSQL, read as text there. */
const cents = (value: number | string) => Number(value);

/** Payments the user made or received, their receipts and their payouts. */
async function exportMoney(db: Db, userId: string) {
  const [payments, receipts, payouts] = await Promise.all([
    db
      .selectFrom('payments')
      .innerJoin('tasks', 'tasks.id', 'payments.task_id')
      .leftJoin('user as payer', 'payer.id', 'payments.payer_id')
      .leftJoin('user as payee', 'payee.id', 'payments.payee_id')
      .select([
        'payments.id',
        'payments.task_id',
        'tasks.title as task_title',
        'payer.name as payer_name',
        'payee.name as payee_name',
        'payments.amount_cents',
        'payments.client_fee_cents',
        'payments.total_cents',
        'payments.status',
        'payments.created_at',
        'payments.paid_at',
        'payments.settled_at',
      ])
      .where((eb) =>
        eb.or([eb('payments.payer_id', '=', userId), eb('payments.payee_id', '=', userId)]),
      )
      .orderBy('payments.created_at')
      .execute(),
    db
      .selectFrom('receipts')
      .select(['number', 'kind', 'task_id', 'lines', 'total_cents', 'created_at'])
      .where((eb) => eb.or([eb('payer_id', '=', userId), eb('payee_id', '=', userId)]))
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('payouts')
      .select([
        'id',
        'amount_cents',
        'destination',
        'status',
        'failure',
        'created_at',
        'settled_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  return {
    payments: payments.map((row) => ({
      ...row,
      payer_name: row.payer_name ?? EMAIL_MESSAGES.deletedUserName,
      payee_name: row.payee_name ?? EMAIL_MESSAGES.deletedUserName,
      amount_cents: cents(row.amount_cents),
      client_fee_cents: cents(row.client_fee_cents),
      total_cents: cents(row.total_cents),
    })),
    receipts: receipts.map(({ lines, ...row }) => ({
      ...row,
      total_cents: cents(row.total_cents),
      content: JSON.parse(lines) as unknown,
    })),
    payouts: payouts.map((row) => ({ ...row, amount_cents: cents(row.amount_cents) })),
  };
}

/** Whom the user blocked (by name) and what they reported. */
async function exportTrust(db: Db, userId: string) {
  const [blocks, reports] = await Promise.all([
    db
      .selectFrom('blocks')
      .innerJoin('user', 'user.id', 'blocks.blocked_id')
      .select(['user.name as blocked_name', 'blocks.created_at'])
      .where('blocks.blocker_id', '=', userId)
      .orderBy('blocks.created_at')
      .execute(),
    db
      .selectFrom('reports')
      .select(['id', 'item_type', 'item_id', 'reason', 'note', 'status', 'created_at', 'closed_at'])
      .where('reporter_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { blocks, reportsMade: reports };
}

/**
 * Issue 49: the user's files that are there to read (uploaded and judged, attached or not):
 * name, type, size, purpose, when, and a link signed for the user as GET /api/files/{id}/link
 * gives it (short-lived: a file's link is asked for again once it expires).
 */
async function exportFiles(db: Db, userId: string, links: LinkSigner) {
  const rows = await db
    .selectFrom('files')
    .select(['id', 'original_name', 'mime', 'size_bytes', 'purpose', 'created_at'])
    .where('owner_id', '=', userId)
    .where('status', 'in', ['ready', 'attached'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const link = links.linkTo(row.id, userId);
    return {
      id: row.id,
      name: row.original_name,
      type: row.mime,
      size_bytes: row.size_bytes,
      purpose: row.purpose,
      created_at: row.created_at,
      download_url: link.url,
      download_expires_at: link.expiresAt,
    };
  });
}
