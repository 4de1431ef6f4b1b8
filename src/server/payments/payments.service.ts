import { sql, type Kysely } from 'kysely';
import {
  formatCents,
  PAYMENT_MESSAGES,
  type AdminDispute,
  type Earnings,
  type PaymentMode,
  type PosterPayments,
  type ResolveDisputeInput,
  type Settled,
  type TaskPayment,
} from '../../shared/payments.ts';
import { TASK_FIELD_MESSAGES, TASK_STATUS_MESSAGES } from '../../shared/tasks.ts';
import { MESSAGES_LIMIT } from '../../shared/conversations.ts';
import { ADMIN_ROLE } from '../auth/auth.ts';
import { listMessagesOfOffers } from '../conversations/conversations.store.ts';
import type { Database } from '../db/types.ts';
import { markDirectoryFiguresDue } from '../profiles/directory-entries.ts';
import { AppError } from '../errors.ts';
import { publishTaskChanges } from '../events/task-changes.ts';
import { recordAdminAction } from '../moderation/moderation.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { endAssignment, offerOrNotFound, reopenedTask } from '../offers/offers.service.ts';
import { readTaskFacts } from '../tasks/task-status.ts';
import { disputeOf, disputesOf } from './disputes.ts';
import { findPayment, settlePayment, toPayment, type Payment } from './escrow.ts';
import { accounts, balanceOf, settlementsOf } from './ledger.ts';
import { settlementOf } from './money.ts';
import { payoutAccountOf } from './payouts.service.ts';
import { receiptsOf } from './receipts.ts';

/**
 * What the money pages read (issue 21), and an admin's decision on a dispute. Balances are read
 * from the ledger, never from a counter beside it.
 */

type Db = Kysely<Database>;

const HOLDING = new Set(['held', 'disputed']);

function paymentView(
  payment: Payment,
  settlements: Map<string, Settled>,
): Omit<TaskPayment, 'dispute'> {
  const released = settlementOf(payment, payment.amountCents);
  return {
    _id: payment.id,
    taskId: payment.taskId,
    status: payment.status,
    amountCents: payment.amountCents,
    clientFeeCents: payment.clientFeeCents,
    totalCents: payment.totalCents,
    freelancerFeeCents: payment.amountCents - released.toFreelancer,
    toFreelancerCents: released.toFreelancer,
    heldCents: HOLDING.has(payment.status) ? payment.totalCents : 0,
    settled: settlements.get(payment.id) ?? null,
    paidAt: payment.paidAt,
  };
}

/**
 * The task's latest payment that took money, for its two parties and admins (404 for anyone
 * else, and when the task has none).
 */
