import { PostgresAdapter, type Kysely, sql } from 'kysely';

/**
 * Better Auth's tables with the column types its own generator picks for each engine
 * (db/auth-schema.test.ts proves they match), then Tasklane's tasks and bids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = isPostgres ? 'timestamptz' : 'date';
  const boolean = isPostgres ? 'boolean' : 'integer';

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', boolean, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', date, (c) => c.notNull())
    .addColumn('updatedAt', date, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', date, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', date, (c) => c.notNull())
    .addColumn('updatedAt', date, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', date)
    .addColumn('refreshTokenExpiresAt', date)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', date, (c) => c.notNull())
    .addColumn('updatedAt', date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', date, (c) => c.notNull())
    .addColumn('createdAt', date, (c) => c.notNull())
    .addColumn('updatedAt', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();

  // Sign-in attempts, counted in the database so every instance sees the same limits.
  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('budget_cents', 'integer', (c) => c.notNull().check(sql`budget_cents > 0`))
    .addColumn('bids_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One index per query the API runs (tasks.store.ts): newest first, by deadline, by bids,
  // by category, by poster.
  await db.schema
    .createIndex('tasks_created_idx')
    .on('tasks')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('tasks_deadline_idx')
    .on('tasks')
    .columns(['deadline', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tasks_bids_idx')
    .on('tasks')
    .columns(['bids_count', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tasks_category_idx')
    .on('tasks')
    .columns(['category', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tasks_user_idx')
    .on('tasks')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('bids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('bidder_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bids_task_idx')
    .on('bids')
    .columns(['task_id', 'created_at'])
    .execute();
  await db.schema.createIndex('bids_bidder_idx').on('bids').column('bidder_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bids',
    'tasks',
    'rateLimit',
    'verification',
    'account',
    'session',
    'user',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
