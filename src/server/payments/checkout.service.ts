import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  isCardExpired,
  PAYMENT_MESSAGES,
  type CardShown,
  type Checkout,
  type TestCard,
} from '../../shared/payments.ts';
import type { PaymentsConfig } from '../config.ts';
import { isUniqueViolation } from '../db/database-errors.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assertCanHire, offerOrNotFound, hireOffer } from '../offers/offers.service.ts';
import { readTaskFacts } from '../tasks/task-status.ts';
import { findPayment, holdPayment, settlePayment, toPayment, type Payment } from './escrow.ts';
import { hireAmounts } from './money.ts';
import type { ChargeFailure, ChargeState, PaymentProvider, ProviderEvent } from './provider.ts';
import { followTransferReversal } from './payouts.service.ts';
import { isTestCard } from './test-provider.ts';

/**
 * Paying to hire (issue 21, decision 031). The charge is made outside any transaction (a
 * provider call must never hold a row lock), under the payment's id as idempotency key; then
 * one transaction records the money held and hires. If the hire is no longer possible by then
 * (the offer withdrawn, another hired), the same money is refunded at once and the poster told
 * why. A process that dies between the charge and the commit leaves the payment `processing`:
 * reconcilePayments asks the provider what became of it and finishes the work.
 */

type Db = Kysely<Database>;

export interface PaymentsDeps {
  db: Db;
  config: PaymentsConfig;
  provider: PaymentProvider;
}

const FAILURE_MESSAGES: Record<ChargeFailure, string> = {
  declined: PAYMENT_MESSAGES.declined,
  insufficient_funds: PAYMENT_MESSAGES.insufficientFunds,
  error: PAYMENT_MESSAGES.providerFailed,
  abandoned: PAYMENT_MESSAGES.providerFailed,
};

const FAILED_CALL = { ok: false, failure: 'error' } as const;

/**
 * What hiring with the offer costs its poster; once they paid for it, what they paid and the
 * receipt (coming back to the checkout after paying: issue 47).
 */
export async function checkoutOf(
  deps: PaymentsDeps,
  offerId: string,
  posterId: string,
): Promise<Checkout> {
  const paidRow = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('offer_id', '=', offerId)
    .where('payer_id', '=', posterId)
    .where('status', 'in', ['held', 'disputed', 'released', 'split'])
    .executeTakeFirst();
  const paid = paidRow && toPayment(paidRow);
  const offer = paid
    ? await offerOrNotFound(deps.db, offerId)
    : await assertCanHire(deps.db, offerId, posterId);
  const task = await readTaskFacts(deps.db, offer.task_id);
  const freelancer = await deps.db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', offer.bidder_id)
    .executeTakeFirst();
  const amounts = paid
    ? { amount: paid.amountCents, clientFee: paid.clientFeeCents, total: paid.totalCents }
    : termsOf(deps.config, Number(offer.amount_cents));
  return {
    offerId,
    taskId: offer.task_id,
    taskTitle: task?.title ?? '',
    freelancer: { _id: offer.bidder_id, name: freelancer?.name ?? 'Deleted user' },
    mode: deps.config.mode,
    amountCents: amounts.amount,
    clientFeeCents: amounts.clientFee,
    totalCents: amounts.total,
    clientFeePercent: (paid?.clientFeeBp ?? deps.config.clientFeeBp) / 100,
    paidReceipt: paid ? await paymentReceipt(deps.db, paid.id) : null,
  };
}

const termsOf = (config: PaymentsConfig, amountCents: number) =>
  hireAmounts(amountCents, config.clientFeeBp / 100, config.freelancerFeeBp / 100);

/** The card's own faults, before anything is asked of the provider (400). */
function assertUsableCard(deps: PaymentsDeps, card: TestCard): void {
  if (isCardExpired(card.expiry)) throw new AppError('bad_request', PAYMENT_MESSAGES.cardExpired);
  if (deps.provider.mode === 'test' && !isTestCard(card.number)) {
    throw new AppError('bad_request', PAYMENT_MESSAGES.notTestCard);
  }
}

