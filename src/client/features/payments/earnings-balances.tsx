import type { Earnings } from './earnings-api.ts';
import { MoneyFigures } from './money-figures.tsx';

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
    <MoneyFigures
      heading="Balances"
      figures={BALANCES.map(({ key, ...text }) => ({ ...text, cents: earnings[key] }))}
    />
  );
}
