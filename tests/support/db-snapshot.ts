import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';

/** Every stored task and bid, ordered: equal snapshots mean a refusal changed nothing. */
export async function snapshotTasks(db: Kysely<Database>) {
  const tasks = await db.selectFrom('tasks').selectAll().orderBy('id').execute();
  const bids = await db.selectFrom('bids').selectAll().orderBy('id').execute();
  return { tasks, bids };
}
