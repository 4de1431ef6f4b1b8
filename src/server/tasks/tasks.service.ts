import type { Kysely } from 'kysely';
import type { TaskInput } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { alertSavedSearches } from '../search/saved-search-alerts.service.ts';
import { FILE_CAPS } from '../../shared/files.ts';
import { deliveryIdsOf } from '../delivery/delivery.store.ts';
import { removeFiles, setItemFiles } from '../files/files.service.ts';
import { createTask, deleteTask, setTaskFiles, updateTask } from './tasks.store.ts';
import { enqueueTaskMatchJob } from './task-match-jobs.ts';
import { setTaskSkills } from './task-skills.ts';

type Db = Kysely<Database>;

/**
 * Posting and editing a task, with the saved-search alerts (issue 11) they may raise, in one
 * transaction: the alerts and their live events exist exactly when the task's change does. The
 * matched alerts (issue 50), which may go to thousands, are a job written in that transaction
 * and made after its commit (task-match-jobs.ts): the caller wakes the worker.
 */
export async function postTask(db: Db, input: TaskInput, userId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await createTask(trx, input, userId);
    await attachTaskFiles(trx, id, input, userId);
    await setTaskSkills(trx, id, input.skills);
    await alertSavedSearches(trx, { id, title: input.title }, userId);
    await enqueueTaskMatchJob(trx, id, userId);
    return id;
  });
}

/**
 * Issue 49: the photos and documents a body lists (photoIds, fileIds) attached to the task,
 * in its transaction; its row keeps the first photo and the count. Whether anything changed.
 */
async function attachTaskFiles(
  trx: Db,
  id: string,
  input: TaskInput,
  userId: string,
): Promise<boolean> {
  const files = await setItemFiles(trx, {
    ownerId: userId,
    purpose: 'task',
    item: { type: 'task', id },
    groups: [
      { ids: input.photoIds, kind: 'image', max: FILE_CAPS.taskPhotos, what: 'photos' },
      { ids: input.fileIds, kind: 'document', max: FILE_CAPS.taskDocuments, what: 'documents' },
    ],
  });
  if (!files) return false;
  await setTaskFiles(trx, id, files);
  return true;
}

/**
 * An edit that makes the task match a saved search alerts owners not yet told of it; one that
 * adds a skill (or changes the budget) alerts the freelancers it now fits (issue 50).
 */
export async function editTask(
  db: Db,
  id: string,
  input: TaskInput,
  userId: string,
): Promise<{ matchedCount: number; modifiedCount: number }> {
  return db.transaction().execute(async (trx) => {
    const result = await updateTask(trx, id, input, userId);
    // updateTask refused what the rules refuse: here the edit may go on, if only in its files.
    const hasNewFiles = await attachTaskFiles(trx, id, input, userId);
    // Issue 50: absent, the skills stay; a change of them alone is an edit too.
    const hasNewSkills = await setTaskSkills(trx, id, input.skills);
    if (result.modifiedCount > 0) await alertSavedSearches(trx, { id, title: input.title }, userId);
    if (result.modifiedCount > 0 || hasNewSkills) {
      await enqueueTaskMatchJob(trx, id, userId);
    }
    return hasNewFiles || hasNewSkills ? { ...result, modifiedCount: 1 } : result;
  });
}

/** A task deleted with its files, in one transaction (their bytes go with the next sweep). */
export async function removeTask(db: Db, id: string, userId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Issue 49: the files of its deliveries (an earlier hire's) too, named before they go.
    const deliveryIds = await deliveryIdsOf(trx, [id]);
    const deletedCount = await deleteTask(trx, id, userId);
    if (deletedCount > 0) {
      await removeFiles(trx, { attachedType: 'task', attachedIds: [id] });
      await removeFiles(trx, { attachedType: 'delivery', attachedIds: deliveryIds });
    }
    return deletedCount;
  });
}