export async function taskPaymentOf(
  db: Db,
  taskId: string,
  viewer: { id: string; role?: string | null | undefined },
): Promise<TaskPayment> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('status', 'not in', ['processing', 'failed'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const isParty = row && (row.payer_id === viewer.id || row.payee_id === viewer.id);
  if (!row || (!isParty && viewer.role !== ADMIN_ROLE)) {
    throw new AppError('not_found', PAYMENT_MESSAGES.paymentNotFound);
  }
  const payment = toPayment(row);
  const [settlements, dispute] = await Promise.all([
    settlementsOf(db, [taskId]),
    disputeOf(db, payment.id),
  ]);
  return { ...paymentView(payment, settlements), dispute };
}

/** A freelancer's money: available, held for their hires, paid out, and its history. */
export async function earningsOf(db: Db, userId: string, mode: PaymentMode): Promise<Earnings> {
  const [available, held, paidOut, account, receipts, payouts] = await Promise.all([
    balanceOf(db, accounts.available(userId)),
    db
      .selectFrom('payments')
      .select(sql<string | number | null>`sum(amount_cents)`.as('held'))
      .where('payee_id', '=', userId)
      .where('status', 'in', ['held', 'disputed'])
      .executeTakeFirstOrThrow(),
    balanceOf(db, accounts.payout(userId)),
    payoutAccountOf(db, userId),
    receiptsOf(db, userId),
    db.selectFrom('payouts').select(['id', 'status']).where('user_id', '=', userId).execute(),
  ]);
  const payoutStatus = new Map(payouts.map((payout) => [payout.id, payout.status]));
  return {
    mode,
    availableCents: available,
    heldCents: Number(held.held ?? 0),
    paidOutCents: paidOut,
    payoutAccount: account ? { name: account.name } : null,
    history: receipts
      .filter((receipt) => receipt.kind === 'release' || receipt.kind === 'payout')
      .map(({ number, kind, totalCents, createdAt, taskTitle, payoutId }) => ({
        number,
        kind,
        totalCents,
        createdAt,
        taskTitle,
        status: (payoutId && payoutStatus.get(payoutId)) || kind,
      })),
  };
}

/** A poster's payments: paid, held now, refunded, each payment with its receipts. */
export async function posterPaymentsOf(
  db: Db,
  userId: string,
  mode: PaymentMode,
): Promise<PosterPayments> {
  const [rows, receipts] = await Promise.all([
    db
      .selectFrom('payments')
      .leftJoin('tasks', 'tasks.id', 'payments.task_id')
      .selectAll('payments')
      .select('tasks.title')
      .where('payments.payer_id', '=', userId)
      .where('payments.status', 'not in', ['processing', 'failed'])
      .orderBy('payments.created_at', 'desc')
      .limit(500)
      .execute(),
    receiptsOf(db, userId),
  ]);
  const settlements = await settlementsOf(
    db,
    rows.map((row) => row.task_id),
  );
  const payments = rows.map((row) => {
    const own = receipts.filter((receipt) => receipt.paymentId === row.id);
    return {
      ...paymentView(toPayment(row), settlements),
      taskTitle: row.title ?? own[0]?.taskTitle ?? '',
      receipts: own.map(({ number, kind, totalCents, createdAt, taskTitle }) => ({
        number,
        kind,
        totalCents,
        createdAt,
        taskTitle,
      })),
    };
  });
  const total = (cents: (payment: (typeof payments)[number]) => number) =>
    payments.reduce((sum, payment) => sum + cents(payment), 0);
  return {
    mode,
    paidCents: total((payment) => payment.totalCents),
    heldCents: total((payment) => payment.heldCents),
    refundedCents: total((payment) => payment.settled?.refundedCents ?? 0),
    payments,
  };
}

/** Disputes for the operators' queue: open ones first, oldest first; then the decided. */
export async function listDisputes(db: Db, status: 'open' | 'resolved'): Promise<AdminDispute[]> {
  const rows = await db
    .selectFrom('disputes')
    .innerJoin('payments', 'payments.id', 'disputes.payment_id')
    .leftJoin('tasks', 'tasks.id', 'disputes.task_id')
    .leftJoin('user as poster', 'poster.id', 'payments.payer_id')
    .leftJoin('user as freelancer', 'freelancer.id', 'payments.payee_id')
    .selectAll('payments')
    .innerJoin('offers', 'offers.id', 'payments.offer_id')
    .select([
      'disputes.id as dispute_id',
      'tasks.title',
      'tasks.delivered_at',
      'offers.amount_cents as offer_amount_cents',
      'offers.message as offer_message',
      'offers.created_at as offer_created_at',
      'poster.name as poster_name',
      'freelancer.name as freelancer_name',
    ])
    .where('disputes.status', '=', status)
    .orderBy('disputes.created_at', status === 'open' ? 'asc' : 'desc')
    .limit(200)
    .execute();
  const ids = rows.map((row) => row.id);
  const [disputes, settlements, conversations] = await Promise.all([
    disputesOf(db, ids),
    // An open dispute's payment is still held: nothing of it is settled yet.
    status === 'open'
      ? new Map<string, Settled>()
      : settlementsOf(
          db,
          rows.map((row) => row.task_id),
        ),
    conversationsOf(
      db,
      rows.map((row) => row.offer_id),
    ),
  ]);
  return rows.map((row) => ({
    _id: row.dispute_id,
    task: { _id: row.task_id, title: row.title ?? '' },
    poster: { _id: row.payer_id, name: row.poster_name ?? 'Deleted user' },
    freelancer: { _id: row.payee_id, name: row.freelancer_name ?? 'Deleted user' },
    payment: paymentView(toPayment(row), settlements),
    dispute: disputes.get(row.id)!,
    offer: {
      amountCents: Number(row.offer_amount_cents),
      message: row.offer_message,
      createdAt: row.offer_created_at,
    },
    deliveredAt: row.delivered_at ?? null,
    conversation: conversations.get(row.offer_id) ?? [],
  }));
}

/**
 * The offers' conversations for the disputes queue, oldest first, whatever their moderation: as
 * many of the latest as a conversation shows its parties (MESSAGES_LIMIT).
 */
async function conversationsOf(db: Db, offerIds: string[]) {
  const byOffer = new Map<string, AdminDispute['conversation']>();
  for (const row of await listMessagesOfOffers(db, offerIds, MESSAGES_LIMIT)) {
    const list = byOffer.get(row.offer_id) ?? [];
    list.push({
      _id: row.id,
      author: { _id: row.author_id, name: row.author_name },
      text: row.text,
      createdAt: row.created_at,
    });
    byOffer.set(row.offer_id, list);
  }
  return byOffer;
}

const OUTCOME_TEXTS = {
  release: (cents: number) => `the freelancer is paid ${formatCents(cents)}`,
  refund: (cents: number) => `the poster is refunded ${formatCents(cents)}`,
  split: (cents: number, refund: number) =>
    `the freelancer is paid ${formatCents(cents)} and the poster refunded ${formatCents(refund)}`,
};

/**
 * An admin decides a dispute: release (the task completes, the freelancer is paid), refund (the
 * assignment ends, the poster gets everything back) or split (the task completes, the
 * freelancer paid for `freelancerCents` of the amount, the rest refunded). The decision, its
 * reason and the money moved go in the audit log, in the same transaction.
 */
export async function resolveDispute(
  db: Db,
  disputeId: string,
  adminId: string,
  input: ResolveDisputeInput,
): Promise<void> {
  const dispute = await db
    .selectFrom('disputes')
    .selectAll()
    .where('id', '=', disputeId)
    .executeTakeFirst();
  if (!dispute) throw new AppError('not_found', PAYMENT_MESSAGES.disputeNotFound);
  const payment = await findPayment(db, dispute.payment_id);
  if (!payment) throw new AppError('not_found', PAYMENT_MESSAGES.paymentNotFound);
  const share =
    input.outcome === 'release'
      ? payment.amountCents
      : input.outcome === 'refund'
        ? 0
        : (input.freelancerCents ?? 0);
  if (input.outcome === 'split' && (share <= 0 || share >= payment.amountCents)) {
    throw new AppError('bad_request', PAYMENT_MESSAGES.splitAmount(payment.amountCents));
  }
  const offer = await offerOrNotFound(db, payment.offerId);
  await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    // The task's row first; only a task still in this dispute moves.
    const moved = await trx
      .updateTable('tasks')
      .set(
        input.outcome === 'refund'
          ? reopenedTask()
          : { status: 'completed', completed_at: at, disputed_at: null, updated_at: at },
      )
      .where('id', '=', dispute.task_id)
      .where('disputed_at', 'is not', null)
      .where('accepted_offer_id', '=', payment.offerId)
      .executeTakeFirst();
    const decided = await trx
      .updateTable('disputes')
      .set({
        status: 'resolved',
        outcome: input.outcome,
        freelancer_cents: share,
        reason: input.reason,
        resolved_by: adminId,
        resolved_at: at,
      })
      .where('id', '=', disputeId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (!Number(decided.numUpdatedRows)) {
      throw new AppError('conflict', PAYMENT_MESSAGES.disputeClosed);
    }
    if (!Number(moved.numUpdatedRows)) {
      throw new AppError('conflict', TASK_STATUS_MESSAGES.changedMeanwhile);
    }
    const task = await readTaskFacts(trx, dispute.task_id);
    if (!task) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
    // What the settlement moved, as it computed it (the ledger holds the same).
    const settled =
      input.outcome === 'refund'
        ? await endAssignment(trx, task, offer, dispute.opened_by, input.reason, adminId)
        : await settlePayment(trx, payment, share, task.title);
    if (!settled) throw new AppError('conflict', TASK_STATUS_MESSAGES.changedMeanwhile);
    // Issue 50: a release or split completes the task, one more for the freelancer's figures.
    if (input.outcome !== 'refund' && task.assigneeId) {
      await markDirectoryFiguresDue(trx, [task.assigneeId]);
    }
    const outcome =
      input.outcome === 'split'
        ? OUTCOME_TEXTS.split(settled.toFreelancerCents, settled.refundedCents)
        : input.outcome === 'release'
          ? OUTCOME_TEXTS.release(settled.toFreelancerCents)
          : OUTCOME_TEXTS.refund(settled.refundedCents);
    await recordAdminAction(trx, {
      adminId,
      action: `dispute_${input.outcome}`,
      targetType: 'task',
      targetId: task.id,
      reason: input.reason,
      details: {
        disputeId,
        paymentId: payment.id,
        toFreelancerCents: settled.toFreelancerCents,
        refundCents: settled.refundedCents,
        revenueCents: settled.feesCents,
      },
    });
    await notify(trx, [
      {
        type: 'dispute_resolved',
        task,
        actorId: adminId,
        recipients: [payment.payerId, payment.payeeId],
        reason: `${outcome}. “${input.reason}”`,
      },
    ]);
    await publishTaskChanges(trx, [task.id]);
  });
}
