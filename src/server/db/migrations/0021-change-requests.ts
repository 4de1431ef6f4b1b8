import type { Kysely } from 'kysely';

/**
 * Issue 47: the poster's requests for changes to delivered work, one row per round. A round
 * belongs to one hire: its accepted offer's rounds made since the task's `assigned_at` (an offer
 * keeps its id when its freelancer, released, offers again and is hired again), so a limit on
 * rounds counts that hire's only; `delivered_at` is the delivery it sent back, and the next
 * round's (or the task's own) is the delivery that answered it. Both parties read them as the
 * history of the rounds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('change_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('change_requests_offer_idx')
    .on('change_requests')
    .columns(['offer_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('change_requests').execute();
}
