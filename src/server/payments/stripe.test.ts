import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MESSAGES } from '../../shared/offers.ts';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import {
  call,
  makeOffer,
  postTask,
  readTaskRow,
  validOffer,
} from '../../../tests/support/marketplace.ts';
import { chargesOf, expectBooksBalance, runPaymentJobs } from '../../../tests/support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/support/stripe-stand-in.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { reconcilePayments } from './checkout.service.ts';
import { accounts, balanceOf } from './ledger.ts';
import { createPaymentProvider } from './payment-provider.ts';

/**
 * Issue 21's `stripe` provider: the official SDK against a local stand-in for Stripe's API, with
 * webhooks signed by the SDK's own test-header helper. The whole flow, a declined card, a
 * webhook delivered ten times, the webhook before and after the browser's redirect, refunds and
 * payouts through Connect, and the books checked against what "Stripe" says it moved. Both
 * engines; a process killed mid-payment is stripe-processes.test.ts.
 */
let stripe: StripeStandIn;
let t: TestApp;
let poster: TestUser;
let freelancer: TestUser;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ ...stripe.env, PAYMENT_POLL_MS: '60000' });
  [poster, freelancer] = await Promise.all([t.signUp(), t.signUp()]);
});
afterEach(async () => expectBooksBalance(t));
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const TOTAL = 12_653;

interface Started {
  paymentId: string;
  clientSecret: string;
  publishableKey: string;
}

/** A task with an offer, and the payment Stripe.js would confirm. */
async function checkout(): Promise<{ taskId: string; offerId: string; started: Started }> {
  const taskId = await postTask(t, poster);
  const offerId = await makeOffer(t, freelancer, taskId);
  const answer = await call(t, 'POST', `/api/offers/${offerId}/checkout`, poster);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { taskId, offerId, started: answer.body as Started };
}

const intentOf = (started: Started) => started.clientSecret.split('_secret_')[0]!;

const sendWebhook = (event: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });

/** The payment's receipt names the card it was taken from, as Stripe's charge says. */
async function expectReceiptCard(receipt: string): Promise<void> {
  const read = await call(t, 'GET', `/api/receipts/${receipt}`, poster);
  expect(read.body).toMatchObject({ status: 'held', card: { brand: 'Visa', last4: '4242' } });
}

const confirm = (started: Started) =>
  call(t, 'POST', `/api/payments/${started.paymentId}/confirm`, poster);

