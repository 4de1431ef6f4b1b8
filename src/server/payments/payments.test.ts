import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MESSAGES } from '../../shared/offers.ts';
import { PAYMENT_MESSAGES, TEST_CARDS } from '../../shared/payments.ts';
import {
  call,
  makeOffer,
  postTask,
  readOfferRow,
  readTaskRow,
  refused,
  validOffer,
} from '../../../tests/support/marketplace.ts';
import {
  card,
  chargesOf,
  expectBooksBalance,
  paidHire,
  pay,
  PAYMENTS_ENV,
  runPaymentJobs,
} from '../../../tests/support/payments.ts';
import { useSmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import {
  createTestApp,
  PATIENTLY,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';
import { grantAdmin } from '../moderation/admins.ts';
import { autoCompleteTasks } from '../offers/offers.service.ts';
import { accounts, balanceOf } from './ledger.ts';
import { writeReceipt } from './receipts.ts';

/**
 * Issue 21, the money flow through the API on the test provider: pay to hire (402 to the
 * spec's accept), declined cards, money held, released on completion, refunded on an early
 * end, disputes decided by an admin, payouts, receipts; and the books balance after each test,
 * provider included. Both engines.
 */
let t: TestApp;
let poster: TestUser;
let freelancer: TestUser;
let stranger: TestUser;
let admin: TestUser;
// Receipts are mailed (issue 47): read as they arrive over SMTP, not from the outbox, whose rows
// the sender empties once it has sent them.
const inbox = useSmtpInbox();

beforeAll(async () => {
  t = await createTestApp({
    ...PAYMENTS_ENV,
    ...SELLER_ENV,
    SMTP_URL: inbox.url,
    MAIL_POLL_MS: '20',
  });
  [poster, freelancer, stranger, admin] = await Promise.all([
    t.signUp({ name: 'Paula Poster' }),
    t.signUp({ name: 'Fred Freelancer' }),
    t.signUp(),
    t.signUp({ name: 'Ada Admin' }),
  ]);
  await grantAdmin(t.db, admin.id);
});
afterEach(async () => expectBooksBalance(t));
afterAll(async () => t.close());

/** Who issues the receipts (issue 47). */
const SELLER_ENV = {
  LEGAL_NAME: 'Tasklane Marketplace Ltd.',
  LEGAL_ADDRESS: '12 Gulshan Avenue, Dhaka 1212, Bangladesh',
  TAX_ID: 'BIN 000123456-0101',
};

// $120.50: a 5% service fee of $6.025 rounds to $6.03; the 10% freelancer fee is $12.05.
const AMOUNT = 12_050;
const CLIENT_FEE = 603;
const TOTAL = 12_653;
const FREELANCER_FEE = 1_205;

/** The receipt mails that reached the user over SMTP, with the number each names. */
function receiptMailsTo(user: TestUser) {
  return inbox
    .to(user.email)
    .filter((mail) => /^Tasklane receipt /.test(mail.subject ?? ''))
    .map((mail) => ({
      to: user.email,
      number: /receipt (R-\S+):/.exec(mail.subject ?? '')?.[1] ?? '',
      subject: mail.subject,
      text: mail.text ?? '',
    }));
}

const payment = async (taskId: string, user: TestUser = poster) =>
  (await call(t, 'GET', `/api/tasks/${taskId}/payment`, user)).body as Record<string, unknown>;

/**
 * The database, but an UPDATE of offers first runs `before` (once) when it executes: a write of
 * another request that lands between a rule's reads and its write.
 */
function paymentOpensBeforeOfferUpdate(db: TestApp['db'], before: () => Promise<unknown>) {
  let pending: (() => Promise<unknown>) | undefined = before;
  const runFirst = async () => {
    const hook = pending;
    pending = undefined;
    await hook?.();
  };
  const delayed = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (String(key).startsWith('execute')) {
            return runFirst().then(() => value.apply(target, args));
          }
          const next: unknown = value.apply(target, args);
          return next && typeof next === 'object' && 'execute' in next ? delayed(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, key) {
      if (key === 'updateTable') {
        return (table: string) => {
          const builder = target.updateTable(table as 'offers');
          return table === 'offers' ? delayed(builder) : builder;
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const paymentRows = (offerId: string) =>
  t.db.selectFrom('payments').selectAll().where('offer_id', '=', offerId).execute();

describe('paying to hire', () => {
  it('accept answers 402 with where to pay, and hires nobody unpaid', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    const answer = await refused(t, 'POST', `/api/offers/${offerId}/accept`, poster);
    expect(answer).toEqual({
      status: 402,
      body: {
        message: PAYMENT_MESSAGES.payToHire,
        checkout: `/checkout/${offerId}`,
        checkoutApi: `/api/offers/${offerId}/checkout`,
      },
    });
    // The rules of the hire come first: only the poster, only a pending offer.
    expect((await call(t, 'POST', `/api/offers/${offerId}/accept`, freelancer)).status).toBe(403);
    expect((await readOfferRow(t, offerId)).status).toBe('pending');
  });

  it('checkout says what the card is charged: amount, service fee, total', async () => {
    const taskId = await postTask(t, poster, { title: 'Paint the fence' });
    const offerId = await makeOffer(t, freelancer, taskId);
    expect(await call(t, 'GET', `/api/offers/${offerId}/checkout`, poster)).toEqual({
      status: 200,
      body: {
        offerId,
        taskId,
        taskTitle: 'Paint the fence',
        freelancer: { _id: freelancer.id, name: 'Fred Freelancer' },
        mode: 'test',
        amountCents: AMOUNT,
        clientFeeCents: CLIENT_FEE,
        totalCents: TOTAL,
        clientFeePercent: 5,
        paidReceipt: null,
      },
    });
    expect((await call(t, 'GET', `/api/offers/${offerId}/checkout`, stranger)).status).toBe(403);
  });

  it('the good card hires, and the money is held in the task’s escrow with a receipt', async () => {
    const { taskId, offerId, receipt } = await paidHire(t, poster, freelancer);
    const task = await readTaskRow(t, taskId);
    expect(task).toMatchObject({ status: 'assigned', assignee_id: freelancer.id });
    expect((await readOfferRow(t, offerId)).status).toBe('accepted');
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
    expect(await balanceOf(t.db, accounts.card(poster.id))).toBeLessThanOrEqual(-TOTAL);
    for (const user of [poster, freelancer]) {
      expect(await payment(taskId, user)).toMatchObject({
        status: 'held',
        amountCents: AMOUNT,
        clientFeeCents: CLIENT_FEE,
        totalCents: TOTAL,
        freelancerFeeCents: FREELANCER_FEE,
        toFreelancerCents: AMOUNT - FREELANCER_FEE,
        heldCents: TOTAL,
        dispute: null,
      });
    }
    expect((await call(t, 'GET', `/api/tasks/${taskId}/payment`, stranger)).status).toBe(404);
    const read = await call(t, 'GET', `/api/receipts/${receipt}`, poster);
    expect(read.body).toMatchObject({
      number: receipt,
      kind: 'payment',
      totalCents: TOTAL,
      from: { _id: poster.id, name: 'Paula Poster' },
      to: { _id: null, name: 'Tasklane' },
      lines: [
        { label: 'Offer amount', amountCents: AMOUNT },
        { label: 'Service fee', amountCents: CLIENT_FEE },
        { label: 'Total charged', amountCents: TOTAL },
      ],
      status: 'held',
      card: { brand: 'Visa', last4: '4242' },
      seller: {
        legalName: SELLER_ENV.LEGAL_NAME,
        address: SELLER_ENV.LEGAL_ADDRESS,
        taxId: SELLER_ENV.TAX_ID,
      },
    });
    expect((await call(t, 'GET', `/api/receipts/${receipt}`, stranger)).status).toBe(404);
    expect((await call(t, 'GET', `/api/receipts/${receipt}`, admin)).status).toBe(200);
  });

  it.each([
    [TEST_CARDS.declined, PAYMENT_MESSAGES.declined, 'declined'],
    [TEST_CARDS.insufficientFunds, PAYMENT_MESSAGES.insufficientFunds, 'insufficient_funds'],
  ])('card %s leaves everything as it was, with the reason', async (number, message, failure) => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    const answer = await refused(t, 'POST', `/api/offers/${offerId}/pay`, poster, card(number));
    expect(answer).toEqual({ status: 402, body: { message } });
    expect((await readOfferRow(t, offerId)).status).toBe('pending');
    expect(await paymentRows(offerId)).toMatchObject([{ status: 'failed', failure }]);
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(0);
    // The good card afterwards hires.
    expect((await pay(t, poster, offerId)).status).toBe(200);
  });

  it('refuses a card that is not a test card, expired or mistyped, asking nothing', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    const url = `/api/offers/${offerId}/pay`;
    const cases: [unknown, string][] = [
      [card('4111111111111111'), PAYMENT_MESSAGES.notTestCard],
      [card('4242424242424241'), PAYMENT_MESSAGES.cardNumber],
      [
        { card: { number: TEST_CARDS.succeeds, expiry: '01/20', cvc: '123' } },
        PAYMENT_MESSAGES.cardExpired,
      ],
      [
        { card: { number: TEST_CARDS.succeeds, expiry: '13/40', cvc: '123' } },
        PAYMENT_MESSAGES.expiry,
      ],
      [{ card: { number: TEST_CARDS.succeeds, expiry: '12/40', cvc: '12' } }, PAYMENT_MESSAGES.cvc],
    ];
    for (const [body, message] of cases) {
      expect(await refused(t, 'POST', url, poster, body)).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect(await paymentRows(offerId)).toEqual([]);
    expect((await refused(t, 'POST', url, stranger, card())).status).toBe(403);
  });

  it('paying twice for one offer charges once', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    const answers = await Promise.all([1, 2, 3].map(() => pay(t, poster, offerId)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(409);
    }
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
  });

  it('two offers paid at once: one is hired, the other refunded at once or never charged', async () => {
    const taskId = await postTask(t, poster);
    const other = await t.signUp();
    const first = await makeOffer(t, freelancer, taskId);
    const second = await makeOffer(t, other, taskId);
    const answers = await Promise.all([pay(t, poster, first), pay(t, poster, second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
    await runPaymentJobs(t);
  });

  it('paying while the freelancer withdraws: hired and held, or withdrawn with nothing kept', async () => {
    for (let round = 0; round < 5; round += 1) {
      const taskId = await postTask(t, poster);
      const offerId = await makeOffer(t, freelancer, taskId);
      const [paid, withdrawn] = await Promise.all([
        pay(t, poster, offerId),
        call(t, 'POST', `/api/offers/${offerId}/withdraw`, freelancer),
      ]);
      // Exactly one of the two wins; the loser is told why (409).
      expect([paid.status, withdrawn.status].sort()).toEqual([200, 409]);
      const { status } = await readTaskRow(t, taskId);
      const held = await balanceOf(t.db, accounts.escrow(taskId));
      expect({ status, held }).toEqual(
        paid.status === 200 ? { status: 'assigned', held: TOTAL } : { status: 'open', held: 0 },
      );
    }
    await runPaymentJobs(t);
  });

  it('a hire no longer possible when the charge lands is refunded at once, saying why', async () => {
    const taskId = await postTask(t, poster, { title: 'Fix the sink' });
    const offerId = await makeOffer(t, freelancer, taskId);
    // The freelancer withdraws while the poster's card is being charged: the payment is made
    // as the request would make it, but the charge lands after the withdrawal.
    const { payToHire } = await import('./checkout.service.ts');
    const { createTestProvider } = await import('./test-provider.ts');
    const provider = createTestProvider(t.db);
    const slowProvider = {
      ...provider,
      async charge(request: Parameters<typeof provider.charge>[0]) {
        const outcome = await provider.charge(request);
        await call(t, 'POST', `/api/offers/${offerId}/withdraw`, freelancer);
        return outcome;
      },
    };
    const config = { ...t.config.payments, mode: 'test' as const };
    const attempt = payToHire({ db: t.db, config, provider: slowProvider }, offerId, poster.id, {
      number: TEST_CARDS.succeeds,
      expiry: '12/40',
      cvc: '123',
    });
    await expect(attempt).rejects.toThrow(
      PAYMENT_MESSAGES.refunded(OFFER_MESSAGES.notPending, TOTAL),
    );
    expect((await readTaskRow(t, taskId)).status).toBe('open');
    expect(await paymentRows(offerId)).toMatchObject([{ status: 'refunded' }]);
    const notices = await t.db
      .selectFrom('notifications')
      .select('text')
      .where('user_id', '=', poster.id)
      .where('type', '=', 'payment_refunded')
      .where('link', 'like', `%${taskId}%`)
      .execute();
    expect(notices).toEqual([
      { text: `Your payment for “Fix the sink” was refunded: ${OFFER_MESSAGES.notPending}` },
    ]);
    expect(await runPaymentJobs(t)).toBeGreaterThanOrEqual(1);
    const refunds = await t.db
      .selectFrom('test_provider_operations')
      .select('amount_cents')
      .where('kind', '=', 'refund')
      .where(
        'target',
        'in',
        t.db.selectFrom('payments').select('provider_ref').where('offer_id', '=', offerId),
      )
      .execute();
    expect(refunds.map((row) => Number(row.amount_cents))).toEqual([TOTAL]);
  });

  it('a pay at another total than the page showed answers 409 with the new one, charging nothing', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId, { amount: 10 });
    const checkout = `/api/offers/${offerId}/checkout`;
    expect((await call(t, 'GET', checkout, poster)).body).toMatchObject({ totalCents: 1_050 });
    const raised = validOffer({ amount: 999_999 });
    expect((await call(t, 'PUT', `/api/offers/${offerId}`, freelancer, raised)).status).toBe(200);

    // $999,999 and its 5% fee: what the poster was charged for a $10.50 button.
    const shown = { ...card(), totalCents: 1_050 };
    expect(await refused(t, 'POST', `/api/offers/${offerId}/pay`, poster, shown)).toEqual({
      status: 409,
      body: { message: PAYMENT_MESSAGES.priceChanged(104_999_895), totalCents: 104_999_895 },
    });
    expect(await paymentRows(offerId)).toEqual([]);
    expect(await chargesOf(t.db, taskId)).toBe(0);
    expect((await call(t, 'GET', checkout, poster)).body).toMatchObject({
      totalCents: 104_999_895,
    });

    const paid = await call(t, 'POST', `/api/offers/${offerId}/pay`, poster, {
      ...card(),
      totalCents: 104_999_895,
    });
    expect(paid.status).toBe(200);
    expect(await payment(taskId)).toMatchObject({ status: 'held', totalCents: 104_999_895 });
  });

  it('an offer cannot change while its payment is under way', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId, { amount: 10 });
    const { payToHire } = await import('./checkout.service.ts');
    const { createTestProvider } = await import('./test-provider.ts');
    const provider = createTestProvider(t.db);
    let edit: Awaited<ReturnType<typeof call>> | undefined;
    const slowProvider = {
      ...provider,
      async charge(request: Parameters<typeof provider.charge>[0]) {
        edit = await call(
          t,
          'PUT',
          `/api/offers/${offerId}`,
          freelancer,
          validOffer({ amount: 20 }),
        );
        return provider.charge(request);
      },
    };
    const config = { ...t.config.payments, mode: 'test' as const };
    const deps = { db: t.db, config, provider: slowProvider };
    await payToHire(deps, offerId, poster.id, card().card, 1_050);
    expect(edit).toEqual({ status: 409, body: { message: OFFER_MESSAGES.checkoutOpen } });
    expect(await readOfferRow(t, offerId)).toMatchObject({
      status: 'accepted',
      amount_cents: 1_000,
    });
    expect(await payment(taskId)).toMatchObject({ status: 'held', totalCents: 1_050 });
  });

  it('a payment that opens between the edit’s checks and its write still stops the edit', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId, { amount: 10 });
    const { editOffer } = await import('../offers/offers.service.ts');
    // The poster's payment opens just as the edit writes: the UPDATE of the offer runs once the
    // payment row is in, as when a checkout commits after the edit looked.
    const openPayment = () =>
      t.db
        .insertInto('payments')
        .values({
          id: crypto.randomUUID(),
          task_id: taskId,
          offer_id: offerId,
          payer_id: poster.id,
          payee_id: freelancer.id,
          amount_cents: 1_000,
          client_fee_cents: 50,
          total_cents: 1_050,
          client_fee_bp: 500,
          freelancer_fee_bp: 1000,
          provider: 'test',
          status: 'processing',
          created_at: new Date().toISOString(),
        })
        .execute();
    const db = paymentOpensBeforeOfferUpdate(t.db, openPayment);
    await expect(editOffer(db, offerId, freelancer.id, validOffer({ amount: 20 }))).rejects.toThrow(
      OFFER_MESSAGES.checkoutOpen,
    );
    expect(await readOfferRow(t, offerId)).toMatchObject({
      status: 'pending',
      amount_cents: 1_000,
    });
    await t.db.deleteFrom('payments').where('offer_id', '=', offerId).execute();
  });

  it('a payment left processing by a process that died is finished from the provider’s record', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    const { createTestProvider } = await import('./test-provider.ts');
    const id = crypto.randomUUID();
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.db
      .insertInto('payments')
      .values({
        id,
        task_id: taskId,
        offer_id: offerId,
        payer_id: poster.id,
        payee_id: freelancer.id,
        amount_cents: AMOUNT,
        client_fee_cents: CLIENT_FEE,
        total_cents: TOTAL,
        client_fee_bp: 500,
        freelancer_fee_bp: 1000,
        provider: 'test',
        status: 'processing',
        created_at: longAgo,
      })
      .execute();
    // The charge went through; the process died before its commit.
    const charged = await createTestProvider(t.db).charge({
      idempotencyKey: id,
      amountCents: TOTAL,
      card: { number: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' },
      description: 'test',
    });
    expect(charged.ok).toBe(true);
    await runPaymentJobs(t);
    expect(await paymentRows(offerId)).toMatchObject([{ id, status: 'held' }]);
    expect((await readTaskRow(t, taskId)).status).toBe('assigned');
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
    // Asked again (another instance, a restart), nothing more happens.
    await runPaymentJobs(t);
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(TOTAL);
  });
});

describe('release, refund and dispute', () => {
  it('completing releases the amount less the freelancer’s fee; both fees are revenue', async () => {
    const revenueBefore = await balanceOf(t.db, accounts.revenue);
    const availableBefore = await balanceOf(t.db, accounts.available(freelancer.id));
    const { taskId } = await paidHire(t, poster, freelancer, 'delivered');
    expect((await call(t, 'POST', `/api/tasks/${taskId}/complete`, poster)).status).toBe(200);
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(0);
    expect(await balanceOf(t.db, accounts.available(freelancer.id))).toBe(
      availableBefore + AMOUNT - FREELANCER_FEE,
    );
    expect(await balanceOf(t.db, accounts.revenue)).toBe(
      revenueBefore + CLIENT_FEE + FREELANCER_FEE,
    );
    expect(await payment(taskId, freelancer)).toMatchObject({ status: 'released', heldCents: 0 });
  });

  it('completing on its own after delivery releases too', async () => {
    const { taskId } = await paidHire(t, poster, freelancer, 'delivered');
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await autoCompleteTasks(t.db, { delayMs: 7 * 24 * 60 * 60 * 1000, now: later })).toBe(1);
    expect(await payment(taskId)).toMatchObject({ status: 'released' });
    expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(0);
  });

  it.each(['poster', 'freelancer'] as const)(
    'ended before delivery by the %s: the poster gets everything back, fees included',
    async (who) => {
      const { taskId } = await paidHire(t, poster, freelancer);
      const user = who === 'poster' ? poster : freelancer;
      const reason = { reason: 'Plans changed.' };
      expect((await call(t, 'POST', `/api/tasks/${taskId}/reopen`, user, reason)).status).toBe(200);
      expect((await readTaskRow(t, taskId)).status).toBe('open');
      expect(await payment(taskId)).toMatchObject({ status: 'refunded', heldCents: 0 });
      expect(await balanceOf(t.db, accounts.escrow(taskId))).toBe(0);
      const mine = (await call(t, 'GET', '/api/me/payments', poster)).body as {
        payments: { taskId: string; receipts: { kind: string; totalCents: number }[] }[];
      };
      const receipts = mine.payments.find((entry) => entry.taskId === taskId)!.receipts;
      expect(receipts.map((receipt) => [receipt.kind, receipt.totalCents]).sort()).toEqual([
        ['payment', TOTAL],
        ['refund', TOTAL],
      ]);
      await runPaymentJobs(t);
    },
  );

  it('the poster reopening delivered work disputes it; an admin splits it', async () => {
    const { taskId } = await paidHire(t, poster, freelancer, 'delivered');
    const reopen = { reason: 'Half of it is missing.' };
    expect(await call(t, 'POST', `/api/tasks/${taskId}/reopen`, poster, reopen)).toEqual({
      status: 200,
      body: { modifiedCount: 1, disputed: true },
    });
    expect(await readTaskRow(t, taskId)).toMatchObject({ status: 'assigned' });
    expect(await payment(taskId, freelancer)).toMatchObject({
      status: 'disputed',
      heldCents: TOTAL,
      dispute: { status: 'open', statements: [{ role: 'poster', text: 'Half of it is missing.' }] },
    });
    // Nothing moves it on but an admin: no confirming, no reopening, no completing on its own.
    for (const [user, action] of [
      [poster, 'complete'],
      [freelancer, 'reopen'],
    ] as const) {
      const answer = await refused(t, 'POST', `/api/tasks/${taskId}/${action}`, user, reopen);
      expect(answer).toEqual({ status: 409, body: { message: PAYMENT_MESSAGES.disputed } });
    }
    const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    expect(await autoCompleteTasks(t.db, { delayMs: 1, now: later })).toBe(0);

    const statement = { text: 'All of it was delivered on time.' };
    const url = `/api/tasks/${taskId}/dispute/statements`;
    expect((await call(t, 'POST', url, freelancer, statement)).status).toBe(201);
    expect((await call(t, 'POST', url, stranger, statement)).status).toBe(403);
    expect((await call(t, 'POST', url, poster, { text: ' ' })).body).toEqual({
      message: PAYMENT_MESSAGES.statementRequired,
    });

    const queue = (await call(t, 'GET', '/api/admin/disputes', admin)).body as {
      _id: string;
      task: { _id: string };
    }[];
    const dispute = queue.find((entry) => entry.task._id === taskId)!;
    expect((await call(t, 'GET', '/api/admin/disputes', poster)).status).toBe(403);
    const resolve = `/api/admin/disputes/${dispute._id}/resolve`;
    const split = { outcome: 'split', freelancerCents: 6_000, reason: 'Half was delivered.' };
    expect((await call(t, 'POST', resolve, poster, split)).status).toBe(403);
    expect(
      (await refused(t, 'POST', resolve, admin, { ...split, freelancerCents: AMOUNT })).body,
    ).toEqual({ message: PAYMENT_MESSAGES.splitAmount(AMOUNT) });

    const availableBefore = await balanceOf(t.db, accounts.available(freelancer.id));
    expect(await call(t, 'POST', resolve, admin, split)).toEqual({
      status: 200,
      body: { ok: true },
    });
    // $60.00 to the freelancer less 10% ($6.00); the fee on $60.00 (5%: $3.00) kept; the rest back.
    expect(await balanceOf(t.db, accounts.available(freelancer.id))).toBe(availableBefore + 5_400);
    expect(await readTaskRow(t, taskId)).toMatchObject({ status: 'completed', disputed_at: null });
    // Issue 47: both parties read what the ledger moved, not what a full release would have.
    const settled = { toFreelancerCents: 5_400, feesCents: 900, refundedCents: TOTAL - 6_300 };
    for (const user of [poster, freelancer]) {
      expect(await payment(taskId, user)).toMatchObject({
        status: 'split',
        settled,
        dispute: { status: 'resolved', outcome: 'split', freelancerCents: 6_000 },
      });
    }
    const told = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'text'])
      .where('link', 'like', `%${taskId}%`)
      .where('type', '=', 'dispute_resolved')
      .orderBy('user_id')
      .execute();
    const text = expect.stringMatching(
      /: the freelancer is paid \$54\.00 and the poster refunded \$63\.53\. “Half was delivered\.”$/,
    );
    expect(told).toEqual([poster.id, freelancer.id].sort().map((id) => ({ user_id: id, text })));
    const audit = await t.db
      .selectFrom('admin_actions')
      .selectAll()
      .where('target_id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      admin_id: admin.id,
      action: 'dispute_split',
      reason: 'Half was delivered.',
    });
    expect(JSON.parse(audit.details)).toMatchObject({
      toFreelancerCents: 5_400,
      refundCents: TOTAL - 6_000 - 300,
      revenueCents: 900,
    });
    // Each party is mailed the receipt of what the decision moved to them.
    const mailedOf = async (user: TestUser) => {
      const numbers = receiptMailsTo(user).map((mail) => mail.number);
      if (numbers.length === 0) return [];
      const rows = await t.db
        .selectFrom('receipts')
        .select('kind')
        .where('number', 'in', numbers)
        .where('task_id', '=', taskId)
        .execute();
      return rows.map((row) => row.kind).sort();
    };
    await expect.poll(() => mailedOf(freelancer), PATIENTLY).toEqual(['release']);
    await expect.poll(() => mailedOf(poster), PATIENTLY).toEqual(['payment', 'refund']);
    expect((await call(t, 'POST', resolve, admin, split)).body).toEqual({
      message: PAYMENT_MESSAGES.disputeClosed,
    });
    await runPaymentJobs(t);
  });

  it('an admin refunding a dispute ends the assignment and returns everything', async () => {
    const { taskId, offerId } = await paidHire(t, poster, freelancer, 'delivered');
    await call(t, 'POST', `/api/tasks/${taskId}/reopen`, poster, { reason: 'Not what I asked.' });
    const queue = (await call(t, 'GET', '/api/admin/disputes', admin)).body as {
      _id: string;
      task: { _id: string };
    }[];
    const dispute = queue.find((entry) => entry.task._id === taskId)!;
    const refund = { outcome: 'refund', reason: 'The work did not match the task.' };
    expect(
      (await call(t, 'POST', `/api/admin/disputes/${dispute._id}/resolve`, admin, refund)).status,
    ).toBe(200);
    expect(await readTaskRow(t, taskId)).toMatchObject({ status: 'open', assignee_id: null });
    expect((await readOfferRow(t, offerId)).status).toBe('released');
    expect(await payment(taskId)).toMatchObject({ status: 'refunded', heldCents: 0 });
    await runPaymentJobs(t);
  });

  it('the freelancer backing out after delivery refunds the poster, no dispute', async () => {
    const { taskId } = await paidHire(t, poster, freelancer, 'delivered');
    const reason = { reason: 'I cannot finish the changes.' };
    expect((await call(t, 'POST', `/api/tasks/${taskId}/reopen`, freelancer, reason)).status).toBe(
      200,
    );
    expect(await payment(taskId)).toMatchObject({ status: 'refunded', dispute: null });
    await runPaymentJobs(t);
  });
});

