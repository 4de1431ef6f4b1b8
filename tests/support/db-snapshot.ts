import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';

/**
 * Every stored task, bid, offer, ended assignment, review, question, reply, message and
 * notification, ordered: equal snapshots mean a refusal changed nothing.
 */
export async function snapshotTasks(db: Kysely<Database>) {
  const tasks = await db.selectFrom('tasks').selectAll().orderBy('id').execute();
  const bids = await db.selectFrom('bids').selectAll().orderBy('id').execute();
  const offers = await db.selectFrom('offers').selectAll().orderBy('id').execute();
  const reopenings = await db.selectFrom('task_reopenings').selectAll().orderBy('id').execute();
  const reviews = await db.selectFrom('reviews').selectAll().orderBy('id').execute();
  const questions = await db.selectFrom('questions').selectAll().orderBy('id').execute();
  const replies = await db.selectFrom('question_replies').selectAll().orderBy('id').execute();
  const messages = await db.selectFrom('messages').selectAll().orderBy('id').execute();
  const notifications = await db.selectFrom('notifications').selectAll().orderBy('id').execute();
  return { tasks, bids, offers, reopenings, reviews, questions, replies, messages, notifications };
}
