import crypto from 'node:crypto';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { CardShown, Settled } from '../../shared/payments.ts';
import { TASK_STATUS_MESSAGES } from '../../shared/tasks.ts';
import type { Database, PaymentStatus, PaymentTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { accounts, recordMovement, type Entry } from './ledger.ts';
import { settlementOf } from './money.ts';
import { writeReceipt } from './receipts.ts';

/**
 * The money of one hire while it is held (issue 21, decision 031): taken into the task's escrow
 * when the charge succeeds, and settled out of it (released, refunded or split) in the
 * transaction of the task's change that decides it. Nothing here calls the provider: a refund
 * is written as a payment job, carried out after the commit (payment-jobs.ts).
 * The hiring rules (offers.service.ts) call these; this module knows nothing of offers.
 */

type Db = Kysely<Database>;
type PaymentRow = Selectable<PaymentTable>;

export interface Payment {
  id: string;
  taskId: string;
  offerId: string;
  payerId: string;
  payeeId: string;
  amountCents: number;
  clientFeeCents: number;
  totalCents: number;
  clientFeeBp: number;
  freelancerFeeBp: number;
  provider: string;
  providerRef: string | null;
  status: PaymentStatus;
  paidAt: string | null;
  createdAt: string;
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    taskId: row.task_id,
    offerId: row.offer_id,
    payerId: row.payer_id,
    payeeId: row.payee_id,
    amountCents: Number(row.amount_cents),
    clientFeeCents: Number(row.client_fee_cents),
    totalCents: Number(row.total_cents),
    clientFeeBp: row.client_fee_bp,
    freelancerFeeBp: row.freelancer_fee_bp,
    provider: row.provider,
    providerRef: row.provider_ref,
    status: row.status,
    paidAt: row.paid_at,
    createdAt: row.created_at,
  };
}

const HOLDING: PaymentStatus[] = ['held', 'disputed'];

/** The payment that holds money for the task now (held or disputed), if any. */
export async function heldPaymentOf(db: Db, taskId: string): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('status', 'in', HOLDING)
    .executeTakeFirst();
  return row && toPayment(row);
}

/**
 * The condition "no payment for the offer is under way", for a statement that changes the
 * offer's price (an UPDATE of offers): the check and the write are then one statement (issue 47).
 */
export const noCheckoutOpen = (offerId: string) => (eb: ExpressionBuilder<Database, 'offers'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('payments')
        .select('payments.id')
        .where('payments.offer_id', '=', offerId)
        .where('payments.status', '=', 'processing'),
    ),
  );

