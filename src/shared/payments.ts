import { z } from 'zod';

/**
 * Issue 21: payments held until the work is done. Every amount is whole cents (USD), named
 * `…Cents`; every amount shown says what it is made of (amount, fee, total).
 */
export const PAYMENT_MODES = ['off', 'test', 'stripe'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const TEST_PAYMENTS_BANNER = 'Test payments: no real money moves';

/** The test provider's cards (Stripe's well-known test numbers) and what each does. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const DISPUTE_STATEMENT_MAX_LENGTH = 2000;
export const DISPUTE_REASON_MAX_LENGTH = 1000;
export const PAYOUT_NAME_MAX_LENGTH = 100;

const usd = (cents: number) =>
  `${cents < 0 ? '−' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** $1,234.50; a negative amount with a minus sign before the dollar: −$11.00 (issue 47). */
export const formatCents = usd;

export const PAYMENT_MESSAGES = {
  payToHire: 'Pay to hire: the offer’s amount and the service fee are held until the work is done.',
  paymentsOff: 'This marketplace does not take payments.',
  cardNumber: 'Enter a valid card number.',
  notTestCard: 'Use a test card number, such as 4242 4242 4242 4242.',
  expiry: 'Enter the expiry date as MM/YY.',
  cardExpired: 'Your card has expired.',
  cvc: 'Enter the 3 or 4 digit security code.',
  declined: 'Your card was declined. Nothing was charged.',
  insufficientFunds: 'Your card has insufficient funds. Nothing was charged.',
  providerFailed:
    'The payment could not be taken right now. Nothing was charged; please try again.',
  underWay: 'A payment for this offer is already under way.',
  priceChanged: (totalCents: number) =>
    `The offer changed: the total is now ${usd(totalCents)}. Nothing was charged; check the new price before you pay.`,
  wasRefunded: 'This payment was refunded.',
  notConfirmed: 'Your payment is not complete yet. Finish it on the checkout page.',
  useCheckoutPage: 'Pay on the checkout page: this marketplace takes cards through Stripe.',
  badSignature: 'The webhook signature is not valid.',
  refunded: (reason: string, totalCents: number) =>
    `${reason} Your payment of ${usd(totalCents)} was refunded.`,
  paymentNotFound: 'Payment not found.',
  disputed: 'This task’s payment is in dispute. An admin will decide it.',
  disputeNotFound: 'Dispute not found.',
  disputeClosed: 'This dispute has been decided.',
  notYourDispute: 'Only the task’s poster and its hired freelancer can add a statement.',
  statementRequired: 'Please write your statement.',
  statementTooLong: `A statement must be at most ${DISPUTE_STATEMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  reasonRequired: 'Please give the reason for the decision.',
  reasonTooLong: `The reason must be at most ${DISPUTE_REASON_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  splitAmount: (amountCents: number) =>
    `A split gives the freelancer more than $0.00 and less than ${usd(amountCents)}.`,
  payoutNameRequired: 'Enter the account holder’s name.',
  payoutNameTooLong: `The name must be at most ${PAYOUT_NAME_MAX_LENGTH} characters.`,
  noPayoutAccount: 'Add a payout account before you withdraw.',
  payoutAccountNotReady: 'Finish setting up your payout account with Stripe before you withdraw.',
  nothingToWithdraw: 'You have nothing to withdraw.',
  overBalance: (availableCents: number) => `You can withdraw at most ${usd(availableCents)}.`,
  transferReversed: 'Stripe reversed this payout. The money is back in your available balance.',
  transferPartlyReversed: (reversedCents: number) =>
    `Stripe reversed ${usd(reversedCents)} of this payout. It is back in your available balance.`,
  withdrawAmount: 'Enter an amount above $0.00 in whole cents.',
  receiptNotFound: 'Receipt not found.',
  deleteWithBalance: 'Withdraw your available balance before you delete your account.',
} as const;

const M = PAYMENT_MESSAGES;

const cents = z.number().int();

/** Luhn's check digit, as every card number has. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The test provider's card form. Never stored, never logged: only its outcome is kept. */
export const testCardSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{13,19}$/.test(value) && passesLuhn(value), M.cardNumber),
  // "12/29" or "1229" as typed (issue 47), read as MM/YY.
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/?\s*\d{2}$/, M.expiry)
    .transform((value) => value.replace(/\D/g, '').replace(/^(\d{2})/, '$1/')),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, M.cvc),
});
export type TestCard = z.infer<typeof testCardSchema>;
export type TestCardDraft = z.input<typeof testCardSchema>;

