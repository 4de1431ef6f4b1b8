import {
  earningsSchema,
  payoutAccountSetSchema,
  payoutSchema,
  type Earnings,
} from '../../../shared/payments.ts';
import { requestAs } from '../../lib/api.ts';
import { paymentsApiPaths } from './payments-paths.ts';

export type { Earnings };

/** Issue 21: a freelancer's money, their payout account and withdrawals. */
export const earningsApi = {
  getEarnings: () => requestAs(earningsSchema, 'GET', paymentsApiPaths.earnings),
  setPayoutAccount: (name: string) =>
    requestAs(payoutAccountSetSchema, 'PUT', paymentsApiPaths.payoutAccount, { name }),
  /** Without an amount: everything available. */
  withdraw: (amountCents?: number) =>
    requestAs(
      payoutSchema,
      'POST',
      paymentsApiPaths.payouts,
      amountCents === undefined ? {} : { amountCents },
    ),
};