export interface Paid {
  paymentId: string;
  receipt: string;
  taskId: string;
}

export async function payToHire(
  deps: PaymentsDeps,
  offerId: string,
  posterId: string,
  card: TestCard,
  shownTotalCents?: number,
): Promise<Paid> {
  const { provider } = deps;
  if (!provider.charge) throw new AppError('bad_request', PAYMENT_MESSAGES.useCheckoutPage);
  assertUsableCard(deps, card);
  const { payment, title } = await openPayment(deps, offerId, posterId, shownTotalCents);
  const request = {
    idempotencyKey: payment.id,
    amountCents: payment.totalCents,
    card,
    description: `Tasklane: ${title}`,
  };
  // A call that failed on the way may still have charged: the provider's record says.
  const outcome = await provider
    .charge(request)
    .catch(async () => (await provider.findCharge(payment.id, null)) ?? FAILED_CALL);
  return finishPayment(deps, payment, outcome);
}

/** 409: the offer's total is not the one the page showed (issue 47); nothing is charged. */
const priceChanged = (totalCents: number) =>
  new AppError('conflict', PAYMENT_MESSAGES.priceChanged(totalCents), { totalCents });

/**
 * A payment of the offer's amount and fee, processing, for its poster: one per offer at a time
 * (migration 0015), the second asking nothing of the provider. Only at the total the page
 * showed, when it says one; and an offer whose price changed as the payment opened (before
 * editOffer could see it) gives it up, before any charge.
 */
async function openPayment(
  deps: PaymentsDeps,
  offerId: string,
  posterId: string,
  shownTotalCents: number | undefined,
): Promise<{ payment: Payment; title: string }> {
  const { db, config, provider } = deps;
  const offer = await assertCanHire(db, offerId, posterId);
  const amounts = termsOf(config, Number(offer.amount_cents));
  if (shownTotalCents !== undefined && shownTotalCents !== amounts.total) {
    throw priceChanged(amounts.total);
  }
  const row = {
    id: crypto.randomUUID(),
    task_id: offer.task_id,
    offer_id: offer.id,
    payer_id: posterId,
    payee_id: offer.bidder_id,
    amount_cents: amounts.amount,
    client_fee_cents: amounts.clientFee,
    total_cents: amounts.total,
    client_fee_bp: config.clientFeeBp,
    freelancer_fee_bp: config.freelancerFeeBp,
    provider: provider.mode,
    status: 'processing' as const,
    created_at: new Date().toISOString(),
  };
  try {
    await db.insertInto('payments').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', PAYMENT_MESSAGES.underWay);
    throw error;
  }
  const now = Number((await offerOrNotFound(db, offerId)).amount_cents);
  if (now !== amounts.amount) {
    await markFailed(db, row.id, 'abandoned');
    throw priceChanged(termsOf(config, now).total);
  }
  const task = await readTaskFacts(db, offer.task_id);
  const payment = toPayment({
    ...row,
    provider_ref: null,
    failure: null,
    paid_at: null,
    settled_at: null,
  });
  return { payment, title: task?.title ?? 'a task' };
}

/** The provider's answer on a payment: hired (its receipt), refused (402) or not yet (409). */
async function finishPayment(
  { db, provider }: PaymentsDeps,
  payment: Payment,
  state: ChargeState,
): Promise<Paid> {
  if (state === 'pending') throw new AppError('conflict', PAYMENT_MESSAGES.notConfirmed);
  if (!state.ok) {
    if (provider.declineEndsPayment) await markFailed(db, payment.id, state.failure);
    throw new AppError('payment_required', FAILURE_MESSAGES[state.failure]);
  }
  await applyCharge(db, payment, state);
  return {
    paymentId: payment.id,
    receipt: await paymentReceipt(db, payment.id),
    taskId: payment.taskId,
  };
}

/**
 * Stripe: a payment for Stripe.js to confirm in the browser with the Payment Element. A poster
 * who comes back to the checkout gets the payment under way again, not a second one.
 */
