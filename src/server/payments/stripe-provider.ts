import Stripe from 'stripe';
import type { CardShown } from '../../shared/payments.ts';
import type { PaymentsConfig } from '../config.ts';
import type {
  ChargeFailure,
  ChargeState,
  PaymentProvider,
  ProviderEvent,
  ProviderTotals,
} from './provider.ts';

type StripeSettings = NonNullable<PaymentsConfig['stripe']>;

/** Stripe's decline codes that say the money is not there. */
const INSUFFICIENT = new Set(['insufficient_funds', 'card_velocity_exceeded']);

/** Stripe's card brands as a receipt names them. */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** The card of an intent read with its latest charge expanded (issue 47: the receipt's card). */
function cardOf(intent: Stripe.PaymentIntent): CardShown | undefined {
  const charge = intent.latest_charge;
  const card = typeof charge === 'object' ? charge?.payment_method_details?.card : undefined;
  return card?.last4 ? { brand: BRANDS[card.brand ?? ''] ?? 'Card', last4: card.last4 } : undefined;
}

function stateOf(intent: Stripe.PaymentIntent): ChargeState {
  if (intent.status === 'succeeded') {
    const card = cardOf(intent);
    return { ok: true, ref: intent.id, ...(card ? { card } : {}) };
  }
  if (intent.status === 'canceled') return { ok: false, failure: 'abandoned' };
  const error = intent.last_payment_error;
  if (intent.status === 'requires_payment_method' && error) {
    const code = error.decline_code ?? error.code ?? '';
    const failure: ChargeFailure = INSUFFICIENT.has(code) ? 'insufficient_funds' : 'declined';
    return { ok: false, failure };
  }
  return 'pending';
}

/**
 * The `stripe` provider (issue 21): Stripe's official SDK. Paying to hire is a PaymentIntent
 * that Stripe.js confirms in the browser (the card never reaches us); refunds go through the
 * Refunds API; freelancers get Connect Express accounts (hosted onboarding by an account link)
 * and payouts are transfers to them. Every call that moves money carries an idempotency key.
 * STRIPE_API_URL points the SDK elsewhere (the tests' local stand-in).
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });

  async function sumOf<T>(list: AsyncIterable<T>, amountOf: (item: T) => number): Promise<number> {
    let total = 0;
    for await (const item of list) total += amountOf(item);
    return total;
  }

  return {
    mode: 'stripe',
    declineEndsPayment: false,
    async startPayment(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          description: request.description,
          metadata: request.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { ref: intent.id, clientSecret: intent.client_secret ?? '' };
    },
    async findCharge(_paymentId, providerRef) {
      if (!providerRef) return undefined;
      return stateOf(
        await stripe.paymentIntents.retrieve(providerRef, { expand: ['latest_charge'] }),
      );
    },
    async cancel(providerRef) {
      await stripe.paymentIntents.cancel(providerRef);
    },
    async refund(order) {
      const refund = await stripe.refunds.create(
        { payment_intent: order.target, amount: order.amountCents },
        { idempotencyKey: order.idempotencyKey },
      );
      return refund.id;
    },
    async transfer(order) {
      const transfer = await stripe.transfers.create(
        { amount: order.amountCents, currency: 'usd', destination: order.target },
        { idempotencyKey: order.idempotencyKey },
      );
      return transfer.id;
    },
    parseWebhook(payload, signature): ProviderEvent {
      const event = stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string; metadata?: Record<string, string> };
      const isIntent = object.object === 'payment_intent';
      // A transfer reversed (in Stripe's dashboard, or by Connect): amount_reversed is the
      // total so far, so a repeated or late event moves nothing twice.
      const transfer =
        object.object === 'transfer'
          ? {
              ref: (object as Stripe.Transfer).id,
              reversedCents: (object as Stripe.Transfer).amount_reversed,
            }
          : undefined;
      return {
        id: event.id,
        type: event.type,
        paymentId: isIntent ? object.metadata?.paymentId : undefined,
        state: isIntent ? stateOf(object as Stripe.PaymentIntent) : undefined,
        transfer,
      };
    },
    async connectPayoutAccount({ userId, existingRef, returnUrl, refreshUrl }) {
      const account =
        existingRef ??
        (
          await stripe.accounts.create(
            {
              type: 'express',
              metadata: { userId },
              capabilities: { transfers: { requested: true } },
            },
            { idempotencyKey: `account-${userId}` },
          )
        ).id;
      const link = await stripe.accountLinks.create({
        account,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { ref: account, onboardingUrl: link.url };
    },
    async isPayoutReady(ref) {
      if (!ref) return false;
      return (await stripe.accounts.retrieve(ref)).payouts_enabled === true;
    },
    async totals(): Promise<ProviderTotals> {
      const [chargedCents, refundedCents, transferredCents] = await Promise.all([
        sumOf(stripe.paymentIntents.list({ limit: 100 }), (intent) =>
          intent.status === 'succeeded' ? intent.amount_received : 0,
        ),
        sumOf(stripe.refunds.list({ limit: 100 }), (refund) =>
          refund.status === 'succeeded' || refund.status === 'pending' ? refund.amount : 0,
        ),
        sumOf(
          stripe.transfers.list({ limit: 100 }),
          (transfer) => transfer.amount - transfer.amount_reversed,
        ),
      ]);
      return { chargedCents, refundedCents, transferredCents };
    },
  };
}
