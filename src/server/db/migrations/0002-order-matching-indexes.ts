import type { Kysely } from 'kysely';

/**
 * Indexes in the exact order of each list query (tasks.store.ts: ties newest first), so the
 * database walks one index and stops at the limit instead of sorting every task per request.
 */
const INDEXES = [
  { name: 'tasks_deadline_idx', columns: ['deadline', 'created_at desc', 'id desc'] },
  { name: 'tasks_bids_idx', columns: ['bids_count desc', 'created_at desc', 'id desc'] },
  { name: 'tasks_category_idx', columns: ['category', 'created_at desc', 'id desc'] },
  { name: 'tasks_user_idx', columns: ['user_id', 'created_at desc', 'id desc'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    await db.schema
      .createIndex(index.name)
      .on('tasks')
      .columns([...index.columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const previous: Record<string, string[]> = {
    tasks_deadline_idx: ['deadline', 'created_at'],
    tasks_bids_idx: ['bids_count', 'created_at'],
    tasks_category_idx: ['category', 'created_at'],
    tasks_user_idx: ['user_id', 'created_at'],
  };
  for (const [name, columns] of Object.entries(previous)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('tasks').columns(columns).execute();
  }
}
