import { formatCents } from '../../../shared/payments.ts';
import type { Earnings } from './earnings-api.ts';

const BALANCES = [
  { key: 'availableCents', label: 'Available', description: 'Yours to withdraw.' },
  {
    key: 'heldCents',
    label: 'Held',
    description: 'For tasks you are hired for, before fees.',
  },
  { key: 'paidOutCents', label: 'Paid out', description: 'Withdrawn to your payout account.' },
] as const;

/** Issue 21: a freelancer's three balances, each saying what it is. */
export function EarningsBalances({ earnings }: { earnings: Earnings }) {
  return (
    <section aria-labelledby="balances-heading" className="space-y-3">
      <h2 id="balances-heading" className="text-2xl font-semibold">
        Balances
      </h2>
      <dl className="stats stats-vertical w-full shadow md:stats-horizontal">
        {BALANCES.map((balance) => (
          <div key={balance.key} className="stat">
            <dt className="stat-title text-base-content">{balance.label}</dt>
            <dd className="stat-value text-3xl">{formatCents(earnings[balance.key])}</dd>
            <dd className="stat-desc text-sm whitespace-normal text-base-content">
              {balance.description}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
