import type { Kysely, Selectable } from 'kysely';
import type { ChangeRequestTable, Database, DeliveryTable } from '../db/types.ts';

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

export type DeliveryRow = Selectable<DeliveryTable>;

/** Issue 49: one "Mark as delivered" (migration 0022); its files are attached to its id. */
export async function insertDelivery(db: Db, row: DeliveryRow): Promise<void> {
  await db.insertInto('deliveries').values(row).execute();
}

/** The deliveries of one hire, oldest first. */
export async function listDeliveries(db: Db, taskId: string, hire: Hire): Promise<DeliveryRow[]> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('offer_id', '=', hire.offerId)
    .where('created_at', '>=', hire.assignedAt)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The ids of the deliveries made on these tasks, any hire's. */
export async function deliveryIdsOf(db: Db, taskIds: readonly string[]): Promise<string[]> {
  if (taskIds.length === 0) return [];
  const rows = await db
    .selectFrom('deliveries')
    .select('id')
    .where('task_id', 'in', [...taskIds])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Who may read a delivery's files besides its freelancer: the task's poster, and whether an
 * admin is deciding a dispute of the task now (an open dispute, payments/disputes.ts).
 */
export async function deliveryReadersOf(
  db: Db,
  deliveryId: string,
): Promise<{ posterId: string; freelancerId: string; isDisputed: boolean } | undefined> {
  const row = await db
    .selectFrom('deliveries')
    .innerJoin('tasks', 'tasks.id', 'deliveries.task_id')
    .select((eb) => [
      'tasks.user_id',
      'deliveries.freelancer_id',
      eb
        .exists(
          eb
            .selectFrom('disputes')
            .select('disputes.id')
            .whereRef('disputes.task_id', '=', 'deliveries.task_id')
            .where('disputes.status', '=', 'open'),
        )
        .as('is_disputed'),
    ])
    .where('deliveries.id', '=', deliveryId)
    .executeTakeFirst();
  return (
    row && {
      posterId: row.user_id,
      freelancerId: row.freelancer_id,
      isDisputed: Boolean(row.is_disputed),
    }
  );
}