describe('receipts (issue 47)', () => {
  /** The receipt mails that reached the user, by their receipt numbers. */
  const receiptMails = (user: TestUser) =>
    receiptMailsTo(user).map((mail) => ({
      to: mail.to,
      number: mail.number,
      subject: mail.subject,
      action: /\/receipts\/R-[\w-]+/.exec(mail.text)?.[0],
    }));
  const numbersOf = async (user: TestUser, kind: 'release' | 'refund') =>
    (
      await t.db
        .selectFrom('receipts')
        .select('number')
        .where((eb) => eb.or([eb('payer_id', '=', user.id), eb('payee_id', '=', user.id)]))
        .where('kind', '=', kind)
        .execute()
    ).map((row) => row.number);

  it('a payment, its release, a refund and a payout each mail a receipt; a receipt says its status now', async () => {
    const [payer, earner] = await Promise.all([
      t.signUp({ name: 'Rae Receipts' }),
      t.signUp({ name: 'Moe Mailed' }),
    ]);
    // The expiry as typed, without its slash.
    const taskId = await postTask(t, payer);
    const offerId = await makeOffer(t, earner, taskId);
    const paid = await call(t, 'POST', `/api/offers/${offerId}/pay`, payer, {
      card: { number: '4242 4242 4242 4242', expiry: '1240', cvc: '123' },
    });
    expect(paid.status).toBe(200);
    const { receipt } = paid.body as { receipt: string };
    await expect
      .poll(() => receiptMails(payer), PATIENTLY)
      .toEqual([
        {
          to: payer.email,
          number: receipt,
          subject: `Tasklane receipt ${receipt}: payment received, $126.53`,
          action: `/receipts/${receipt}`,
        },
      ]);
    expect((await call(t, 'GET', `/api/offers/${offerId}/checkout`, payer)).body).toMatchObject({
      paidReceipt: receipt,
      totalCents: TOTAL,
    });

    await call(t, 'POST', `/api/tasks/${taskId}/deliver`, earner);
    await call(t, 'POST', `/api/tasks/${taskId}/complete`, payer);
    expect((await call(t, 'GET', `/api/receipts/${receipt}`, payer)).body).toMatchObject({
      status: 'released',
    });
    const [release] = await numbersOf(earner, 'release');
    expect((await call(t, 'GET', `/api/receipts/${release}`, earner)).body).toMatchObject({
      status: 'released',
      card: null,
      lines: [
        { label: 'Offer amount', amountCents: AMOUNT },
        { label: 'Freelancer fee', amountCents: -FREELANCER_FEE },
        { label: 'Added to your available balance', amountCents: AMOUNT - FREELANCER_FEE },
      ],
    });

    const name = { name: 'Moe Mailed' };
    expect((await call(t, 'PUT', '/api/me/payout-account', earner, name)).status).toBe(200);
    const payout = await call(t, 'POST', '/api/me/payouts', earner, {});
    expect(payout.status).toBe(201);
    const payoutReceipt = (payout.body as { receipt: string }).receipt;
    await runPaymentJobs(t);
    expect((await call(t, 'GET', `/api/receipts/${payoutReceipt}`, earner)).body).toMatchObject({
      kind: 'payout',
      status: 'paid',
    });

    const ended = await paidHire(t, payer, earner);
    await call(t, 'POST', `/api/tasks/${ended.taskId}/reopen`, earner, { reason: 'Sorry.' });
    await runPaymentJobs(t);
    const [refund] = await numbersOf(payer, 'refund');

    const mailed = (user: TestUser) =>
      receiptMails(user)
        .map((mail) => mail.number)
        .sort();
    await expect
      .poll(() => mailed(payer), PATIENTLY)
      .toEqual([receipt, ended.receipt, refund].sort());
    await expect.poll(() => mailed(earner), PATIENTLY).toEqual([release, payoutReceipt].sort());

    // A receipt written before issue 47 no longer says "held" once released.
    const old = await writeReceipt(t.db, {
      kind: 'payment',
      payerId: payer.id,
      payeeId: null,
      taskId,
      paymentId: (await payment(taskId, payer))._id as string,
      taskTitle: 'Fix the sink',
      totalCents: TOTAL,
      lines: [{ label: 'Total charged, held until the work is done', amountCents: TOTAL }],
    });
    expect((await call(t, 'GET', `/api/receipts/${old}`, payer)).body).toMatchObject({
      status: 'released',
      lines: [{ label: 'Total charged', amountCents: TOTAL }],
    });
  });
});

