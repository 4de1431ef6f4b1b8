import { sql, type Kysely } from 'kysely';

/**
 * Issue 20's market figures (moderation/market-stats.ts): the tasks hired and completed in a
 * window, and each task's first offer, read from indexes rather than every row of the tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('tasks_assigned_at_idx')
    .on('tasks')
    .column('assigned_at')
    .where(sql.ref('assigned_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('tasks_completed_at_idx')
    .on('tasks')
    .column('completed_at')
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('offers_task_created_idx')
    .on('offers')
    .columns(['task_id', 'created_at'])
    .execute();
  await db.schema.createIndex('offers_created_idx').on('offers').column('created_at').execute();
}
