import {
  checkoutSchema,
  paidSchema,
  posterPaymentsSchema,
  receiptSchema,
  taskPaymentSchema,
  type Checkout,
  type PosterPayments,
  type Receipt,
  type TaskPayment,
  type TestCardDraft,
} from '../../../shared/payments.ts';
import { request, requestAs } from '../../lib/api.ts';
import { paymentsApiPaths } from './payments-paths.ts';

export type { Checkout, PosterPayments, Receipt, TaskPayment };

/** Issue 21, the poster's side: paying to hire, a task's held money, disputes, receipts. */
export const paymentsApi = {
  getCheckout: (offerId: string) =>
    requestAs(checkoutSchema, 'GET', paymentsApiPaths.checkout(offerId)),
  /** The test provider's card form (PAYMENTS=test); the card is never stored. */
  payToHire: (offerId: string, card: TestCardDraft) =>
    requestAs(paidSchema, 'POST', paymentsApiPaths.pay(offerId), { card }),
  getTaskPayment: (taskId: string) =>
    requestAs(taskPaymentSchema, 'GET', paymentsApiPaths.taskPayment(taskId)),
  addStatement: (taskId: string, text: string) =>
    request<{ ok: true }>('POST', paymentsApiPaths.disputeStatements(taskId), { text }),
  getPosterPayments: () => requestAs(posterPaymentsSchema, 'GET', paymentsApiPaths.posterPayments),
  getReceipt: (number: string) => requestAs(receiptSchema, 'GET', paymentsApiPaths.receipt(number)),
};
