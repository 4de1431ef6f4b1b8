import type { Kysely, Selectable } from 'kysely';
import type { ChangeRequestTable, Database } from '../db/types.ts';

/** SQL of the rounds of changes (issue 47). No rules here: delivery.service.ts. */

type Db = Kysely<Database>;
export type ChangeRequestRow = Selectable<ChangeRequestTable>;

export async function insertChangeRequest(db: Db, row: ChangeRequestRow): Promise<void> {
  await db.insertInto('change_requests').values(row).execute();
}

/**
 * One hire: its accepted offer and when it was made. The offer alone does not name it: a
 * released freelancer who offers again revives the same offer's row (offers.store.ts
 * insertOrReviveOffer) and may be hired on it again, so a hire's rounds are its offer's made
 * since it was hired.
 */
export interface Hire {
  offerId: string;
  assignedAt: string;
}

const roundsOf = (db: Db, hire: Hire) =>
  db
    .selectFrom('change_requests')
    .where('offer_id', '=', hire.offerId)
    .where('created_at', '>=', hire.assignedAt);

/** The rounds of one hire, oldest first. */
export async function listChangeRequests(db: Db, hire: Hire): Promise<ChangeRequestRow[]> {
  return roundsOf(db, hire).selectAll().orderBy('created_at').execute();
}

export async function countChangeRequests(db: Db, hire: Hire): Promise<number> {
  const row = await roundsOf(db, hire)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