describe('earnings and payouts', () => {
  let earner: TestUser;
  beforeAll(async () => {
    earner = await t.signUp({ name: 'Erin Earner' });
    const { taskId } = await paidHire(t, poster, earner, 'delivered');
    await call(t, 'POST', `/api/tasks/${taskId}/complete`, poster);
  });
  const available = AMOUNT - FREELANCER_FEE; // 10,845

  it('shows what is available, held and paid out', async () => {
    const held = await paidHire(t, poster, earner);
    const earnings = (await call(t, 'GET', '/api/me/earnings', earner)).body;
    expect(earnings).toMatchObject({
      mode: 'test',
      availableCents: available,
      heldCents: AMOUNT,
      paidOutCents: 0,
      payoutAccount: null,
    });
    await call(t, 'POST', `/api/tasks/${held.taskId}/reopen`, earner, { reason: 'Sorry.' });
    await runPaymentJobs(t);
  });

  it('withdraws nothing without a payout account, nor more than is available', async () => {
    const url = '/api/me/payouts';
    expect((await call(t, 'POST', url, earner, {})).body).toEqual({
      message: PAYMENT_MESSAGES.noPayoutAccount,
    });
    const name = { name: 'Erin Earner' };
    expect((await call(t, 'PUT', '/api/me/payout-account', earner, name)).status).toBe(200);
    expect(await call(t, 'POST', url, earner, { amountCents: available + 1 })).toEqual({
      status: 409,
      body: { message: PAYMENT_MESSAGES.overBalance(available) },
    });
    expect((await call(t, 'POST', url, earner, { amountCents: 0 })).status).toBe(400);
    expect((await call(t, 'POST', url, stranger, {})).body).toEqual({
      message: PAYMENT_MESSAGES.noPayoutAccount,
    });
  });

  it('50 payouts at once never take the balance below zero', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t, 'POST', '/api/me/payouts', earner, { amountCents: 1_000 }),
      ),
    );
    const paid = answers.filter((answer) => answer.status === 201);
    expect(paid).toHaveLength(Math.floor(available / 1_000));
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer).toEqual({
        status: 409,
        body: { message: PAYMENT_MESSAGES.overBalance(available % 1_000) },
      });
    }
    expect(await balanceOf(t.db, accounts.available(earner.id))).toBe(available % 1_000);
    // The rest, all of it; then there is nothing left.
    const rest = await call(t, 'POST', '/api/me/payouts', earner, {});
    expect(rest).toMatchObject({ status: 201, body: { amountCents: available % 1_000 } });
    expect((await call(t, 'POST', '/api/me/payouts', earner, {})).body).toEqual({
      message: PAYMENT_MESSAGES.nothingToWithdraw,
    });
    while ((await runPaymentJobs(t)) > 0);
    const earnings = (await call(t, 'GET', '/api/me/earnings', earner)).body as {
      availableCents: number;
      paidOutCents: number;
      history: { kind: string; status: string }[];
    };
    expect(earnings).toMatchObject({ availableCents: 0, paidOutCents: available });
    const payouts = earnings.history.filter((entry) => entry.kind === 'payout');
    expect(payouts).toHaveLength(paid.length + 1);
    expect(new Set(payouts.map((entry) => entry.status))).toEqual(new Set(['paid']));
  });
});

describe('deleting an account', () => {
  it('is refused while money is waiting to be withdrawn', async () => {
    const earner = await t.signUp();
    const { taskId } = await paidHire(t, poster, earner, 'delivered');
    await call(t, 'POST', `/api/tasks/${taskId}/complete`, poster);
    const { deleteAccount } = await import('../accounts/account-deletion.ts');
    await expect(deleteAccount(t.db, earner.id)).rejects.toThrow(
      PAYMENT_MESSAGES.deleteWithBalance,
    );
    await call(t, 'PUT', '/api/me/payout-account', earner, { name: 'Earner' });
    expect((await call(t, 'POST', '/api/me/payouts', earner, {})).status).toBe(201);
    await deleteAccount(t.db, earner.id);
    await runPaymentJobs(t);
  });
});
