import type { CardShown, TestCard } from '../../shared/payments.ts';

/**
 * Issue 21: what Tasklane asks of a payment provider, the same for the test provider and
 * Stripe. Every call that moves money carries an idempotency key: asked again with the same
 * key (a retry, a second instance, a restart), the provider answers with the first outcome and
 * moves nothing more. The test provider charges a card at once (`charge`); Stripe's payments
 * are confirmed in the browser by Stripe.js (`startPayment`, then the webhook or the redirect).
 */
export type ChargeFailure = 'declined' | 'insufficient_funds' | 'error' | 'abandoned';

export type ChargeOutcome =
  { ok: true; ref: string; card?: CardShown } | { ok: false; failure: ChargeFailure };

/** Where a payment stands at the provider; `pending`: not confirmed (yet) by the browser. */
export type ChargeState = ChargeOutcome | 'pending';

export interface ChargeRequest {
  idempotencyKey: string;
  amountCents: number;
  card: TestCard;
  description: string;
}

export interface PaymentStart {
  idempotencyKey: string;
  amountCents: number;
  description: string;
  /** Ours, carried on the provider's object and its webhooks. */
  metadata: Record<string, string>;
}

export interface MoneyOrder {
  idempotencyKey: string;
  amountCents: number;
  /** A refund: the charge's reference; a transfer: the payout account's. */
  target: string;
}

/** What the provider says it moved, for `ledger:check`. */
export interface ProviderTotals {
  chargedCents: number;
  refundedCents: number;
  transferredCents: number;
}

/** A webhook's event, verified: its id (applied once) and what it says of which payment. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Our payment's id, from the provider object's metadata. */
  paymentId: string | undefined;
  state: ChargeState | undefined;
  /** A transfer to a payout account: its reference and how much of it was reversed so far. */
  transfer?: { ref: string; reversedCents: number };
}

export interface PayoutConnection {
  /** The provider's account id (Stripe: acct_…); null for the test provider. */
  ref: string | null;
  /** Where the freelancer finishes setting it up (Stripe's hosted onboarding). */
  onboardingUrl: string | null;
}

export interface PaymentProvider {
  readonly mode: 'test' | 'stripe';
  /**
   * Whether a refused card ends the payment. The test provider's charge is one attempt; a
   * Stripe PaymentIntent stays open after a decline, for the poster to try another card on it,
   * so the payment stays processing: marking it failed would lose a later success on it.
   */
  readonly declineEndsPayment: boolean;
  /** The test provider: charges the card now. */
  charge?(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Stripe: a payment for the browser to confirm; its reference and client secret. */
  startPayment?(request: PaymentStart): Promise<{ ref: string; clientSecret: string }>;
  /** Where the payment stands; undefined when the provider never heard of it. */
  findCharge(paymentId: string, providerRef: string | null): Promise<ChargeState | undefined>;
  /** Gives up a payment never confirmed (nothing was charged). */
  cancel?(providerRef: string): Promise<void>;
  /** Returns the provider's reference of the refund. */
  refund(order: MoneyOrder): Promise<string>;
  /** Returns the provider's reference of the transfer. */
  transfer(order: MoneyOrder): Promise<string>;
  totals(): Promise<ProviderTotals>;
  /** Stripe: a verified webhook event; throws on a bad signature. */
  parseWebhook?(payload: string, signature: string): ProviderEvent;
  /** Sets up where a freelancer's payouts go. */
  connectPayoutAccount(input: {
    userId: string;
    existingRef: string | null;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<PayoutConnection>;
  /** Whether payouts can be made to the account now. */
  isPayoutReady(ref: string | null): Promise<boolean>;
}
