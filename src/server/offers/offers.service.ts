import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  OFFER_MESSAGES,
  type MyOffer,
  type Offer,
  type OfferInput,
  type OfferStatus,
} from '../../shared/offers.ts';
import type { NotificationType } from '../../shared/notifications.ts';
import type { Settled } from '../../shared/payments.ts';
import { TASK_FIELD_MESSAGES, type TaskAction } from '../../shared/tasks.ts';
import { textFor } from '../conversations/contact-masking.ts';
import type { Database } from '../db/types.ts';
import { markDirectoryFiguresDue } from '../profiles/directory-entries.ts';
import { AppError } from '../errors.ts';
import { publishTaskChanges } from '../events/task-changes.ts';
import { notify } from '../notifications/notifications.service.ts';
import { reputationsOf } from '../profiles/profiles.service.ts';
import {
  assertTaskAction,
  completeDueTasks,
  readTaskFacts,
  transitionTask,
  type StoredTaskFacts,
} from '../tasks/task-status.ts';
import { addToBidsCount, takeFromBidsCount, taskSummaries } from '../tasks/tasks.store.ts';
import {
  declineOtherOffers,
  findOffer,
  insertOrReviveOffer,
  lastEndingsOf,
  listOffersBy,
  listTaskOffers,
  offerStatusOf,
  recordReopening,
  reinstateOffersDeclinedByHire,
  setOfferStatus,
  updatePendingOffer,
  type OfferRow,
} from './offers.store.ts';
import { toCents } from '../../shared/money.ts';
import { openDispute } from '../payments/disputes.ts';
import { hasDelivered, recordDelivery } from '../delivery/delivery.service.ts';
import type { DeliverInput } from '../../shared/delivery.ts';
import { answerInvitationWithOffer } from '../invitations/invitations.service.ts';
import { heldPaymentOf, isCheckoutOpen, settlePayment } from '../payments/escrow.ts';

/**
 * Offers and hiring (issue 9): the rules that span a task and its offers. Every transaction
 * changes the task's row first (task-status.ts), so racing requests on one task queue on that
 * row and take their locks in the same order. The users each change concerns are notified in
 * its transaction (issue 10, notifications.service.ts).
 */

type Db = Kysely<Database>;

/**
 * Why the author's offer on the task is not pending, when it exists in a status that cannot be
 * made again (a withdrawn or released one can: decision 022).
 */
const OFFER_EXISTS: Partial<Record<OfferStatus, string>> = {
  pending: OFFER_MESSAGES.alreadyOffered,
  declined: OFFER_MESSAGES.alreadyDeclined,
  accepted: OFFER_MESSAGES.alreadyHired,
};

/** The offer, or a 404. */
export async function offerOrNotFound(db: Db, id: string): Promise<OfferRow> {
  const offer = await findOffer(db, id);
  if (!offer) throw new AppError('not_found', OFFER_MESSAGES.offerNotFound);
  return offer;
}

/** The author's own offer, still pending, or why not (404, 403, 409). */
async function ownPendingOffer(db: Db, id: string, userId: string): Promise<OfferRow> {
  const offer = await offerOrNotFound(db, id);
  if (offer.bidder_id !== userId) throw new AppError('forbidden', OFFER_MESSAGES.notYourOffer);
  if (offer.status !== 'pending') throw new AppError('conflict', OFFER_MESSAGES.notPending);
  return offer;
}

const notPending = () => new AppError('conflict', OFFER_MESSAGES.notPending);

export async function makeOffer(
  db: Db,
  taskId: string,
  bidderId: string,
  input: OfferInput,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await addToBidsCount(trx, taskId, 'offer', bidderId);
    // Read under the task's row lock: a released offer still counts in bidsCount (the poster
    // still sees it), so making it again must not count it twice.
    const before = await offerStatusOf(trx, taskId, bidderId);
    const offer = {
      id: crypto.randomUUID(),
      taskId,
      bidderId,
      amountCents: toCents(input.amount),
      message: input.message,
    };
    const id = await insertOrReviveOffer(trx, offer, new Date().toISOString());
    if (id) {
      if (before === 'released') await takeFromBidsCount(trx, taskId);
      await answerInvitationWithOffer(trx, taskId, bidderId);
      const task = await taskFactsOf(trx, taskId);
      const recipients = [task.userId];
      await notify(trx, [
        { type: 'offer_received', task, actorId: bidderId, recipients, offerId: id },
      ]);
      return id;
    }
    // Throwing rolls the count back.
    const status = await offerStatusOf(trx, taskId, bidderId);
    throw new AppError('conflict', (status && OFFER_EXISTS[status]) ?? OFFER_MESSAGES.notPending);
  });
}

