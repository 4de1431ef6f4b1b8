import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findSavedSearchesMatching, recordSavedSearchAlerts } from './saved-searches.store.ts';

type Db = Kysely<Database>;

/**
 * Saved-search alerts (issue 11): "New task for “logo design”: …" through the notifications of
 * issue 10, to each owner of a saved search the task matches, never its poster, at most once
 * per task and owner (recordSavedSearchAlerts). Called in the transaction that posts or edits
 * the task, so the alert exists exactly when the task does and its live event goes out on
 * commit. An edit that makes a task match alerts the owners not yet told of it; one who was
 * told is not told again, whatever the edit.
 */
export async function alertSavedSearches(
  db: Db,
  task: { id: string; title: string },
  posterId: string,
): Promise<void> {
  const matches = await findSavedSearchesMatching(db, task.id);
  const toAlert = await recordSavedSearchAlerts(db, task.id, matches);
  await notify(
    db,
    toAlert.map((match) => ({
      type: 'saved_search_match' as const,
      task,
      actorId: posterId,
      // The text names the search, not the poster.
      namedId: null,
      recipients: [match.userId],
      searchName: match.name,
    })),
  );
}