describe('paying to hire through Stripe', () => {
  it('a PaymentIntent for the total, confirmed in the browser, hires on the redirect', async () => {
    const { taskId, offerId, started } = await checkout();
    expect(started.publishableKey).toBe('pk_test_stand_in');
    const intent = stripe.intents.get(intentOf(started))!;
    expect(intent).toMatchObject({
      amount: TOTAL,
      currency: 'usd',
      metadata: { paymentId: started.paymentId, offerId, taskId },
    });
    // The spec's accept still says where to pay; coming back to the checkout, the same payment.
    expect((await call(t, 'POST', `/api/offers/${offerId}/accept`, poster)).status).toBe(402);
    const again = (await call(t, 'POST', `/api/offers/${offerId}/checkout`, poster)).body;
    expect(again).toEqual(started);
    // Not confirmed yet: nothing happens.
    expect(await confirm(started)).toEqual({
      status: 409,
      body: { message: PAYMENT_MESSAGES.notConfirmed },
    });

    stripe.confirm(intent.id, 'succeeds');
    const paid = await confirm(started);
    expect(paid).toMatchObject({ status: 200, body: { paymentId: started.paymentId, taskId } });
    await expectReceiptCard((paid.body as { receipt: string }).receipt);
    expect((await readTaskRow(t, taskId)).status).toBe('assigned');
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
    // Every call that moves money carried an idempotency key.
    const created = stripe.requests.filter((request) => request.method === 'POST');
    for (const request of created.filter((one) => !one.path.startsWith('/v1/account_links'))) {
      expect(request.idempotencyKey, request.path).toBeTruthy();
    }
  });

  it('starts only at the total the page showed, and the offer holds still while it is paid', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    const raised = validOffer({ amount: 200 });
    expect((await call(t, 'PUT', `/api/offers/${offerId}`, freelancer, raised)).status).toBe(200);
    const intents = stripe.intents.size;
    const start = (totalCents: number) =>
      call(t, 'POST', `/api/offers/${offerId}/checkout`, poster, { totalCents });
    // $200.00 and its 5% fee, not the $126.53 the page showed: no intent is made.
    expect(await start(TOTAL)).toEqual({
      status: 409,
      body: { message: PAYMENT_MESSAGES.priceChanged(21_000), totalCents: 21_000 },
    });
    expect(stripe.intents.size).toBe(intents);
    const payments = t.db.selectFrom('payments').select('status').where('offer_id', '=', offerId);
    expect(await payments.execute()).toEqual([]);

    const started = (await start(21_000)).body as Started;
    expect(stripe.intents.get(intentOf(started))).toMatchObject({ amount: 21_000 });
    const lowered = validOffer({ amount: 10 });
    expect(await call(t, 'PUT', `/api/offers/${offerId}`, freelancer, lowered)).toEqual({
      status: 409,
      body: { message: OFFER_MESSAGES.checkoutOpen },
    });
    stripe.confirm(intentOf(started), 'succeeds');
    expect((await confirm(started)).status).toBe(200);
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(21_000);
  });

  it('a declined card leaves the offer to hire, with the reason; another card on the same intent hires', async () => {
    const { taskId, offerId, started } = await checkout();
    stripe.confirm(intentOf(started), 'declined');
    expect(await confirm(started)).toEqual({
      status: 402,
      body: { message: PAYMENT_MESSAGES.declined },
    });
    stripe.confirm(intentOf(started), 'insufficient_funds');
    expect((await confirm(started)).body).toEqual({ message: PAYMENT_MESSAGES.insufficientFunds });
    expect((await readTaskRow(t, taskId)).status).toBe('open');
    // A PaymentIntent stays open after a decline: coming back, the poster tries another card
    // on the same one, and a later success on it is not lost.
    const retry = (await call(t, 'POST', `/api/offers/${offerId}/checkout`, poster))
      .body as Started;
    expect(retry).toEqual(started);
    stripe.confirm(intentOf(started), 'succeeds');
    expect((await confirm(started)).status).toBe(200);
    expect((await readTaskRow(t, taskId)).status).toBe('assigned');
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
  });

  it('a checkout left declined for an hour is given up: the intent cancelled, the payment failed', async () => {
    const { taskId, started } = await checkout();
    stripe.confirm(intentOf(started), 'declined');
    const provider = await createPaymentProvider(t.config.payments, t.db);
    const deps = { db: t.db, config: t.config.payments, provider };
    // Within the hour, the poster may still try another card: nothing is given up.
    expect(await reconcilePayments(deps, new Date(), 0)).toBe(0);
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await reconcilePayments(deps, later, 0)).toBeGreaterThanOrEqual(1);
    expect(stripe.intents.get(intentOf(started))).toMatchObject({ status: 'canceled' });
    const row = await t.db
      .selectFrom('payments')
      .select(['status', 'failure'])
      .where('id', '=', started.paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', failure: 'declined' });
    expect((await readTaskRow(t, taskId)).status).toBe('open');
  });

  it('a webhook delivered ten times at once is applied once; the redirect after it agrees', async () => {
    const { taskId, started } = await checkout();
    const intent = stripe.confirm(intentOf(started), 'succeeds');
    const event = stripe.signedEvent('payment_intent.succeeded', intent);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect((await readTaskRow(t, taskId)).status).toBe('assigned');
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
    expect(await chargesOf(t.db, taskId)).toBe(1);
    const events = await t.db
      .selectFrom('provider_events')
      .selectAll()
      .where('id', '=', JSON.parse(event.payload).id)
      .execute();
    expect(events).toHaveLength(1);
    // The browser's redirect comes back after the webhook: the same answer, nothing more.
    const paid = await confirm(started);
    expect(paid).toMatchObject({ status: 200, body: { taskId } });
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
    // The webhook's intent names its charge only: the card came from Stripe's record (issue 47).
    expect(JSON.parse(event.payload).data.object.latest_charge).toMatch(/^ch_/);
    await expectReceiptCard((paid.body as { receipt: string }).receipt);
  });

  it('a webhook after the redirect changes nothing', async () => {
    const { taskId, started } = await checkout();
    const intent = stripe.confirm(intentOf(started), 'succeeds');
    expect((await confirm(started)).status).toBe(200);
    const late = await sendWebhook(stripe.signedEvent('payment_intent.succeeded', intent));
    expect(late.statusCode).toBe(200);
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
  });

  it("lets Stripe.js's script, API and frames through the page's content security policy", async () => {
    const csp = String((await t.request('GET', '/api/health')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    );
  });

  it('a webhook that fails its signature is refused and changes nothing', async () => {
    const { taskId, started } = await checkout();
    const intent = stripe.confirm(intentOf(started), 'succeeds');
    const event = stripe.signedEvent('payment_intent.succeeded', intent);
    const forged = await sendWebhook({ ...event, signature: 't=1,v1=forged' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: PAYMENT_MESSAGES.badSignature });
    const tampered = await sendWebhook({ ...event, payload: event.payload.replace('usd', 'eur') });
    expect(tampered.statusCode).toBe(400);
    expect((await readTaskRow(t, taskId)).status).toBe('open');
    // A declined card's webhook is applied, and leaves the intent open for another card.
    const declined = stripe.confirm(intentOf(started), 'declined');
    expect(
      (await sendWebhook(stripe.signedEvent('payment_intent.payment_failed', declined))).statusCode,
    ).toBe(200);
    const row = await t.db
      .selectFrom('payments')
      .select(['status', 'failure'])
      .where('id', '=', started.paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'processing', failure: null });
  });
});

