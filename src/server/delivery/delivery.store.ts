import type { Kysely, Selectable } from 'kysely';
import type { ChangeRequestTable, Database } from '../db/types.ts';

/** SQL of the rounds of changes (issue 47). No rules here: delivery.service.ts. */

type Db = Kysely<Database>;
export type ChangeRequestRow = Selectable<ChangeRequestTable>;

export async function insertChangeRequest(db: Db, row: ChangeRequestRow): Promise<void> {
  await db.insertInto('change_requests').values(row).execute();
}

/** The rounds of one hire (its accepted offer), oldest first. */
export async function listChangeRequests(db: Db, offerId: string): Promise<ChangeRequestRow[]> {
  return db
    .selectFrom('change_requests')
    .selectAll()
    .where('offer_id', '=', offerId)
    .orderBy('created_at')
    .execute();
}

export async function countChangeRequests(db: Db, offerId: string): Promise<number> {
  const row = await db
    .selectFrom('change_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('offer_id', '=', offerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
