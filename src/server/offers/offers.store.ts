import { takeFromBidsCount } from '../tasks/tasks.store.ts';
import type { Kysely, Selectable } from 'kysely';
import type { OfferDeclinedBecause, OfferStatus } from '../../shared/offers.ts';
import type { Database, OfferTable } from '../db/types.ts';
import { noCheckoutOpen } from '../payments/escrow.ts';

/** SQL of the offers and the assignments that ended early (issue 9). No rules here: offers.service.ts. */

type Db = Kysely<Database>;
export type OfferRow = Selectable<OfferTable>;
export type OfferWithBidder = OfferRow & { bidder_name: string; bidder_image: string | null };

/** Offer ids are UUIDs, like task ids. */
const OFFER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function findOffer(db: Db, id: string): Promise<OfferRow | undefined> {
  if (!OFFER_ID.test(id)) return undefined;
  return db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A new pending offer, or the author's withdrawn or released one made again (the unique index
 * allows one row per freelancer and task; decision 022 lets a released freelancer offer again).
 * Returns its id, or undefined when the author has an offer there in another status: one
 * statement, so racing offers from one user leave exactly one.
 */
export async function insertOrReviveOffer(
  db: Db,
  offer: { id: string; taskId: string; bidderId: string; amountCents: number; message: string },
  at: string,
): Promise<string | undefined> {
  const row = await db
    .insertInto('offers')
    .values({
      id: offer.id,
      task_id: offer.taskId,
      bidder_id: offer.bidderId,
      amount_cents: offer.amountCents,
      message: offer.message,
      status: 'pending',
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['task_id', 'bidder_id'])
        .doUpdateSet((eb) => ({
          amount_cents: eb.ref('excluded.amount_cents'),
          message: eb.ref('excluded.message'),
          status: 'pending',
          declined_because: null,
          created_at: eb.ref('excluded.created_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('offers.status', 'in', ['withdrawn', 'released']),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function offerStatusOf(
  db: Db,
  taskId: string,
  bidderId: string,
): Promise<OfferStatus | undefined> {
  const row = await db
    .selectFrom('offers')
    .select('status')
    .where('task_id', '=', taskId)
    .where('bidder_id', '=', bidderId)
    .executeTakeFirst();
  return row?.status;
}

/**
 * Moves the offer from one status to another, if it is still in the first: true when it did.
 * A decline says why (`because`); any other status has no such reason.
 */
export async function setOfferStatus(
  db: Db,
  id: string,
  from: OfferStatus,
  to: OfferStatus,
  at: string,
  because: OfferDeclinedBecause | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set({ status: to, declined_because: to === 'declined' ? because : null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Withdraws those of `offers` still pending, each taking its one back from its task's bidsCount
 * (the task's row first, as every transaction of a task locks it: no deadlocks). For offers
 * ended by someone else than their author: a block, a ban, a deleted account (issues 19, 20).
 */
export async function withdrawPendingOffers(
  trx: Db,
  offers: readonly { id: string; task_id: string }[],
  at: string,
): Promise<number> {
  let withdrawn = 0;
  for (const offer of offers) {
    await takeFromBidsCount(trx, offer.task_id);
    if (await setOfferStatus(trx, offer.id, 'pending', 'withdrawn', at)) {
      withdrawn += 1;
      continue;
    }
    // Its author withdrew it meanwhile (or it was hired): the count was theirs to change.
    await trx
      .updateTable('tasks')
      .set((eb) => ({ bids_count: eb('bids_count', '+', 1) }))
      .where('id', '=', offer.task_id)
      .execute();
  }
  return withdrawn;
}

/**
 * The author's new price and message while pending and no payment for it is under way, in one
 * statement; 0 when pending no more, paid for now, or nothing changed.
 */
export async function updatePendingOffer(
  db: Db,
  id: string,
  change: { amountCents: number; message: string },
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('offers')
    .set({ amount_cents: change.amountCents, message: change.message, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where(noCheckoutOpen(id))
    .where((eb) =>
      eb.or([eb('amount_cents', '!=', change.amountCents), eb('message', '!=', change.message)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every other pending offer on the task, declined because a hire was made; returns them. */
export async function declineOtherOffers(
  db: Db,
  taskId: string,
  acceptedId: string,
  at: string,
): Promise<Array<{ id: string; bidder_id: string }>> {
  return db
    .updateTable('offers')
    .set({ status: 'declined', declined_because: 'hired', updated_at: at })
    .where('task_id', '=', taskId)
    .where('status', '=', 'pending')
    .where('id', '!=', acceptedId)
    .returning(['id', 'bidder_id'])
    .execute();
}

/**
 * The offers a hire declined, pending again (the hire was undone by a reopen); returns them.
 * Offers the poster declined on purpose stay declined.
 */
export async function reinstateOffersDeclinedByHire(
  db: Db,
  taskId: string,
  at: string,
): Promise<Array<{ id: string; bidder_id: string }>> {
  return db
    .updateTable('offers')
    .set({ status: 'pending', declined_because: null, updated_at: at })
    .where('task_id', '=', taskId)
    .where('status', '=', 'declined')
    .where('declined_because', '=', 'hired')
    .returning(['id', 'bidder_id'])
    .execute();
}

/** How each offer's assignment last ended early, by offer id (for released offers). */
export async function lastEndingsOf(
  db: Db,
  offerIds: readonly string[],
): Promise<
  Map<string, { ended_by_id: string; assignee_id: string; reason: string; created_at: string }>
> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('task_reopenings')
    .select(['offer_id', 'ended_by_id', 'assignee_id', 'reason', 'created_at'])
    .where('offer_id', 'in', [...new Set(offerIds)])
    .orderBy('created_at', 'asc')
    .execute();
  // Oldest first, so the latest ending of each offer is the one left in the map.
  return new Map(rows.map((row) => [row.offer_id, row]));
}

function selectWithBidder(db: Db) {
  return db
    .selectFrom('offers')
    .innerJoin('user', 'user.id', 'offers.bidder_id')
    .selectAll('offers')
    .select(['user.name as bidder_name', 'user.image as bidder_image'])
    .orderBy('offers.created_at', 'desc')
    .orderBy('offers.id', 'desc');
}

/** The task's offers, newest first; only `bidderId`'s when given. */
export async function listTaskOffers(
  db: Db,
  taskId: string,
  bidderId?: string,
): Promise<OfferWithBidder[]> {
  let query = selectWithBidder(db).where('offers.task_id', '=', taskId);
  if (bidderId !== undefined) query = query.where('offers.bidder_id', '=', bidderId);
  return query.execute();
}

/** A freelancer's offers, newest first. */
export async function listOffersBy(db: Db, bidderId: string): Promise<OfferRow[]> {
  return db
    .selectFrom('offers')
    .selectAll()
    .where('bidder_id', '=', bidderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function recordReopening(
  db: Db,
  reopening: {
    id: string;
    taskId: string;
    offerId: string;
    assigneeId: string;
    endedById: string;
    reason: string;
  },
  at: string,
): Promise<void> {
  await db
    .insertInto('task_reopenings')
    .values({
      id: reopening.id,
      task_id: reopening.taskId,
      offer_id: reopening.offerId,
      assignee_id: reopening.assigneeId,
      ended_by_id: reopening.endedById,
      reason: reopening.reason,
      created_at: at,
    })
    .execute();
}

/**
 * Hiring figures of one user: hires they made as poster, assignments they ended as freelancer.
 * A hire is an accepted offer or an assignment that ended early: counting released offers
 * instead would lose a hire when its freelancer offers again (decision 022).
 */
export async function hiringFigures(
  db: Db,
  userId: string,
): Promise<{ hires: number; assignmentsEnded: number }> {
  const [accepted, endedHires, ended] = await Promise.all([
    db
      .selectFrom('offers')
      .innerJoin('tasks', 'tasks.id', 'offers.task_id')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('tasks.user_id', '=', userId)
      .where('offers.status', '=', 'accepted')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('task_reopenings')
      .innerJoin('tasks', 'tasks.id', 'task_reopenings.task_id')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('tasks.user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('task_reopenings')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('assignee_id', '=', userId)
      .where('ended_by_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    hires: Number(accepted.count) + Number(endedHires.count),
    assignmentsEnded: Number(ended.count),
  };
}
