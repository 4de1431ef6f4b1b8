import { sql, type Kysely } from 'kysely';

/**
 * Issue 50: `task_match_jobs`, the matched alerts a posted or edited task owes, one row written
 * in the transaction of the post or edit and carried out after its commit (as the outbox's mails
 * and the payment jobs are): claimed with a lease (db/claim-due.ts), so instances and restarts
 * make each job once; a row a stopped instance left pending, or claimed, is taken up again by
 * the sweeps. Only the task is named: who fits it is read when the job runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_match_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('poster_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'done')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema
    .createIndex('task_match_jobs_due_idx')
    .on('task_match_jobs')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('task_match_jobs_task_idx')
    .on('task_match_jobs')
    .column('task_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_match_jobs').execute();
}
