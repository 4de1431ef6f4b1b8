import { receiptLink } from '../../../shared/links.ts';

/**
 * Issue 21's API paths, kept out of lib/paths.ts (and so out of the app shell and the home
 * page's JavaScript budget): only lazily loaded pages use them. The checkout page's own path is
 * shared with the server (shared/links.ts checkoutPath), which names it in the 402 of accept;
 * so is a receipt's (receiptLink), which the receipt mails link to.
 */
const id = (value: string) => encodeURIComponent(value);

export const paymentsApiPaths = {
  checkout: (offerId: string) => `/api/offers/${id(offerId)}/checkout`,
  pay: (offerId: string) => `/api/offers/${id(offerId)}/pay`,
  confirm: (paymentId: string) => `/api/payments/${id(paymentId)}/confirm`,
  taskPayment: (taskId: string) => `/api/tasks/${id(taskId)}/payment`,
  disputeStatements: (taskId: string) => `/api/tasks/${id(taskId)}/dispute/statements`,
  earnings: '/api/me/earnings',
  posterPayments: '/api/me/payments',
  payoutAccount: '/api/me/payout-account',
  payouts: '/api/me/payouts',
  receipt: (number: string) => `/api/receipts/${id(number)}`,
  adminDisputes: (status: 'open' | 'resolved') => `/api/admin/disputes?status=${status}`,
  adminResolve: (disputeId: string) => `/api/admin/disputes/${id(disputeId)}/resolve`,
} as const;

export const paymentsPagePaths = {
  earnings: '/dashboard/earnings',
  posterPayments: '/dashboard/payments',
  receipt: receiptLink,
  adminDisputes: '/admin/disputes',
} as const;