export async function editOffer(
  db: Db,
  id: string,
  userId: string,
  input: OfferInput,
): Promise<number> {
  const offer = await ownPendingOffer(db, id, userId);
  // An offer changes only while the task takes offers (open, not expired).
  await assertTaskAction(db, offer.task_id, 'offer', userId);
  // Issue 47: the poster pays the price they were shown, so the edit is refused while a payment
  // for the offer is under way, in the UPDATE itself. A payment that opens as the edit commits
  // is caught there (checkout.service.ts openPayment) and, at the latest, by hireOffer.
  const change = { amountCents: toCents(input.amount), message: input.message };
  const modified = await updatePendingOffer(db, id, change, new Date().toISOString());
  if (modified > 0) return modified;
  // Nothing changed: say why, unless the edit changed nothing because nothing was new.
  if ((await findOffer(db, id))?.status !== 'pending') throw notPending();
  if (await isCheckoutOpen(db, id)) throw new AppError('conflict', OFFER_MESSAGES.checkoutOpen);
  return 0;
}

export async function withdrawOffer(db: Db, id: string, userId: string): Promise<number> {
  const offer = await ownPendingOffer(db, id, userId);
  return db.transaction().execute(async (trx) => {
    await takeFromBidsCount(trx, offer.task_id);
    if (!(await setOfferStatus(trx, id, 'pending', 'withdrawn', new Date().toISOString()))) {
      throw notPending();
    }
    return 1;
  });
}

/**
 * Hires the offer's author at its price: the task becomes assigned (if still open), the offer
 * accepted (if still pending), every other pending offer declined, all or nothing.
 */
export async function acceptOffer(db: Db, id: string, posterId: string): Promise<number> {
  const offer = await offerOrNotFound(db, id);
  return db.transaction().execute(async (trx) => hireOffer(trx, offer, posterId));
}

/**
 * acceptOffer's change, in the caller's transaction (issue 21: paying to hire records the
 * payment in the same one). With `paidCents`, the offer must still be at the price paid.
 */
export async function hireOffer(
  trx: Db,
  offer: OfferRow,
  posterId: string,
  paidCents?: number,
): Promise<number> {
  const at = new Date().toISOString();
  await transitionTask(trx, offer.task_id, 'accept', posterId, () => ({
    status: 'assigned',
    assignee_id: offer.bidder_id,
    accepted_offer_id: offer.id,
    assigned_at: at,
    delivered_at: null,
    completed_at: null,
    updated_at: at,
  }));
  if (!(await setOfferStatus(trx, offer.id, 'pending', 'accepted', at))) throw notPending();
  // The offer's row is ours now: its price cannot change under us from here on.
  if (
    paidCents !== undefined &&
    Number((await findOffer(trx, offer.id))?.amount_cents) !== paidCents
  ) {
    throw new AppError('conflict', OFFER_MESSAGES.changedWhilePaying);
  }
  // Declined because another was hired, not by the poster: a reopen makes them pending again.
  const declined = await declineOtherOffers(trx, offer.task_id, offer.id, at);
  const task = await taskFactsOf(trx, offer.task_id);
  const told = (type: NotificationType, other: { id: string; bidder_id: string }) => ({
    type,
    task,
    actorId: posterId,
    recipients: [other.bidder_id],
    offerId: other.id,
  });
  await notify(trx, [
    told('offer_accepted', offer),
    ...declined.map((other) => told('offer_not_chosen', other)),
  ]);
  return 1;
}

/** Whether `userId` may hire with the offer now: its poster, the task open, the offer pending. */
export async function assertCanHire(db: Db, id: string, posterId: string): Promise<OfferRow> {
  const offer = await offerOrNotFound(db, id);
  await assertTaskAction(db, offer.task_id, 'accept', posterId);
  if (offer.status !== 'pending') throw notPending();
  return offer;
}

export async function declineOffer(db: Db, id: string, posterId: string): Promise<number> {
  const offer = await offerOrNotFound(db, id);
  // Declining is the poster's, while the task is open (expired too: saying no needs no deadline).
  const task = await assertTaskAction(db, offer.task_id, 'decline', posterId);
  return db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    if (!(await setOfferStatus(trx, id, 'pending', 'declined', at, 'poster'))) {
      throw notPending();
    }
    const recipients = [offer.bidder_id];
    await notify(trx, [
      { type: 'offer_declined', task, actorId: posterId, recipients, offerId: id },
    ]);
    return 1;
  });
}

