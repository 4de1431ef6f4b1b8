import { formatCents } from '../../../shared/payments.ts';

/** The earnings page's own words (issue 21); the API's messages live in shared/payments.ts. */
export const EARNINGS_TITLE = 'Earnings';
export const PAYOUT_NAME_LABEL = 'Account holder’s name';
export const WITHDRAW_AMOUNT_LABEL = 'Amount in dollars';
export const NO_PAYOUT_ACCOUNT_YET = 'You have no payout account yet.';
export const NO_EARNINGS_HISTORY =
  'Nothing yet. The money released to you for your work and your payouts show here.';

export const EARNINGS_TOASTS = {
  payoutAccountSaved: (name: string) => `Payouts go to ${name} now.`,
  withdrawing: (amountCents: number, name: string) =>
    `Withdrawing ${formatCents(amountCents)} to ${name}.`,
};

/** A history entry's status as shown: a payout's progress, or what the entry was. */
export const HISTORY_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  release: 'Released',
  payout: 'Payout',
};