/** Whether an MM/YY expiry is past at `now` (a card works through its month's last day). */
export function isCardExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const endOfMonth = Date.UTC(2000 + year!, month!, 1);
  return endOfMonth <= now.getTime();
}

/**
 * Issue 47: the total the checkout showed, so the card is never charged another one. Optional
 * for clients written before it; the web app always sends it.
 */
const shownTotal = cents
  .positive()
  .optional()
  .describe('The total the page showed: a different one now answers 409 with the new total');

export const payInputSchema = z.object({ card: testCardSchema, totalCents: shownTotal });
export type PayInput = z.infer<typeof payInputSchema>;

/** What paying to hire one offer costs, for the checkout page. */
export const checkoutSchema = z.object({
  offerId: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  freelancer: z.object({ _id: z.string(), name: z.string() }),
  mode: z.enum(PAYMENT_MODES),
  amountCents: cents.describe("The offer's amount"),
  clientFeeCents: cents.describe('The service fee (CLIENT_FEE_PERCENT of the amount)'),
  totalCents: cents.describe('What the card is charged: amount + fee'),
  clientFeePercent: z.number(),
  paidReceipt: z
    .string()
    .nullable()
    .describe("Paid already (coming back after paying): the payment's receipt number"),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** 402 from POST /api/offers/{id}/accept when payments are on: where to pay. */
export const paymentRequiredSchema = z.object({
  message: z.string(),
  checkout: z.string().describe('The page that takes the payment'),
  checkoutApi: z.string().describe('The API of that page: GET the amounts, POST …/pay'),
});

/** The body of POST /api/offers/{id}/checkout (Stripe): the total the page showed. */
export const paymentStartInputSchema = z.object({ totalCents: shownTotal });

/** 409 when the offer's total is no longer the one the page showed: nothing was charged. */
export const priceChangedSchema = z.object({
  message: z.string(),
  totalCents: cents.optional().describe('The new total, when the price changed'),
});

/** Stripe: what Stripe.js needs to confirm the payment in the browser. */
export const paymentStartSchema = z.object({
  paymentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string(),
});

export const paidSchema = z.object({
  paymentId: z.string(),
  receipt: z.string().describe("The payment's receipt number"),
  taskId: z.string(),
});

export const PAYMENT_STATUSES = [
  'processing',
  'failed',
  'held',
  'disputed',
  'released',
  'refunded',
  'split',
] as const;

export const disputeStatementSchema = z.object({
  _id: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }),
  role: z.enum(['poster', 'freelancer']),
  text: z.string(),
  createdAt: z.string(),
});

export const disputeSchema = z.object({
  _id: z.string(),
  status: z.enum(['open', 'resolved']),
  outcome: z.enum(['release', 'refund', 'split']).nullable(),
  freelancerCents: cents.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  statements: z.array(disputeStatementSchema),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** What a settlement moved: to the freelancer (after their fee), fees kept, back to the poster. */
export const settledSchema = z.object({
  toFreelancerCents: cents,
  feesCents: cents,
  refundedCents: cents,
});
export type Settled = z.infer<typeof settledSchema>;

/** A task's payment as its two parties (and admins) read it. */
export const taskPaymentSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: cents,
  clientFeeCents: cents,
  totalCents: cents,
  freelancerFeeCents: cents.describe("The freelancer's fee, taken when the money is released"),
  toFreelancerCents: cents,
  heldCents: cents.describe('What the platform holds for the task now'),
  settled: settledSchema
    .nullable()
    .describe('Where the money went when it was settled, from the ledger; null while held'),
  paidAt: z.string().nullable(),
  dispute: disputeSchema.nullable(),
});
export type TaskPayment = z.infer<typeof taskPaymentSchema>;