describe('refunds and payouts through Stripe', () => {
  it('a payment landing after the offer was withdrawn is refunded at once, through Stripe', async () => {
    const { taskId, offerId, started } = await checkout();
    expect((await call(t, 'POST', `/api/offers/${offerId}/withdraw`, freelancer)).status).toBe(200);
    const intent = stripe.confirm(intentOf(started), 'succeeds');
    expect(
      (await sendWebhook(stripe.signedEvent('payment_intent.succeeded', intent))).statusCode,
    ).toBe(200);
    expect((await readTaskRow(t, taskId)).status).toBe('open');
    expect(await confirm(started)).toEqual({
      status: 409,
      body: { message: PAYMENT_MESSAGES.wasRefunded },
    });
    expect(await runPaymentJobs(t)).toBe(1);
    const refunds = [...stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === intent.id,
    );
    expect(refunds).toMatchObject([{ amount: TOTAL }]);
  });

  it('ending before delivery refunds through the Refunds API, once', async () => {
    const { taskId, started } = await checkout();
    stripe.confirm(intentOf(started), 'succeeds');
    expect((await confirm(started)).status).toBe(200);
    const reason = { reason: 'No longer needed.' };
    expect((await call(t, 'POST', `/api/tasks/${taskId}/reopen`, poster, reason)).status).toBe(200);
    expect(await runPaymentJobs(t)).toBe(1);
    expect(await runPaymentJobs(t)).toBe(0);
    const refunds = [...stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === intentOf(started),
    );
    expect(refunds).toMatchObject([{ amount: TOTAL, status: 'succeeded' }]);
  });

  it('a freelancer onboards to Connect Express, then withdraws by a transfer', async () => {
    const { taskId, started } = await checkout();
    stripe.confirm(intentOf(started), 'succeeds');
    await confirm(started);
    await call(t, 'POST', `/api/tasks/${taskId}/deliver`, freelancer);
    expect((await call(t, 'POST', `/api/tasks/${taskId}/complete`, poster)).status).toBe(200);

    const setUp = await call(t, 'PUT', '/api/me/payout-account', freelancer, { name: 'Fred' });
    const { onboardingUrl } = setUp.body as { onboardingUrl: string };
    const accountId = onboardingUrl.split('/').pop()!;
    expect(stripe.accounts.get(accountId)).toMatchObject({ type: 'express' });
    expect(await call(t, 'POST', '/api/me/payouts', freelancer, {})).toEqual({
      status: 409,
      body: { message: PAYMENT_MESSAGES.payoutAccountNotReady },
    });
    stripe.completeOnboarding(accountId);
    const available = await balanceOf(t.db, accounts.available(freelancer.id));
    const payout = await call(t, 'POST', '/api/me/payouts', freelancer, {});
    expect(payout).toMatchObject({ status: 201, body: { amountCents: available } });
    expect(await runPaymentJobs(t)).toBe(1);
    const transfers = [...stripe.transfers.values()].filter(
      (transfer) => transfer.destination === accountId,
    );
    expect(transfers).toMatchObject([{ amount: available, currency: 'usd' }]);
    const earnings = (await call(t, 'GET', '/api/me/earnings', freelancer)).body;
    expect(earnings).toMatchObject({ availableCents: 0, paidOutCents: available });
  });

  it('a transfer reversed in Stripe puts the money back, once, part by part', async () => {
    const { taskId, started } = await checkout();
    stripe.confirm(intentOf(started), 'succeeds');
    await confirm(started);
    await call(t, 'POST', `/api/tasks/${taskId}/deliver`, freelancer);
    await call(t, 'POST', `/api/tasks/${taskId}/complete`, poster);
    const available = await balanceOf(t.db, accounts.available(freelancer.id));
    const paidOutBefore = await balanceOf(t.db, accounts.payout(freelancer.id));
    const payout = await call(t, 'POST', '/api/me/payouts', freelancer, {});
    expect(payout.status).toBe(201);
    expect(await runPaymentJobs(t)).toBe(1);
    const { payoutId } = payout.body as { payoutId: string };
    const stored = async () =>
      t.db
        .selectFrom('payouts')
        .select(['status', 'failure', 'provider_ref'])
        .where('id', '=', payoutId)
        .executeTakeFirstOrThrow();
    const transferId = (await stored()).provider_ref!;
    expect(await balanceOf(t.db, accounts.available(freelancer.id))).toBe(0);

    // 1,000 cents reversed, the event delivered twice: 1,000 back, once.
    const part = stripe.signedEvent('transfer.reversed', stripe.reverseTransfer(transferId, 1000));
    expect((await sendWebhook(part)).statusCode).toBe(200);
    expect((await sendWebhook(part)).statusCode).toBe(200);
    expect(await balanceOf(t.db, accounts.available(freelancer.id))).toBe(1000);
    expect(await stored()).toMatchObject({
      status: 'paid',
      failure: PAYMENT_MESSAGES.transferPartlyReversed(1000),
    });
    await expectBooksBalance(t);

    // The rest reversed: everything back, the payout failed saying why; an older event late
    // (a new id, the smaller total) moves nothing.
    const all = stripe.reverseTransfer(transferId, available - 1000);
    expect((await sendWebhook(stripe.signedEvent('transfer.reversed', all))).statusCode).toBe(200);
    const late = stripe.signedEvent('transfer.reversed', { ...all, amount_reversed: 1000 });
    expect((await sendWebhook(late)).statusCode).toBe(200);
    expect(await balanceOf(t.db, accounts.available(freelancer.id))).toBe(available);
    expect(await stored()).toMatchObject({
      status: 'failed',
      failure: PAYMENT_MESSAGES.transferReversed,
    });
    const earnings = (await call(t, 'GET', '/api/me/earnings', freelancer)).body;
    expect(earnings).toMatchObject({ availableCents: available, paidOutCents: paidOutBefore });
  });
});