export async function startPayment(
  deps: PaymentsDeps,
  offerId: string,
  posterId: string,
  shownTotalCents?: number,
): Promise<{ paymentId: string; clientSecret: string }> {
  const { db, provider } = deps;
  if (!provider.startPayment) throw new AppError('bad_request', PAYMENT_MESSAGES.paymentsOff);
  const under = await db
    .selectFrom('payments')
    .selectAll()
    .where('offer_id', '=', offerId)
    .where('payer_id', '=', posterId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  if (under && shownTotalCents !== undefined && Number(under.total_cents) !== shownTotalCents) {
    throw priceChanged(Number(under.total_cents));
  }
  const { payment, title } = under
    ? { payment: toPayment(under), title: '' }
    : await openPayment(deps, offerId, posterId, shownTotalCents);
  const started = await provider.startPayment({
    idempotencyKey: `payment-${payment.id}`,
    amountCents: payment.totalCents,
    description: `Tasklane: ${title}`,
    metadata: { paymentId: payment.id, taskId: payment.taskId, offerId: payment.offerId },
  });
  await db
    .updateTable('payments')
    .set({ provider_ref: started.ref })
    .where('id', '=', payment.id)
    .execute();
  return { paymentId: payment.id, clientSecret: started.clientSecret };
}

/**
 * The browser is back from confirming (Stripe's redirect): the provider says how it went. The
 * webhook may have applied it already; then this answers the same, having changed nothing.
 */
export async function confirmPayment(
  deps: PaymentsDeps,
  paymentId: string,
  posterId: string,
): Promise<Paid> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.payerId !== posterId) {
    throw new AppError('not_found', PAYMENT_MESSAGES.paymentNotFound);
  }
  // Refunded: either at once (the hire was no longer possible: the poster was told why) or
  // after an assignment that ended; either way there is nothing to confirm.
  if (payment.status === 'refunded') throw new AppError('conflict', PAYMENT_MESSAGES.wasRefunded);
  if (payment.status !== 'processing' && payment.status !== 'failed') {
    return { paymentId, receipt: await paymentReceipt(deps.db, paymentId), taskId: payment.taskId };
  }
  if (payment.status === 'failed')
    throw new AppError('payment_required', PAYMENT_MESSAGES.declined);
  const state = await deps.provider.findCharge(payment.id, payment.providerRef);
  return finishPayment(deps, payment, state ?? 'pending');
}

/**
 * A provider's webhook, verified by its signature and applied once: its event id is kept, and
 * what it says is applied as the redirect would apply it (a payment applied already changes
 * nothing). Returns false for an event seen before.
 */
