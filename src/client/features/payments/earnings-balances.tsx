import { Link } from '../../lib/link.tsx';
import type { Earnings } from './earnings-api.ts';
import { MoneyFigures } from './money-figures.tsx';
import { paymentsPagePaths } from './payments-paths.ts';

const BALANCES = [
  { key: 'availableCents', label: 'Available', description: 'Yours to withdraw.' },
  {
    key: 'heldCents',
    label: 'Held',
    description: 'For tasks you are hired for, before fees.',
  },
  { key: 'paidOutCents', label: 'Paid out', description: 'Withdrawn to your payout account.' },
] as const;

const figuresOf = (earnings: Earnings, balances: readonly (typeof BALANCES)[number][]) =>
  balances.map(({ key, ...text }) => ({ ...text, cents: earnings[key] }));

/** Issue 21: a freelancer's three balances, each saying what it is. */
export function EarningsBalances({ earnings }: { earnings: Earnings }) {
  return <MoneyFigures heading="Balances" figures={figuresOf(earnings, BALANCES)} />;
}

export const SEE_EARNINGS = 'See your earnings and withdraw';

/**
 * Issue 47: the dashboard's glance at the money a freelancer has (available) and has coming
 * (held), with the way to the earnings page; nothing while payments are off and nothing was paid.
 */
export function EarningsSummary({ earnings }: { earnings: Earnings }) {
  const hasAny = earnings.availableCents + earnings.heldCents + earnings.paidOutCents > 0;
  if (earnings.mode === 'off' && !hasAny) return null;
  return (
    <MoneyFigures
      heading="Earnings"
      figures={figuresOf(
        earnings,
        BALANCES.filter(({ key }) => key !== 'paidOutCents'),
      )}
    >
      <Link to={paymentsPagePaths.earnings} className="link">
        {SEE_EARNINGS}
      </Link>
    </MoneyFigures>
  );
}
