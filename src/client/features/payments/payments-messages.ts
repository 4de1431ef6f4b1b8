import { formatCents } from '../../../shared/payments.ts';

/**
 * The poster's payment pages' own words (issue 21): the checkout, the held-money panel, the
 * payments list and receipts. The API's messages live in shared/payments.ts.
 */
export const CHECKOUT_TITLE = 'Pay to hire';
export const POSTER_PAYMENTS_TITLE = 'Payments';
export const NO_POSTER_PAYMENTS =
  'No payments yet. When you hire by paying for an offer, the payment shows here.';

export const CARD_LABELS = {
  number: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'Security code',
} as const;

/** The checkout with Stripe (PAYMENTS=stripe): the Payment Element and coming back to it. */
export const STRIPE_TEXTS = {
  heading: 'Payment details',
  loading: 'Loading the secure payment form…',
  confirming: 'Confirming your payment…',
  tryAgain: 'Try again',
} as const;

/** The checkout come back to after paying: "Paid — see the receipt". */
export const PAID_BACK = 'Paid —';
export const SEE_THE_RECEIPT = 'see the receipt';

export const payButtonLabel = (totalCents: number) => `Pay ${formatCents(totalCents)} and hire`;

export const PAYMENT_TOASTS = {
  hired: (name: string, totalCents: number) =>
    `Paid ${formatCents(totalCents)}. ${name} is hired; the money is held until the work is done.`,
  statementAdded: 'Your statement was added to the dispute.',
};

export const STATEMENT_LABEL = 'Your statement';

/** The panel on a task's page: what is held for it, or what became of it. */
export const HELD_HEADING = 'Payment';
export const heldForTask = (totalCents: number) => `${formatCents(totalCents)} held for this task`;
export const freelancerReceives = (toFreelancerCents: number, feePercent: number) =>
  `You receive ${formatCents(toFreelancerCents)} after the ${feePercent}% fee when the work is confirmed.`;

/** A payment's status, as its two parties read it. */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  processing: 'Processing',
  failed: 'Failed',
  held: 'Held',
  disputed: 'In dispute',
  released: 'Released',
  refunded: 'Refunded',
  split: 'Split',
};

/** A receipt's status now: its payment's, its payout's, or what it was (issue 47). */
export const RECEIPT_STATUS_LABELS: Record<string, string> = {
  ...PAYMENT_STATUS_LABELS,
  pending: 'Pending',
  paid: 'Paid',
};

export const cardText = (card: { brand: string; last4: string }) =>
  `${card.brand} ending in ${card.last4}`;

export const RECEIPT_KIND_LABELS: Record<string, string> = {
  payment: 'Payment',
  refund: 'Refund',
  payout: 'Payout',
  release: 'Money released',
};