export async function applyWebhook(
  deps: PaymentsDeps,
  payload: string,
  signature: string,
): Promise<boolean> {
  const { db, provider } = deps;
  if (!provider.parseWebhook) throw new AppError('not_found', PAYMENT_MESSAGES.paymentNotFound);
  let event: ProviderEvent;
  try {
    event = provider.parseWebhook(payload, signature);
  } catch {
    throw new AppError('bad_request', PAYMENT_MESSAGES.badSignature);
  }
  const seen = await db
    .selectFrom('provider_events')
    .select('id')
    .where('id', '=', event.id)
    .executeTakeFirst();
  if (seen) return false;
  if (event.transfer) await followTransferReversal(db, event.transfer);
  const payment = event.paymentId ? await findPayment(db, event.paymentId) : undefined;
  if (payment?.status === 'processing' && event.state && event.state !== 'pending') {
    // A webhook's intent names its charge without the card; the provider's record has it.
    const found =
      event.state.ok && !event.state.card
        ? await provider.findCharge(payment.id, payment.providerRef).catch(() => undefined)
        : undefined;
    const state = found && found !== 'pending' && found.ok ? found : event.state;
    await finishPayment(deps, payment, state).catch((error: unknown) => {
      // Refused or refunded: recorded as it should be; the event is applied all the same.
      if (!(error instanceof AppError)) throw error;
    });
  }
  await db
    .insertInto('provider_events')
    .values({ id: event.id, type: event.type, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return true;
}

async function markFailed(db: Db, paymentId: string, failure: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', failure, settled_at: new Date().toISOString() })
    .where('id', '=', paymentId)
    .where('status', '=', 'processing')
    .execute();
}

async function paymentReceipt(db: Db, paymentId: string): Promise<string> {
  const row = await db
    .selectFrom('receipts')
    .select('number')
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'payment')
    .executeTakeFirstOrThrow();
  return row.number;
}

/** Another request (or a poll) applied this payment first: there is nothing more to do here. */
class AppliedElsewhere extends AppError {
  constructor() {
    super('conflict', PAYMENT_MESSAGES.underWay);
  }
}

/**
 * The provider took the money: hold it and hire, in one transaction; or, when the hire is no
 * longer possible, hold it and refund it at once in another, and say why (409). Applied once:
 * whoever finds the payment still processing does it (the request, or a reconciliation).
 */
async function applyCharge(
  db: Db,
  payment: Payment,
  charge: { ref: string; card?: CardShown | undefined },
): Promise<void> {
  const offer = await offerOrNotFound(db, payment.offerId);
  let refusal: AppError | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      // The task's row first (hireOffer), as every transaction of a task takes its locks.
      await hireOffer(trx, offer, payment.payerId, payment.amountCents);
      const task = await readTaskFacts(trx, payment.taskId);
      if (!(await holdPayment(trx, payment, charge, task?.title ?? ''))) {
        throw new AppliedElsewhere();
      }
    });
    return;
  } catch (error) {
    if (!(error instanceof AppError) || error instanceof AppliedElsewhere) throw error;
    refusal = error;
  }
  const refunded = await db.transaction().execute(async (trx) => {
    const task = await readTaskFacts(trx, payment.taskId);
    const title = task?.title ?? '';
    if (!(await holdPayment(trx, payment, charge, title))) return false;
    await settlePayment(trx, { ...payment, status: 'held' }, 0, title);
    await notify(trx, [
      {
        type: 'payment_refunded',
        task: { id: payment.taskId, title },
        actorId: null,
        recipients: [payment.payerId],
        reason: refusal.message,
      },
    ]);
    return true;
  });
  if (!refunded) throw new AppliedElsewhere();
  throw new AppError('conflict', PAYMENT_MESSAGES.refunded(refusal.message, payment.totalCents));
}

/** How long a payment the browser never confirmed is kept before it is given up. */
const ABANDON_AFTER_MS = 60 * 60 * 1000;

/**
 * Payments left processing by a process that died mid-payment: the provider's record decides.
 * Charged: held and hired (or refunded), as the request would have; failed or never made:
 * failed. Returns how many it finished.
 */
export async function reconcilePayments(
  deps: PaymentsDeps,
  now = new Date(),
  afterMs = deps.config.reconcileAfterMs,
): Promise<number> {
  const { db, provider } = deps;
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'processing')
    .where('provider', '=', provider.mode)
    .where('created_at', '<=', new Date(now.getTime() - afterMs).toISOString())
    .orderBy('created_at')
    .limit(20)
    .execute();
  let finished = 0;
  for (const { id } of rows) {
    const payment = await findPayment(db, id);
    if (!payment || payment.status !== 'processing') continue;
    const state = await provider.findCharge(id, payment.providerRef);
    const declined = state && state !== 'pending' && !state.ok ? state.failure : undefined;
    if (state === 'pending' || (declined && !provider.declineEndsPayment)) {
      // Confirmed by nobody for an hour (or only declined): the poster left the checkout.
      // Nothing was charged; the intent is cancelled first, so no card can be charged on it
      // later (a cancel refused because it just succeeded leaves it to the next round).
      if (now.getTime() - Date.parse(payment.createdAt) < ABANDON_AFTER_MS) continue;
      const cancelled = payment.providerRef
        ? await provider.cancel?.(payment.providerRef).then(
            () => true,
            () => false,
          )
        : true;
      if (cancelled === false) continue;
      await markFailed(db, id, declined ?? 'abandoned');
    } else if (state?.ok) {
      await applyCharge(db, payment, state).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    } else {
      await markFailed(db, id, state?.failure ?? 'abandoned');
    }
    finished += 1;
  }
  return finished;
}
