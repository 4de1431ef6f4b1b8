import { TEST_PAYMENTS_BANNER, type PaymentMode } from '../../../shared/payments.ts';

/** Issue 21: every money page says so when no real money moves (PAYMENTS=test). */
export function TestPaymentsBanner({ mode }: { mode: PaymentMode }) {
  if (mode !== 'test') return null;
  return (
    <p
      role="note"
      className="rounded-md border border-amber-400 bg-amber-50 px-4 py-2 font-semibold text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100"
    >
      {TEST_PAYMENTS_BANNER}
    </p>
  );
}
