import type { Kysely } from 'kysely';
import type { TaskInput } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { alertSavedSearches } from '../search/saved-search-alerts.service.ts';
import { createTask, updateTask } from './tasks.store.ts';

type Db = Kysely<Database>;

/**
 * Posting and editing a task, with the saved-search alerts they may raise (issue 11), in one
 * transaction: the alerts and their live events exist exactly when the task's change does.
 */
export async function postTask(db: Db, input: TaskInput, userId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await createTask(trx, input, userId);
    await alertSavedSearches(trx, { id, title: input.title }, userId);
    return id;
  });
}

/** An edit that makes the task match a saved search alerts owners not yet told of it. */
export async function editTask(
  db: Db,
  id: string,
  input: TaskInput,
  userId: string,
): Promise<{ matchedCount: number; modifiedCount: number }> {
  return db.transaction().execute(async (trx) => {
    const result = await updateTask(trx, id, input, userId);
    if (result.modifiedCount > 0) await alertSavedSearches(trx, { id, title: input.title }, userId);
    return result;
  });
}