/** The poster sees every offer on the task; anyone else only their own. */
export async function listOffers(db: Db, taskId: string, userId: string): Promise<Offer[]> {
  const task = await readTaskFacts(db, taskId);
  if (!task) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  const rows = await listTaskOffers(db, taskId, task.userId === userId ? undefined : userId);
  // Contact details in an offer's message are masked until the hire (issue 10).
  const readable = (row: OfferRow) => textFor(task, row.bidder_id, userId, row.message);
  const [reputations, endings] = await Promise.all([
    reputationsOf(
      db,
      rows.map((row) => row.bidder_id),
    ),
    endingsOf(db, rows),
  ]);
  return rows.map((row) => ({
    ...toOffer(row, endings),
    message: readable(row),
    bidder: {
      _id: row.bidder_id,
      name: row.bidder_name,
      image: row.bidder_image,
      ...reputations.get(row.bidder_id)!,
    },
  }));
}

type Endings = Awaited<ReturnType<typeof lastEndingsOf>>;

/** How the released offers among `rows` ended: only the two parties of each read them. */
async function endingsOf(db: Db, rows: readonly OfferRow[]): Promise<Endings> {
  const released = rows.filter((row) => row.status === 'released').map((row) => row.id);
  return lastEndingsOf(db, released);
}

function toOffer(row: OfferRow, endings: Endings): Omit<Offer, 'bidder'> {
  const ending = row.status === 'released' ? endings.get(row.id) : undefined;
  return {
    _id: row.id,
    taskId: row.task_id,
    amount: Number(row.amount_cents) / 100,
    message: row.message,
    status: row.status,
    declinedBecause: row.status === 'declined' ? (row.declined_because ?? 'poster') : null,
    assignmentEnded: ending
      ? {
          by: ending.ended_by_id === ending.assignee_id ? 'freelancer' : 'poster',
          reason: ending.reason,
          at: ending.created_at,
        }
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** My offers, newest first, each with the task it is on. */
export async function listMyOffers(db: Db, userId: string): Promise<MyOffer[]> {
  const rows = await listOffersBy(db, userId);
  const [tasks, endings] = await Promise.all([
    taskSummaries(
      db,
      rows.map((row) => row.task_id),
    ),
    endingsOf(db, rows),
  ]);
  return rows.flatMap((row) => {
    const task = tasks.get(row.task_id);
    return task ? [{ ...toOffer(row, endings), task }] : [];
  });
}

/** The task's facts inside a transaction that has just found or changed it. */
async function taskFactsOf(db: Db, taskId: string): Promise<StoredTaskFacts> {
  const task = await readTaskFacts(db, taskId);
  if (!task) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  return task;
}

/**
 * One transition of a task, and the notification of the party `to` picks, in one transaction;
 * `also` adds what the transition decides besides (issue 21: the payment released).
 */
async function transitionAndNotify(
  db: Db,
  taskId: string,
  userId: string,
  action: TaskAction,
  change: Parameters<typeof transitionTask>[4],
  notice: { type: NotificationType; to: (task: StoredTaskFacts) => string | null },
  also?: (trx: Db, task: StoredTaskFacts) => Promise<unknown>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await transitionTask(trx, taskId, action, userId, change);
    const task = await taskFactsOf(trx, taskId);
    await also?.(trx, task);
    await notify(trx, [
      { type: notice.type, task, actorId: userId, recipients: [notice.to(task)] },
    ]);
    return 1;
  });
}

/** A completed task's held payment goes to its freelancer, less the fee (issue 21). */
async function releaseHeldPayment(trx: Db, task: { id: string; title: string }): Promise<void> {
  const payment = await heldPaymentOf(trx, task.id);
  if (payment) await settlePayment(trx, payment, payment.amountCents, task.title);
}

/**
 * The hired freelancer marks the task delivered; issue 49: as a delivery row with their note
 * and files, in the same transaction (delivery.service.ts recordDelivery).
 */
export async function deliverTask(
  db: Db,
  taskId: string,
  userId: string,
  input: DeliverInput = {},
): Promise<number> {
  const at = new Date().toISOString();
  const change = () => ({ delivered_at: at, updated_at: at });
  const notice = { type: 'task_delivered', to: (task: StoredTaskFacts) => task.userId } as const;
  return transitionAndNotify(db, taskId, userId, 'deliver', change, notice, (trx, task) =>
    recordDelivery(trx, task, userId, input, at),
  );
}

