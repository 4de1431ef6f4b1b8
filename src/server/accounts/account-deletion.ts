import { verifyPassword } from 'better-auth/crypto';
import { sql, type Kysely } from 'kysely';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { accounts, balanceOf } from '../payments/ledger.ts';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { withdrawPendingOffers } from '../offers/offers.store.ts';
import { deletedAddress } from './deleted-accounts.ts';
import { deliveryIdsOf } from '../delivery/delivery.store.ts';
import { removeFiles } from '../files/files.service.ts';

type Db = Kysely<Database>;

/** A Google-only account proves it is its owner by a sign-in this recent. */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * Whether the request may delete the account: the password of an email account, or, for an
 * account with none (Google), a session begun in the last five minutes.
 */
export async function assertOwnerConfirmed(
  db: Db,
  userId: string,
  password: string | undefined,
  sessionCreatedAt: Date,
  now = new Date(),
): Promise<void> {
  const credential = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('password', 'is not', null)
    .executeTakeFirst();
  if (credential?.password) {
    const ok = await verifyPassword({ hash: credential.password, password: password ?? '' });
    if (!ok) throw new AppError('forbidden', EMAIL_MESSAGES.deletePasswordWrong);
    return;
  }
  if (now.getTime() - sessionCreatedAt.getTime() > FRESH_SIGN_IN_MS) {
    throw new AppError('forbidden', EMAIL_MESSAGES.deleteNeedsFreshSignIn);
  }
}

/**
 * Others' notifications name the person as they were written ("Dana made an offer on …"): on
 * the tasks the person took part in, and on the profiles they reviewed, those that begin with
 * their name begin with "Deleted user" instead, and so do the mails of them still waiting.
 */
async function renameInNotifications(trx: Db, userId: string): Promise<void> {
  const { name } = await trx
    .selectFrom('user')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const taskIds = new Set<string>();
  const taskSources = [
    trx.selectFrom('tasks').select('id as task_id').where('user_id', '=', userId),
    trx.selectFrom('offers').select('task_id').where('bidder_id', '=', userId),
    trx.selectFrom('questions').select('task_id').where('asker_id', '=', userId),
    trx.selectFrom('reviews').select('task_id').where('reviewer_id', '=', userId),
    trx
      .selectFrom('question_replies')
      .innerJoin('questions', 'questions.id', 'question_replies.question_id')
      .select('questions.task_id')
      .where('question_replies.author_id', '=', userId),
  ];
  for (const source of taskSources) {
    for (const row of await source.execute()) taskIds.add(row.task_id);
  }
  const reviewed = await trx
    .selectFrom('reviews')
    .select('reviewee_id')
    .where('reviewer_id', '=', userId)
    .execute();
  const links = [
    ...[...taskIds].map((id) => `/task/${id}`),
    ...reviewed.map((row) => `/users/${row.reviewee_id}`),
  ];
  const deleted = EMAIL_MESSAGES.deletedUserName;
  for (const link of links) {
    const named = await trx
      .updateTable('notifications')
      .set({ text: sql<string>`${deleted} || substr(text, ${name.length + 1})` })
      .where((eb) =>
        eb.or([
          eb('link', '=', link),
          eb('link', 'like', `${link}?%`),
          eb('link', 'like', `${link}#%`),
        ]),
      )
      .where(sql<boolean>`substr(text, 1, ${name.length}) = ${name}`)
      .where('user_id', '!=', userId)
      .returning('id')
      .execute();
    if (!named.length) continue;
    await trx
      .updateTable('outbox')
      .set({
        subject: sql<string>`replace(subject, ${name}, ${deleted})`,
        content: sql<string>`replace(content, ${JSON.stringify(name).slice(1, -1)}, ${deleted})`,
      })
      .where('status', '=', 'pending')
      .where(
        'notification_id',
        'in',
        named.map((row) => row.id),
      )
      .execute();
  }
}

/**
 * Issue 19 "Delete account", in one transaction. Refused while a task of theirs is assigned, on
 * either side. Otherwise their open tasks go (with what hangs on them), their pending offers
 * are withdrawn, and everything that is theirs alone is removed: sessions, credentials, reset
 * links, notifications, saved searches and their alerts, email settings and digests, mails not
 * yet sent, rate-limit counters. What others received from them (reviews, questions, replies,
 * messages, offers on finished tasks) stays, under a user row emptied of name, photo and
 * email: "Deleted user". Their files go, but those of their messages and deliveries.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const assigned = await trx
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'assigned')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('assignee_id', '=', userId)]))
      .executeTakeFirst();
    if (assigned) throw new AppError('conflict', EMAIL_MESSAGES.deleteAssigned);
    // Issue 21: money that is theirs is paid out first; deleting would leave it with nobody.
    if ((await balanceOf(trx, accounts.available(userId))) > 0) {
      throw new AppError('conflict', PAYMENT_MESSAGES.deleteWithBalance);
    }

    const at = new Date().toISOString();
    const pending = await trx
      .selectFrom('offers')
      .select(['id', 'task_id'])
      .where('bidder_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
    await withdrawPendingOffers(trx, pending, at);

    // Issue 49: deliveries made on their open tasks (an earlier hire's) go with the tasks.
    const openTasks = await trx
      .selectFrom('tasks')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .execute();
    const deliveryIds = await deliveryIdsOf(
      trx,
      openTasks.map((task) => task.id),
    );
    await trx
      .deleteFrom('tasks')
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .execute();
    await removeFiles(trx, { attachedType: 'delivery', attachedIds: deliveryIds });
    // Issue 49: their photos and documents go (the sweep deletes the bytes), those of the
    // tasks that stay too; what they sent in messages and deliveries stays with its receivers.
    await removeFiles(trx, { ownerLeaving: userId });
    await trx
      .updateTable('tasks')
      .set({ photo_key: null, photo_placeholder: null, file_count: 0 })
      .where('user_id', '=', userId)
      .where('file_count', '>', 0)
      .execute();
    for (const table of [
      'notifications',
      'saved_searches',
      'saved_search_alerts',
      'mail_preferences',
      'mail_digests',
      'outbox',
      'conversation_rate_limits',
      // Issue 50: what they said of themselves as a freelancer.
      'freelancer_profiles',
      'freelancer_skills',
      'freelancer_words',
      'task_match_alerts',
      'portfolio_items', // their photos were removed above
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    // Issue 50: invitations they received go; those they sent went with their open tasks.
    await trx.deleteFrom('invitations').where('freelancer_id', '=', userId).execute();
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    await trx.deleteFrom('account').where('userId', '=', userId).execute();
    await trx.deleteFrom('verification').where('value', '=', userId).execute();
    await renameInNotifications(trx, userId);
    await trx
      .updateTable('user')
      .set({
        name: EMAIL_MESSAGES.deletedUserName,
        email: deletedAddress(userId),
        image: null,
        updatedAt: at,
      })
      .where('id', '=', userId)
      .execute();
  });
}
