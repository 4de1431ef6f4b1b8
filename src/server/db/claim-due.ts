import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from './engine.ts';
import type { Database } from './types.ts';

/** The columns of a table of work done after the commit: mails, payment jobs, matched alerts. */
interface Claimable {
  id: string;
  status: string;
  next_attempt_at: string;
  claimed_until: string | null;
}

type WorkTable = 'outbox' | 'payment_jobs' | 'task_match_jobs';

/**
 * Claims up to `batch` due rows of a work table for `leaseMs` (decisions 029, 031; issue 50):
 * pending, due, and not claimed by a poller whose lease still runs. One UPDATE … WHERE id IN
 * (SELECT …), with FOR UPDATE SKIP LOCKED on PostgreSQL so instances polling at once claim
 * different rows; on SQLite one statement is atomic anyway.
 */
export async function claimDue<T extends WorkTable>(
  db: Kysely<Database>,
  table: T,
  now: Date,
  { leaseMs, batch }: { leaseMs: number; batch: number },
): Promise<Selectable<Database[T]>[]> {
  const work = db as unknown as Kysely<Record<WorkTable, Claimable>>;
  const at = now.toISOString();
  let due = work
    .selectFrom(table as WorkTable)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
    .orderBy('next_attempt_at')
    .limit(batch);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await work
    .updateTable(table as WorkTable)
    .set({ claimed_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows as unknown as Selectable<Database[T]>[];
}