/** Whether a payment for the offer is under way: its price must hold still (issue 47). */
export async function isCheckoutOpen(db: Db, offerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('offer_id', '=', offerId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPayment(db: Db, id: string): Promise<Payment | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPayment(row);
}

/**
 * The provider took the money: it goes from the poster's card into the task's escrow, with a
 * receipt. Returns false when the payment was no longer processing (another request or a
 * reconciliation applied it first), having changed nothing.
 */
export async function holdPayment(
  db: Db,
  payment: Payment,
  charge: { ref: string; card?: CardShown | undefined },
  taskTitle: string,
): Promise<boolean> {
  const at = new Date().toISOString();
  const taken = await db
    .updateTable('payments')
    .set({ status: 'held', provider_ref: charge.ref, paid_at: at })
    .where('id', '=', payment.id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  if (!Number(taken.numUpdatedRows)) return false;
  await recordMovement(db, {
    kind: 'charge',
    reference: `payment:${payment.id}:charge`,
    taskId: payment.taskId,
    entries: [
      { account: accounts.card(payment.payerId), amountCents: -payment.totalCents },
      { account: accounts.escrow(payment.taskId), amountCents: payment.totalCents },
    ],
  });
  await writeReceipt(db, {
    kind: 'payment',
    payerId: payment.payerId,
    payeeId: null,
    taskId: payment.taskId,
    paymentId: payment.id,
    taskTitle,
    card: charge.card,
    totalCents: payment.totalCents,
    // What the payment became is the receipt's status, read when it is shown (issue 47).
    lines: [
      { label: 'Offer amount', amountCents: payment.amountCents },
      { label: 'Service fee', amountCents: payment.clientFeeCents },
      { label: 'Total charged', amountCents: payment.totalCents },
    ],
  });
  return true;
}

/** How a settlement ends the payment. */
export type Settlement = 'released' | 'refunded' | 'split';

/**
 * Settles a held (or disputed) payment: `shareCents` of the offer's amount to the freelancer,
 * less their fee; the fees to the platform; the rest back to the poster (money.ts
 * settlementOf). One balanced movement, receipts for each party paid, and a refund job when the
 * poster gets money back. Throws a 409 when the payment is no longer held. Returns what it
 * moved, as the ledger's settlementsOf reads it back.
 */
export async function settlePayment(
  db: Db,
  payment: Payment,
  shareCents: number,
  taskTitle: string,
): Promise<Settled> {
  const status: Settlement =
    shareCents === payment.amountCents ? 'released' : shareCents === 0 ? 'refunded' : 'split';
  const at = new Date().toISOString();
  const settled = await db
    .updateTable('payments')
    .set({ status, settled_at: at })
    .where('id', '=', payment.id)
    .where('status', 'in', HOLDING)
    .executeTakeFirst();
  if (!Number(settled.numUpdatedRows)) {
    throw new AppError('conflict', TASK_STATUS_MESSAGES.changedMeanwhile);
  }
  const parts = settlementOf(payment, shareCents);
  const entries: Entry[] = [
    { account: accounts.escrow(payment.taskId), amountCents: -payment.totalCents },
    { account: accounts.available(payment.payeeId), amountCents: parts.toFreelancer },
    { account: accounts.revenue, amountCents: parts.revenue },
    { account: accounts.card(payment.payerId), amountCents: parts.refund },
  ].filter((entry) => entry.amountCents !== 0);
  await recordMovement(db, {
    kind: status === 'released' ? 'release' : status === 'refunded' ? 'refund' : 'split',
    reference: `payment:${payment.id}:settle`,
    taskId: payment.taskId,
    entries,
  });
  const common = { taskId: payment.taskId, paymentId: payment.id, taskTitle };
  if (parts.toFreelancer > 0) {
    const freelancerFee = shareCents - parts.toFreelancer;
    await writeReceipt(db, {
      ...common,
      kind: 'release',
      payerId: null,
      payeeId: payment.payeeId,
      totalCents: parts.toFreelancer,
      lines: [
        {
          label: status === 'split' ? 'Your share of the offer amount' : 'Offer amount',
          amountCents: shareCents,
        },
        { label: 'Freelancer fee', amountCents: -freelancerFee },
        { label: 'Added to your available balance', amountCents: parts.toFreelancer },
      ],
    });
  }
  if (parts.refund > 0) {
    await writeReceipt(db, {
      ...common,
      kind: 'refund',
      payerId: null,
      payeeId: payment.payerId,
      totalCents: parts.refund,
      lines: [
        { label: 'Paid', amountCents: payment.totalCents },
        ...(parts.refund < payment.totalCents
          ? [
              {
                label: 'Paid for the work, with its service fee',
                amountCents: parts.refund - payment.totalCents,
              },
            ]
          : []),
        { label: 'Refunded to your card', amountCents: parts.refund },
      ],
    });
    await enqueuePaymentJob(db, {
      kind: 'refund',
      paymentId: payment.id,
      amountCents: parts.refund,
    });
  }
  return {
    toFreelancerCents: parts.toFreelancer,
    feesCents: parts.revenue,
    refundedCents: parts.refund,
  };
}

/** A provider call to make once the transaction that writes it commits (payment-jobs.ts). */
export async function enqueuePaymentJob(
  db: Db,
  job: { kind: 'refund' | 'transfer'; paymentId?: string; payoutId?: string; amountCents: number },
): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await db
    .insertInto('payment_jobs')
    .values({
      id,
      kind: job.kind,
      payment_id: job.paymentId ?? null,
      payout_id: job.payoutId ?? null,
      amount_cents: job.amountCents,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
  return id;
}
