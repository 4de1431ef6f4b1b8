import type { Kysely } from 'kysely';
import { changeClockOf } from '../db/change-clock.ts';
import type { Database } from '../db/types.ts';

/**
 * The few tasks hidden by reports or removed (issue 20), with their authors: read again only
 * when `tasks` changes (the change clock the answer caches use), so a task's kept answer is
 * still sent without a query, and only a moderated one costs its author or an admin a read.
 */
export function createModeratedTasks(db: Kysely<Database>) {
  const clock = changeClockOf(db);
  let known: { at: number; authors: Promise<Map<string, string>> } | undefined;

  const read = async () => {
    const rows = await db
      .selectFrom('tasks')
      .select(['id', 'user_id'])
      .where('moderation', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.id, row.user_id]));
  };

  /** The author of task `id` when it is moderated; undefined for a task everyone may read. */
  return async function moderatedTaskAuthor(id: string): Promise<string | undefined> {
    if (!clock) return (await read()).get(id);
    // Read before the query: a write during it leaves the next call to read again.
    const at = clock.valueOf(['tasks']);
    if (known?.at !== at) {
      const authors = read();
      known = { at, authors };
      authors.catch(() => {
        if (known?.authors === authors) known = undefined;
      });
    }
    return (await known.authors).get(id);
  };
}
