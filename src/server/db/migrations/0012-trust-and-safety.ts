import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 20: roles and bans (Better Auth's admin plugin: its columns on `user` and `session`),
 * blocks between users, reports of content, and the append-only log of what admins did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = isPostgres ? 'timestamptz' : 'date';
  const boolean = isPostgres ? 'boolean' : 'integer';

  // The admin plugin's fields, typed as its generator types them (db/auth-schema.test.ts).
  await db.schema.alterTable('user').addColumn('role', 'text').execute();
  await db.schema.alterTable('user').addColumn('banned', boolean).execute();
  await db.schema.alterTable('user').addColumn('banReason', 'text').execute();
  await db.schema.alterTable('user').addColumn('banExpires', date).execute();
  await db.schema.alterTable('session').addColumn('impersonatedBy', 'text').execute();

  // Who blocked whom: the blocked one cannot offer on, ask about or message the blocker.
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();

  // What an admin did, to what and why: never updated or deleted (no foreign keys, so that a
  // deleted account or item leaves its history as it was).
  await db.schema
    .createTable('admin_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // JSON: what else the action needs to be understood (a ban's end, a role given).
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_actions_created_idx')
    .on('admin_actions')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('admin_actions_target_idx')
    .on('admin_actions')
    .columns(['target_type', 'target_id'])
    .execute();

  // One report per reporter per item; `status` open until an admin closes it.
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) =>
      c
        .notNull()
        .check(sql`item_type in ('task', 'question', 'reply', 'message', 'review', 'user')`),
    )
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('spam', 'scam', 'abusive', 'inappropriate', 'other')`),
    )
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'dismissed', 'actioned')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addUniqueConstraint('reports_once_uq', ['reporter_id', 'item_type', 'item_id'])
    .execute();
  await db.schema
    .createIndex('reports_item_idx')
    .on('reports')
    .columns(['item_type', 'item_id', 'status'])
    .execute();
  await db.schema
    .createIndex('reports_open_idx')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();

  // Moderation state of each kind of content, and of a profile: 'hidden' while reports are
  // reviewed, or 'removed' by an admin (with the reason its author is shown).
  for (const table of ['tasks', 'questions', 'question_replies', 'messages', 'reviews', 'user']) {
    await db.schema.alterTable(table).addColumn('moderation', 'text').execute();
    await db.schema.alterTable(table).addColumn('moderation_reason', 'text').execute();
  }
  // Banned and suspended accounts are few: their tasks leave lists and searches by this index.
  await db.schema
    .createIndex('user_banned_idx')
    .on('user')
    .column('id')
    .where(sql<boolean>`banned`)
    .execute();
  // Moderated rows are few: lists and searches leave them out by this small index.
  await db.schema
    .createIndex('tasks_moderated_idx')
    .on('tasks')
    .column('moderation')
    .where(sql.ref('moderation'), 'is not', null)
    .execute();
}
