import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAYMENT_MESSAGES, type Dispute } from '../../shared/payments.ts';
import { TASK_STATUS_MESSAGES } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { transitionTask, type StoredTaskFacts } from '../tasks/task-status.ts';
import { heldPaymentOf } from './escrow.ts';

/**
 * Disputes (issue 21): the poster disputes delivered work while its money is held (issue 47:
 * POST /tasks/{id}/dispute; a reopen of such work still leads here too). The task stays
 * assigned with its money held; both parties may add statements; nothing but an admin's
 * decision (payments.service.ts resolveDispute) moves it on: no delivering, confirming,
 * reopening, asking for changes or completing on its own (task-status.ts PAUSED_BY_DISPUTE).
 */

type Db = Kysely<Database>;

export async function openDispute(
  trx: Db,
  task: StoredTaskFacts,
  offerId: string,
  reason: string,
): Promise<string> {
  const at = new Date().toISOString();
  await transitionTask(
    trx,
    task.id,
    'dispute',
    task.userId,
    () => ({ disputed_at: at, updated_at: at }),
    // The same assignment as read before.
    { unchanged: (eb) => eb('tasks.accepted_offer_id', '=', offerId) },
  );
  const payment = await heldPaymentOf(trx, task.id);
  if (!payment || payment.status !== 'held') {
    throw new AppError('conflict', TASK_STATUS_MESSAGES.changedMeanwhile);
  }
  await trx
    .updateTable('payments')
    .set({ status: 'disputed' })
    .where('id', '=', payment.id)
    .execute();
  const id = crypto.randomUUID();
  await trx
    .insertInto('disputes')
    .values({
      id,
      task_id: task.id,
      payment_id: payment.id,
      opened_by: task.userId,
      status: 'open',
      created_at: at,
    })
    .execute();
  await insertStatement(trx, id, task.userId, reason);
  await notify(trx, [
    {
      type: 'payment_disputed',
      task,
      actorId: task.userId,
      recipients: [task.assigneeId],
      reason,
    },
  ]);
  return id;
}

async function insertStatement(db: Db, disputeId: string, userId: string, text: string) {
  await db
    .insertInto('dispute_statements')
    .values({
      id: crypto.randomUUID(),
      dispute_id: disputeId,
      user_id: userId,
      text,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A party's statement on the open dispute of a task. */
export async function addStatement(
  db: Db,
  taskId: string,
  userId: string,
  text: string,
): Promise<void> {
  const row = await db
    .selectFrom('disputes')
    .innerJoin('payments', 'payments.id', 'disputes.payment_id')
    .select(['disputes.id', 'disputes.status', 'payments.payer_id', 'payments.payee_id'])
    .where('disputes.task_id', '=', taskId)
    .orderBy('disputes.created_at', 'desc')
    .executeTakeFirst();
  const isParty = row && (row.payer_id === userId || row.payee_id === userId);
  if (!row) throw new AppError('not_found', PAYMENT_MESSAGES.disputeNotFound);
  if (!isParty) throw new AppError('forbidden', PAYMENT_MESSAGES.notYourDispute);
  if (row.status !== 'open') throw new AppError('conflict', PAYMENT_MESSAGES.disputeClosed);
  await insertStatement(db, row.id, userId, text);
}

/** The dispute of a payment, with its statements, or null when it has none. */
export async function disputeOf(db: Db, paymentId: string): Promise<Dispute | null> {
  return (await disputesOf(db, [paymentId])).get(paymentId) ?? null;
}

/** The disputes of these payments (those that have one), with their statements: two queries. */
export async function disputesOf(
  db: Db,
  paymentIds: readonly string[],
): Promise<Map<string, Dispute>> {
  const found = new Map<string, Dispute>();
  if (paymentIds.length === 0) return found;
  const disputes = await db
    .selectFrom('disputes')
    .innerJoin('payments', 'payments.id', 'disputes.payment_id')
    .selectAll('disputes')
    .select('payments.payer_id')
    .where('disputes.payment_id', 'in', paymentIds)
    .execute();
  if (disputes.length === 0) return found;
  const statements = await db
    .selectFrom('dispute_statements')
    .leftJoin('user', 'user.id', 'dispute_statements.user_id')
    .select([
      'dispute_statements.id',
      'dispute_statements.dispute_id',
      'dispute_statements.user_id',
      'dispute_statements.text',
      'dispute_statements.created_at',
      'user.name',
    ])
    .where(
      'dispute_id',
      'in',
      disputes.map((dispute) => dispute.id),
    )
    .orderBy('dispute_statements.created_at')
    .execute();
  for (const dispute of disputes) {
    found.set(dispute.payment_id, {
      _id: dispute.id,
      status: dispute.status,
      outcome: dispute.outcome,
      freelancerCents: dispute.freelancer_cents === null ? null : Number(dispute.freelancer_cents),
      reason: dispute.reason,
      createdAt: dispute.created_at,
      resolvedAt: dispute.resolved_at,
      statements: statements
        .filter((row) => row.dispute_id === dispute.id)
        .map((row) => ({
          _id: row.id,
          author: { _id: row.user_id, name: row.name ?? 'Deleted user' },
          role: row.user_id === dispute.payer_id ? ('poster' as const) : ('freelancer' as const),
          text: row.text,
          createdAt: row.created_at,
        })),
    });
  }
  return found;
}
