import {
  checkoutSchema,
  paidSchema,
  paymentStartSchema,
  posterPaymentsSchema,
  priceChangedSchema,
  receiptSchema,
  taskPaymentSchema,
  type Checkout,
  type PosterPayments,
  type Receipt,
  type TaskPayment,
  type TestCardDraft,
} from '../../../shared/payments.ts';
import { ApiError, request, requestAs } from '../../lib/api.ts';
import { paymentsApiPaths } from './payments-paths.ts';

export type { Checkout, PosterPayments, Receipt, TaskPayment };

/** Issue 21, the poster's side: paying to hire, a task's held money, disputes, receipts. */
export const paymentsApi = {
  getCheckout: (offerId: string) =>
    requestAs(checkoutSchema, 'GET', paymentsApiPaths.checkout(offerId)),
  /** The test provider's card form (PAYMENTS=test); the card is never stored. */
  payToHire: (offerId: string, card: TestCardDraft, totalCents: number) =>
    requestAs(paidSchema, 'POST', paymentsApiPaths.pay(offerId), { card, totalCents }),
  /** Stripe (PAYMENTS=stripe): the payment for Stripe.js to confirm; coming back, the same one. */
  startPayment: (offerId: string, totalCents: number) =>
    requestAs(paymentStartSchema, 'POST', paymentsApiPaths.checkout(offerId), { totalCents }),
  /** Stripe: after Stripe.js confirmed it (or its redirect came back), hire. */
  confirmPayment: (paymentId: string) =>
    requestAs(paidSchema, 'POST', paymentsApiPaths.confirm(paymentId)),
  getTaskPayment: (taskId: string) =>
    requestAs(taskPaymentSchema, 'GET', paymentsApiPaths.taskPayment(taskId)),
  addStatement: (taskId: string, text: string) =>
    request<{ ok: true }>('POST', paymentsApiPaths.disputeStatements(taskId), { text }),
  getPosterPayments: () => requestAs(posterPaymentsSchema, 'GET', paymentsApiPaths.posterPayments),
  getReceipt: (number: string) => requestAs(receiptSchema, 'GET', paymentsApiPaths.receipt(number)),
};

/**
 * The answer, or why this offer cannot be paid for now: not the poster's to hire (403), or not
 * now (409: hired already, withdrawn, deadline passed), as the server says. No such offer (404)
 * still throws, for the route's not-found page.
 */
export async function orRefusal<T>(answer: Promise<T>): Promise<T | { refusal: string }> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && [403, 409].includes(error.status)) {
      return { refusal: error.message };
    }
    throw error;
  }
}

/** The checkout page's route data (lib/route-data.ts), read again once paid. */
export const CHECKOUT_DATA = 'checkout';

/**
 * Whether a refusal is the server's "the price changed" (a 409 with the new `totalCents`), when
 * nothing was charged. Other 409s are not: one may say the card was charged and refunded at once
 * (the offer changed while it was paid), and the page shows its message as it is.
 */
export function isPriceChange(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const answer = priceChangedSchema.safeParse(error.body);
  return answer.success && answer.data.totalCents !== undefined;
}

/**
 * Issue 47: after a refusal, the offer's checkout as it is now, when its total is no longer the
 * one the page shows (the server charged nothing); null when the price still holds.
 */
export async function changedCheckout(shown: Checkout): Promise<Checkout | null> {
  const now = await paymentsApi.getCheckout(shown.offerId).catch(() => null);
  return now && now.totalCents !== shown.totalCents ? now : null;
}