export const statementInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, M.statementRequired)
    .max(DISPUTE_STATEMENT_MAX_LENGTH, M.statementTooLong),
});

export const DISPUTE_OUTCOMES = ['release', 'refund', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const resolveDisputeSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES),
  /** A split: the part of the offer's amount that goes to the freelancer. */
  freelancerCents: cents.positive().optional(),
  reason: z
    .string()
    .trim()
    .min(1, M.reasonRequired)
    .max(DISPUTE_REASON_MAX_LENGTH, M.reasonTooLong),
});
export type ResolveDisputeInput = z.infer<typeof resolveDisputeSchema>;

export const adminDisputeSchema = z.object({
  _id: z.string(),
  task: z.object({ _id: z.string(), title: z.string() }),
  poster: z.object({ _id: z.string(), name: z.string() }),
  freelancer: z.object({ _id: z.string(), name: z.string() }),
  payment: taskPaymentSchema.omit({ dispute: true }),
  dispute: disputeSchema,
  /** Issue 47: what the operator decides on, beside the statements. */
  offer: z.object({ amountCents: cents, message: z.string(), createdAt: z.string() }),
  deliveredAt: z.string().nullable().describe('When the freelancer said the work was delivered'),
  conversation: z
    .array(
      z.object({
        _id: z.string(),
        author: z.object({ _id: z.string(), name: z.string() }),
        text: z.string(),
        createdAt: z.string(),
      }),
    )
    .describe("The offer's conversation between the two, oldest first"),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

export const payoutAccountInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, M.payoutNameRequired)
    .max(PAYOUT_NAME_MAX_LENGTH, M.payoutNameTooLong),
});

export const payoutAccountSetSchema = z.object({
  ok: z.literal(true),
  onboardingUrl: z.string().nullable().describe("Stripe: where to finish the account's setup"),
});

export const payoutInputSchema = z.object({
  /** Omitted: all of the available balance. */
  amountCents: z.number().int(M.withdrawAmount).positive(M.withdrawAmount).optional(),
});

export const receiptSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(['payment', 'refund', 'payout', 'release']),
  totalCents: cents,
  createdAt: z.string(),
  taskTitle: z.string().nullable(),
});

export const earningsSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  availableCents: cents,
  heldCents: cents.describe('Held for tasks you are hired for, before fees'),
  paidOutCents: cents,
  payoutAccount: z.object({ name: z.string() }).nullable(),
  history: z.array(
    receiptSummarySchema.extend({
      status: z.string().describe('A payout: pending, paid or failed; otherwise the kind'),
    }),
  ),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const posterPaymentsSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  paidCents: cents,
  heldCents: cents,
  refundedCents: cents,
  payments: z.array(
    taskPaymentSchema.omit({ dispute: true }).extend({
      taskTitle: z.string(),
      receipts: z.array(receiptSummarySchema),
    }),
  ),
});
export type PosterPayments = z.infer<typeof posterPaymentsSchema>;

export const receiptLineSchema = z.object({ label: z.string(), amountCents: cents });

/** The card a payment was taken from, as a receipt shows it (issue 47): never more of it. */
export const cardShownSchema = z.object({ brand: z.string(), last4: z.string() });
export type CardShown = z.infer<typeof cardShownSchema>;

/** The marketplace that issues receipts: LEGAL_NAME, LEGAL_ADDRESS and TAX_ID. */
export const sellerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  taxId: z.string().nullable(),
});
export type Seller = z.infer<typeof sellerSchema>;

export const receiptSchema = receiptSummarySchema.extend({
  from: z.object({ _id: z.string().nullable(), name: z.string() }),
  to: z.object({ _id: z.string().nullable(), name: z.string() }),
  taskId: z.string().nullable(),
  lines: z.array(receiptLineSchema),
  mode: z.enum(PAYMENT_MODES),
  status: z
    .string()
    .describe(
      "Now, not when written: a payment's status (held, released, …), a payout's (pending, paid, failed), or the kind",
    ),
  card: cardShownSchema.nullable().describe('A payment: the card it was taken from'),
  seller: sellerSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

export const payoutSchema = z.object({
  payoutId: z.string(),
  receipt: z.string(),
  amountCents: cents,
});
