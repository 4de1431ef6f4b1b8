import { useEffect, useState } from 'react';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { PageTitle } from '../components/page-title.tsx';
import { earningsApi } from '../features/payments/earnings-api.ts';
import { EarningsBalances } from '../features/payments/earnings-balances.tsx';
import { EarningsHistory } from '../features/payments/earnings-history.tsx';
import { EARNINGS_TITLE } from '../features/payments/earnings-messages.ts';
import { EarningsPayoutAccount } from '../features/payments/earnings-payout-account.tsx';
import { EarningsWithdraw } from '../features/payments/earnings-withdraw.tsx';
import { TestPaymentsBanner } from '../features/payments/test-payments-banner.tsx';
import { useRouteData } from '../lib/route-data.ts';

/** A payout is made by a background job within about a second: read again until it is. */
const PENDING_POLL_MS = 1000;

/**
 * /dashboard/earnings (issue 21): a freelancer's balances (available, held, paid out), the
 * payout account, Withdraw, and the history of money released and paid out, with receipts.
 */
export default function DashboardEarnings() {
  const loaded = useRouteData('earnings', () => earningsApi.getEarnings());
  const [earnings, setEarnings] = useState(loaded);
  const hasPending = earnings.history.some((entry) => entry.status === 'pending');

  const reload = async () => setEarnings(await earningsApi.getEarnings());

  useEffect(() => {
    if (!hasPending) return;
    const timer = window.setTimeout(() => {
      // A failed read is tried again on the next change; the page keeps what it shows.
      earningsApi.getEarnings().then(setEarnings, () => undefined);
    }, PENDING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [hasPending, earnings]);

  const isOff = earnings.mode === 'off';
  const hasAny =
    earnings.availableCents + earnings.heldCents + earnings.paidOutCents > 0 ||
    earnings.history.length > 0;

  return (
    <div className="max-w-3xl space-y-8">
      <PageTitle name={EARNINGS_TITLE} />
      <h1 className="text-3xl font-bold">{EARNINGS_TITLE}</h1>
      <TestPaymentsBanner mode={earnings.mode} />
      {isOff && <p className="rounded-box bg-base-200 p-6">{PAYMENT_MESSAGES.paymentsOff}</p>}
      {(!isOff || hasAny) && (
        <>
          <EarningsBalances earnings={earnings} />
          <EarningsPayoutAccount account={earnings.payoutAccount} onSaved={reload} />
          <EarningsWithdraw earnings={earnings} onWithdrawn={reload} />
          <EarningsHistory history={earnings.history} />
        </>
      )}
    </div>
  );
}
