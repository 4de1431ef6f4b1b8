import { type Kysely, sql } from 'kysely';

/**
 * Issue 10, conversations and notifications: public questions on a task and their replies,
 * private messages per offer, each user's notifications, the per-user write counter that
 * limits floods, and when each review was made public (its reviewee is told once). Portable as
 * 0001 and 0003 are: text ids, ISO-8601 UTC text times that sort as text on both engines.
 * Texts are stored as written; contact details are masked when read (docs/decisions/011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Texts written by a user under a task, a question or an offer; each goes with its parent.
  const texts = [
    // A task's questions, newest first.
    { table: 'questions', parent: ['task_id', 'tasks'], author: 'asker_id', newestFirst: true },
    // A question's replies and an offer's conversation, oldest first.
    { table: 'question_replies', parent: ['question_id', 'questions'], author: 'author_id' },
    { table: 'messages', parent: ['offer_id', 'offers'], author: 'author_id' },
  ] as const;
  for (const { table, parent, author, ...order } of texts) {
    const [parentId, parentTable] = parent;
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn(parentId, 'text', (c) =>
        c.notNull().references(`${parentTable}.id`).onDelete('cascade'),
      )
      .addColumn(author, 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    const time = 'newestFirst' in order ? ['created_at desc', 'id desc'] : ['created_at', 'id'];
    await db.schema
      .createIndex(`${table}_${parentId}_idx`)
      .on(table)
      .columns([parentId, ...time])
      .execute();
  }
  // The messages after a reconnecting stream's position.
  await db.schema
    .createIndex('messages_created_idx')
    .on('messages')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  // A user's notifications newest first (pages and stream replays walk it both ways).
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  // The unread count: only unread rows are in this index.
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();

  // Messages, questions and replies a user has written in the current window (fixed windows),
  // in the database so every instance counts the same (like Better Auth's rateLimit table).
  await db.schema
    .createTable('conversation_rate_limits')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  // When the review became public and its reviewee was told: once, whichever instance does it.
  await db.schema.alterTable('reviews').addColumn('published_at', 'text').execute();
  // The sweep's reviews still blind, by when their blind time ends.
  await db.schema
    .createIndex('reviews_unpublished_idx')
    .on('reviews')
    .column('public_at')
    .where(sql.ref('published_at'), 'is', null)
    .execute();
  // Reviews public already are not announced again.
  const now = new Date().toISOString();
  await sql`
    update reviews set published_at = ${now}
    where public_at <= ${now}
      or exists (
        select 1 from reviews as other
        where other.task_id = reviews.task_id and other.reviewer_id = reviews.reviewee_id
      )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reviews_unpublished_idx').execute();
  await db.schema.alterTable('reviews').dropColumn('published_at').execute();
  for (const table of [
    'conversation_rate_limits',
    'notifications',
    'messages',
    'question_replies',
    'questions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
