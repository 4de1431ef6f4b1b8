import { sql, type Kysely } from 'kysely';

/**
 * Issue 50: a poster's invitations to freelancers to make an offer on an open task, one per
 * freelancer and task. `status` is pending until the freelancer declines (with an optional
 * reason) or makes an offer; the poster's count in 24 hours is read by (poster_id, created_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('poster_id', 'text', (c) => c.notNull())
    .addColumn('freelancer_id', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'declined', 'offered')`),
    )
    .addColumn('decline_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addUniqueConstraint('invitations_task_freelancer_key', ['task_id', 'freelancer_id'])
    .execute();
  await db.schema
    .createIndex('invitations_poster_idx')
    .on('invitations')
    .columns(['poster_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invitations_freelancer_idx')
    .on('invitations')
    .columns(['freelancer_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
