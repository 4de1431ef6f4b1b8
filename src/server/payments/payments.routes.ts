import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { offerIdParamsSchema } from '../../shared/offers.ts';
import {
  adminDisputeSchema,
  checkoutSchema,
  earningsSchema,
  paidSchema,
  paymentStartInputSchema,
  paymentStartSchema,
  payInputSchema,
  priceChangedSchema,
  payoutAccountInputSchema,
  payoutAccountSetSchema,
  payoutInputSchema,
  payoutSchema,
  posterPaymentsSchema,
  receiptSchema,
  resolveDisputeSchema,
  statementInputSchema,
  taskPaymentSchema,
} from '../../shared/payments.ts';
import { taskIdParamsSchema } from '../../shared/tasks.ts';
import type { Auth } from '../auth/auth.ts';
import { requireAdmin, requireUser, requireWriter } from '../auth/session.ts';
import type { PaymentsConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { errors } from '../tasks/tasks.routes.ts';
import {
  applyWebhook,
  checkoutOf,
  confirmPayment,
  payToHire,
  startPayment,
} from './checkout.service.ts';
import { addStatement } from './disputes.ts';
import { setPayoutAccount, withdraw } from './payouts.service.ts';
import {
  earningsOf,
  listDisputes,
  posterPaymentsOf,
  resolveDispute,
  taskPaymentOf,
} from './payments.service.ts';
import type { PaymentProvider } from './provider.ts';
import { readReceipt } from './receipts.ts';

export interface PaymentsRoutesOptions {
  auth: Auth;
  db: Kysely<Database>;
  config: PaymentsConfig;
  provider: PaymentProvider;
  publicUrl: string;
}

const ok = z.object({ ok: z.literal(true) });
const moneyErrors = { ...errors, 402: errors[400] };

/** Issue 21's API: paying to hire, the money pages, receipts, disputes and payouts. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { auth, db, config, provider, publicUrl },
) => {
  const deps = { db, config, provider };
  const mode = config.mode;

  app.get(
    '/api/offers/:id/checkout',
    {
      schema: {
        summary: "What hiring with an offer costs (the task's poster)",
        description:
          "The offer's amount, the service fee (CLIENT_FEE_PERCENT) and the total the card is charged, in cents.",
        params: offerIdParamsSchema,
        response: { 200: checkoutSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return checkoutOf(deps, request.params.id, user.id);
    },
  );

  app.post(
    '/api/offers/:id/pay',
    {
      schema: {
        summary: 'Pay to hire (the test provider): charge the card, hold the money, hire',
        description:
          'The task is assigned once the charge succeeds. A declined card answers 402 and changes nothing; if the hire is no longer possible when the charge succeeds (offer withdrawn, another hired), the payment is refunded at once and the answer is 409 saying why. With `totalCents` (the total the page showed), a different total now answers 409 with the new `totalCents` and charges nothing.',
        params: offerIdParamsSchema,
        body: payInputSchema,
        response: { 200: paidSchema, ...moneyErrors, 409: priceChangedSchema },
      },
    },
    async (request) => {
      const user = await requireWriter(auth, request);
      const { card, totalCents } = request.body;
      return payToHire(deps, request.params.id, user.id, card, totalCents);
    },
  );

  app.post(
    '/api/offers/:id/checkout',
    {
      schema: {
        summary: 'Start paying to hire through Stripe (the task’s poster; PAYMENTS=stripe)',
        description:
          "Answers the PaymentIntent's `clientSecret` for Stripe.js (the Payment Element), which confirms it in the browser; the webhook or POST /api/payments/{id}/confirm (after the redirect) then hires. Coming back gets the same payment. With `totalCents` (the total the page showed), a different total answers 409 with the new `totalCents`. The offer cannot change while its payment is under way.",
        params: offerIdParamsSchema,
        body: paymentStartInputSchema.nullish(),
        response: { 200: paymentStartSchema, ...errors, 409: priceChangedSchema },
      },
    },
    async (request) => {
      const user = await requireWriter(auth, request);
      const started = await startPayment(
        deps,
        request.params.id,
        user.id,
        request.body?.totalCents,
      );
      return { ...started, publishableKey: config.stripe?.publishableKey ?? '' };
    },
  );

  app.post(
    '/api/payments/:id/confirm',
    {
      schema: {
        summary: 'After Stripe’s redirect: hire once the payment succeeded (its payer)',
        description:
          '200 when paid and hired (also when the webhook came first); 402 when declined; 409 when not complete yet, or when the hire was no longer possible (refunded at once).',
        params: z.object({ id: z.string() }),
        response: { 200: paidSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return confirmPayment(deps, request.params.id, user.id);
    },
  );

  // Stripe's webhooks: the raw body is what its signature covers, so this route reads it as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/webhook',
      {
        schema: {
          summary: 'Stripe’s webhooks (signed with STRIPE_WEBHOOK_SECRET), each applied once',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: z.object({ received: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        const signature = String(request.headers['stripe-signature'] ?? '');
        await applyWebhook(deps, String(request.body ?? ''), signature);
        return { received: true as const };
      },
    );
  });

  app.get(
    '/api/tasks/:id/payment',
    {
      schema: {
        summary: "A task's payment: held, released, refunded or disputed (its parties, admins)",
        params: taskIdParamsSchema,
        response: { 200: taskPaymentSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return taskPaymentOf(db, request.params.id, user);
    },
  );

  app.post(
    '/api/tasks/:id/dispute/statements',
    {
      schema: {
        summary: "Add a statement to a task's open dispute (its poster or freelancer)",
        params: taskIdParamsSchema,
        body: statementInputSchema,
        response: { 201: ok, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireWriter(auth, request);
      await addStatement(db, request.params.id, user.id, request.body.text);
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(
    '/api/me/earnings',
    {
      schema: {
        summary: 'My earnings as a freelancer: available, held, paid out, history',
        response: { 200: earningsSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return earningsOf(db, user.id, mode);
    },
  );

  app.get(
    '/api/me/payments',
    {
      schema: {
        summary: 'My payments as a poster: paid, held, refunded, receipts',
        response: { 200: posterPaymentsSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return posterPaymentsOf(db, user.id, mode);
    },
  );

  app.put(
    '/api/me/payout-account',
    {
      schema: {
        summary: 'Set where my payouts go (the test provider: the account holder’s name)',
        description:
          'With Stripe, also a connected Express account: `onboardingUrl` is where to finish setting it up.',
        body: payoutAccountInputSchema,
        response: { 200: payoutAccountSetSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireWriter(auth, request);
      return setPayoutAccount({ db, provider, publicUrl }, user.id, request.body.name);
    },
  );

  app.post(
    '/api/me/payouts',
    {
      schema: {
        summary: 'Withdraw my available balance, all of it or `amountCents`',
        body: payoutInputSchema,
        response: { 201: payoutSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireWriter(auth, request);
      const payout = await withdraw(deps, user.id, request.body?.amountCents);
      return reply.status(201).send(payout);
    },
  );

  app.get(
    '/api/receipts/:number',
    {
      schema: {
        summary: 'A receipt (its parties and admins)',
        description:
          'With its status now, the card a payment was taken from (brand and last four digits) and the marketplace that issues it (LEGAL_NAME, LEGAL_ADDRESS, TAX_ID).',
        params: z.object({ number: z.string().max(40) }),
        response: { 200: receiptSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return readReceipt(db, request.params.number, user, { mode, seller: config.seller });
    },
  );

  app.get(
    '/api/admin/disputes',
    {
      schema: {
        summary: 'Disputes (admins): open ones, oldest first, or the decided',
        querystring: z.object({ status: z.enum(['open', 'resolved']).default('open') }),
        response: { 200: z.array(adminDisputeSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(auth, request);
      return listDisputes(db, request.query.status);
    },
  );

  app.post(
    '/api/admin/disputes/:id/resolve',
    {
      schema: {
        summary: 'Decide a dispute (admins): release, refund, or split by an amount',
        params: z.object({ id: z.string() }),
        body: resolveDisputeSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(auth, request);
      await resolveDispute(db, request.params.id, admin.id, request.body);
      return { ok: true as const };
    },
  );
};
