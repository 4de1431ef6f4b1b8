import { expect } from 'vitest';
import { TEST_CARDS } from '../../src/shared/payments.ts';
import { checkLedger } from '../../src/server/payments/ledger.ts';
import { startPaymentWorker } from '../../src/server/payments/payment-jobs.ts';
import { createPaymentProvider } from '../../src/server/payments/payment-provider.ts';
import { call, makeOffer, postTask } from './marketplace.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** Issue 21's API driven through HTTP, for the payments tests (PAYMENTS=test). */

export const PAYMENTS_ENV = { PAYMENTS: 'test', PAYMENT_POLL_MS: '60000' };

export const card = (number: string = TEST_CARDS.succeeds) => ({
  card: { number, expiry: '12/40', cvc: '123' },
});

export async function pay(t: TestApp, poster: TestUser, offerId: string, number?: string) {
  return call(t, 'POST', `/api/offers/${offerId}/pay`, poster, card(number));
}

/** A task hired by paying with the good card; `until` takes it further along. */
export async function paidHire(
  t: TestApp,
  poster: TestUser,
  freelancer: TestUser,
  until: 'assigned' | 'delivered' = 'assigned',
  amount = 120.5,
): Promise<{ taskId: string; offerId: string; receipt: string }> {
  const taskId = await postTask(t, poster);
  const offerId = await makeOffer(t, freelancer, taskId, { amount });
  const paid = await pay(t, poster, offerId);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  if (until === 'delivered') {
    const delivered = await call(t, 'POST', `/api/tasks/${taskId}/deliver`, freelancer);
    expect(delivered.status).toBe(200);
  }
  return { taskId, offerId, receipt: (paid.body as { receipt: string }).receipt };
}

/** The provider calls waiting after the commits: made now, as an instance's poll makes them. */
export async function runPaymentJobs(t: TestApp): Promise<number> {
  const config = t.config.payments;
  const worker = startPaymentWorker({
    db: t.db,
    config,
    provider: await createPaymentProvider(config, t.db),
    log: t.app.log,
    pollMs: 60_000,
  });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

/** The books, checked as `npm run ledger:check` checks them, provider included. */
export async function expectBooksBalance(t: TestApp): Promise<void> {
  expect(await checkLedger(t.db, await createPaymentProvider(t.config.payments, t.db))).toEqual([]);
}

/** How many times the books took a charge for the task: once, whatever was retried. */
export async function chargesOf(db: TestApp['db'], taskId: string): Promise<number> {
  const rows = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('task_id', '=', taskId)
    .where('kind', '=', 'charge')
    .execute();
  return rows.length;
}
