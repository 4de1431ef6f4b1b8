import type { Kysely } from 'kysely';

/**
 * Issue 49: each "Mark as delivered" is a row, with the freelancer's optional note; its files
 * are attached to it (files.attached_type 'delivery', attached_id its id). A delivery belongs
 * to one hire like a round of changes (0021): its accepted offer's rows made since the task's
 * `assigned_at`; a delivery after a round of changes is a row of its own, so the history shows
 * what each round delivered. Gone with its task; an account deletion keeps what it delivered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('freelancer_id', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A hire's deliveries (the task, its offer, since it was hired), and the task's on its delete.
  await db.schema
    .createIndex('deliveries_task_offer_idx')
    .on('deliveries')
    .columns(['task_id', 'offer_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deliveries').execute();
}
