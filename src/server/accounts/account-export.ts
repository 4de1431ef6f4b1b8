import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { mailModesOf } from '../mail/notification-mails.ts';
import { MAIL_KINDS } from '../../shared/mail-preferences.ts';

type Db = Kysely<Database>;

/**
 * Issue 19 "Leave with your data": everything stored about a user, as they may see it. Others
 * appear by name only, never by email. Reviews about the user are there once they are public
 * (a blind review is the reviewer's until then); sessions and password hashes are not data
 * about the person but keys to the account, and stay out.
 */
export async function exportAccount(db: Db, userId: string, now = new Date()) {
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
    emailSettings: Object.fromEntries(MAIL_KINDS.map((kind) => [kind, modeOf(userId, kind)])),
  };
}