export async function completeTask(db: Db, taskId: string, userId: string): Promise<number> {
  const at = new Date().toISOString();
  const change = () => ({ status: 'completed' as const, completed_at: at, updated_at: at });
  const notice = {
    type: 'task_completed',
    to: (task: StoredTaskFacts) => task.assigneeId,
  } as const;
  return transitionAndNotify(db, taskId, userId, 'complete', change, notice, followCompletion);
}

/**
 * What follows a task's completion in its transaction: the held payment released, and the
 * freelancer's tasks completed counted again for the directory (issue 50).
 */
async function followCompletion(
  trx: Db,
  task: { id: string; title: string; assigneeId: string | null },
): Promise<void> {
  await releaseHeldPayment(trx, task);
  if (task.assigneeId) await markDirectoryFiguresDue(trx, [task.assigneeId]);
}

/**
 * The auto-completion sweep (task-status.ts) with its notifications: the poster and the
 * freelancer both hear of it, since neither did it. Returns how many tasks it completed.
 */
export async function autoCompleteTasks(
  db: Db,
  options: { delayMs: number; now?: Date },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const tasks = await completeDueTasks(trx, options);
    for (const task of tasks) await followCompletion(trx, task);
    const notices = tasks.map((task) => ({
      type: 'task_completed' as const,
      task,
      actorId: null,
      recipients: [task.userId, task.assigneeId],
    }));
    await notify(trx, notices);
    await publishTaskChanges(
      trx,
      tasks.map((task) => task.id),
    );
    return tasks.length;
  });
}

/**
 * The poster or the freelancer ends the assignment: the task is open again, the accepted offer
 * released, and who ended it and why recorded (it counts in the freelancer's completion rate).
 * The offers the hire declined are pending again, so the task has its market back; the other
 * party reads the reason in their notification and on the task page (issue 17, decision 022).
 * Issue 21: money held for the task goes back to the poster, fees included; but the poster's
 * reopening of delivered work while its money is held is a dispute (payments/disputes.ts),
 * also while it is back with the freelancer for changes (issue 47).
 */
export async function reopenTask(
  db: Db,
  taskId: string,
  userId: string,
  reason: string,
): Promise<'reopened' | 'disputed'> {
  const task = await assertTaskAction(db, taskId, 'reopen', userId);
  const offerId = task.acceptedOfferId ?? '';
  const offer = await offerOrNotFound(db, offerId);
  if (
    userId === task.userId &&
    (await heldPaymentOf(db, taskId)) &&
    (await hasDelivered(db, task))
  ) {
    return db.transaction().execute(async (trx) => {
      await openDispute(trx, task, offerId, reason);
      return 'disputed' as const;
    });
  }
  return db.transaction().execute(async (trx) => {
    await transitionTask(trx, taskId, 'reopen', userId, reopenedTask, {
      // The same assignment as read above, not one made since.
      unchanged: (eb) => eb('tasks.accepted_offer_id', '=', offerId),
    });
    await endAssignment(trx, task, offer, userId, reason);
    return 'reopened' as const;
  });
}

/** A task's row once its assignment has ended. */
export const reopenedTask = () => {
  const at = new Date().toISOString();
  return {
    status: 'open' as const,
    assignee_id: null,
    accepted_offer_id: null,
    assigned_at: null,
    delivered_at: null,
    disputed_at: null,
    updated_at: at,
  };
};

/**
 * What follows an assignment's end, once the task's row is open again (in the transaction that
 * made it so): the offer released, the ending recorded, the offers the hire declined pending
 * again, the money held refunded, and the parties told. Returns what the refund moved (null
 * when no money was held).
 */
export async function endAssignment(
  trx: Db,
  task: StoredTaskFacts,
  offer: OfferRow,
  endedById: string,
  reason: string,
  actorId: string | null = endedById,
): Promise<Settled | null> {
  const at = new Date().toISOString();
  await setOfferStatus(trx, offer.id, 'accepted', 'released', at);
  const reopening = {
    id: crypto.randomUUID(),
    taskId: task.id,
    offerId: offer.id,
    assigneeId: offer.bidder_id,
    endedById,
    reason,
  };
  await recordReopening(trx, reopening, at);
  const payment = await heldPaymentOf(trx, task.id);
  const settled = payment ? await settlePayment(trx, payment, 0, task.title) : null;
  const reinstated = await reinstateOffersDeclinedByHire(trx, task.id, at);
  const recipients = [task.userId, offer.bidder_id];
  await notify(trx, [
    { type: 'assignment_reopened', task, actorId, namedId: endedById, recipients, reason },
    ...reinstated.map((other) => ({
      type: 'offer_open_again' as const,
      task,
      actorId,
      recipients: [other.bidder_id],
      offerId: other.id,
    })),
  ]);
  return settled;
}
