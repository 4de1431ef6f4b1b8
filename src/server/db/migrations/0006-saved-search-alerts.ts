import type { Kysely } from 'kysely';

/**
 * Issue 11, saved-search alerts: who has been told of which task. The primary key (task, user)
 * is what keeps it to one alert per task and user, however many of their saved searches the
 * task matches and however often it is edited: the alert is an insert that does nothing on a
 * conflict, and only the rows it inserted are notified (search/saved-search-alerts.service.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_search_alerts')
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    // The search that matched first; the alert stays when the search is deleted.
    .addColumn('saved_search_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_search_alerts_pk', ['task_id', 'user_id'])
    .execute();
  // Deleting a user cascades here by user_id.
  await db.schema
    .createIndex('saved_search_alerts_user_idx')
    .on('saved_search_alerts')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_search_alerts').execute();
}
