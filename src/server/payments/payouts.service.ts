import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { enqueuePaymentJob } from './escrow.ts';
import { accounts, balanceOf, recordMovement } from './ledger.ts';
import type { PaymentProvider } from './provider.ts';
import { writeReceipt } from './receipts.ts';

/**
 * Payouts (issue 21): a freelancer withdraws their available balance, all of it or an amount,
 * to their payout account. The withdrawal locks the payout account's row first, so withdrawals
 * of one balance queue (on SQLite every write transaction does) and none reads a balance another
 * is about to spend: the balance never goes below zero. The transfer itself is a payment job,
 * made after the commit (payment-jobs.ts); a transfer the provider refuses puts the money back.
 */

type Db = Kysely<Database>;

export interface PayoutDeps {
  db: Db;
  provider: PaymentProvider;
  /** Where Stripe's onboarding sends the freelancer back. */
  publicUrl: string;
}

/**
 * Sets where a freelancer's payouts go: with the test provider, a name; with Stripe, also an
 * Express account, whose hosted onboarding the answer links to.
 */
export async function setPayoutAccount(
  { db, provider, publicUrl }: PayoutDeps,
  userId: string,
  name: string,
): Promise<{ ok: true; onboardingUrl: string | null }> {
  const existing = await payoutAccountOf(db, userId);
  const back = `${publicUrl}/dashboard/earnings`;
  const connection = await provider.connectPayoutAccount({
    userId,
    existingRef: existing?.provider_ref ?? null,
    returnUrl: back,
    refreshUrl: back,
  });
  const at = new Date().toISOString();
  const values = { name, provider: provider.mode, provider_ref: connection.ref, updated_at: at };
  await db
    .insertInto('payout_accounts')
    .values({ user_id: userId, ...values, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { ok: true, onboardingUrl: connection.onboardingUrl };
}

export async function payoutAccountOf(db: Db, userId: string) {
  return db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface Withdrawal {
  payoutId: string;
  receipt: string;
  amountCents: number;
}

export async function withdraw(
  { db, provider }: Pick<PayoutDeps, 'db' | 'provider'>,
  userId: string,
  amountCents: number | undefined,
): Promise<Withdrawal> {
  const known = await payoutAccountOf(db, userId);
  if (known && !(await provider.isPayoutReady(known.provider_ref))) {
    throw new AppError('conflict', PAYMENT_MESSAGES.payoutAccountNotReady);
  }
  return db.transaction().execute(async (trx) => {
    let locking = trx.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId);
    if (isPostgres(trx)) locking = locking.forUpdate();
    const account = await locking.executeTakeFirst();
    if (!account) throw new AppError('conflict', PAYMENT_MESSAGES.noPayoutAccount);
    const available = await balanceOf(trx, accounts.available(userId));
    if (available <= 0) throw new AppError('conflict', PAYMENT_MESSAGES.nothingToWithdraw);
    const amount = amountCents ?? available;
    if (amount > available) {
      throw new AppError('conflict', PAYMENT_MESSAGES.overBalance(available));
    }
    const payoutId = crypto.randomUUID();
    const at = new Date().toISOString();
    const destination = account.provider_ref ?? account.name;
    await trx
      .insertInto('payouts')
      .values({
        id: payoutId,
        user_id: userId,
        amount_cents: amount,
        destination,
        status: 'pending',
        created_at: at,
      })
      .execute();
    await recordMovement(trx, {
      kind: 'payout',
      reference: `payout:${payoutId}`,
      entries: [
        { account: accounts.available(userId), amountCents: -amount },
        { account: accounts.payout(userId), amountCents: amount },
      ],
    });
    const receipt = await writeReceipt(trx, {
      kind: 'payout',
      payerId: null,
      payeeId: userId,
      payoutId,
      taskTitle: null,
      totalCents: amount,
      lines: [
        { label: `Withdrawal to ${account.name}`, amountCents: amount },
        { label: 'Available after it', amountCents: available - amount },
      ],
    });
    await enqueuePaymentJob(trx, { kind: 'transfer', payoutId, amountCents: amount });
    return { payoutId, receipt, amountCents: amount };
  });
}

const REVERSED = (payoutId: string) => `payout:${payoutId}:reversed:`;

/**
 * A transfer reversed after it was made (Stripe's `transfer.reversed`: in its dashboard, or by
 * Connect): the reversed part is the freelancer's to withdraw again. `reversedCents` is the
 * transfer's total reversed so far, so an event repeated or out of order moves nothing twice;
 * a payout reversed in full is `failed`, saying why. Returns the cents moved back.
 */
export async function followTransferReversal(
  db: Db,
  transfer: { ref: string; reversedCents: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let locking = trx
      .selectFrom('payouts')
      .selectAll()
      .where('provider_ref', '=', transfer.ref)
      .where('status', '=', 'paid');
    if (isPostgres(trx)) locking = locking.forUpdate();
    const payout = await locking.executeTakeFirst();
    if (!payout) return 0;
    const amount = Number(payout.amount_cents);
    const already = await trx
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
      .select(sql<string | number | null>`sum(ledger_entries.amount_cents)`.as('total'))
      .where('ledger_transactions.reference', 'like', `${REVERSED(payout.id)}%`)
      .where('ledger_entries.account', '=', accounts.available(payout.user_id))
      .executeTakeFirstOrThrow();
    const back = Math.min(transfer.reversedCents, amount) - Number(already.total ?? 0);
    if (back <= 0) return 0;
    await recordMovement(trx, {
      kind: 'payout_reversed',
      reference: `${REVERSED(payout.id)}${transfer.reversedCents}`,
      entries: [
        { account: accounts.payout(payout.user_id), amountCents: -back },
        { account: accounts.available(payout.user_id), amountCents: back },
      ],
    });
    const whole = transfer.reversedCents >= amount;
    await trx
      .updateTable('payouts')
      .set({
        status: whole ? 'failed' : 'paid',
        failure: whole
          ? PAYMENT_MESSAGES.transferReversed
          : PAYMENT_MESSAGES.transferPartlyReversed(Math.min(transfer.reversedCents, amount)),
      })
      .where('id', '=', payout.id)
      .execute();
    return back;
  });
}
