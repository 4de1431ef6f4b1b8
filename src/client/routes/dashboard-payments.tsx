import { Link } from '../lib/link.tsx';
import { formatCents, PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { PageTitle } from '../components/page-title.tsx';
import { StackTable } from '../components/stack-table.tsx';
import { paymentsApi, type PosterPayments } from '../features/payments/payments-api.ts';
import {
  NO_POSTER_PAYMENTS,
  PAYMENT_STATUS_LABELS,
  POSTER_PAYMENTS_TITLE,
  RECEIPT_KIND_LABELS,
} from '../features/payments/payments-messages.ts';
import { paymentsPagePaths } from '../features/payments/payments-paths.ts';
import { MoneyFigures } from '../features/payments/money-figures.tsx';
import { TestPaymentsBanner } from '../features/payments/test-payments-banner.tsx';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';

const TOTALS = [
  { key: 'paidCents', label: 'Paid', description: 'Charged to your cards, fees included.' },
  { key: 'heldCents', label: 'Held', description: 'Waiting for work to be confirmed.' },
  { key: 'refundedCents', label: 'Refunded', description: 'Given back to your cards.' },
] as const;

const STATUS_CLASS: Record<string, string> = {
  held: 'badge-info',
  disputed: 'badge-warning',
  released: 'badge-success',
  refunded: 'badge-ghost',
  split: 'badge-ghost',
};

type Payment = PosterPayments['payments'][number];

function PaymentRow({ payment }: { payment: Payment }) {
  return (
    <tr>
      <td data-label="Task" className="wrap-anywhere">
        <Link to={paths.task(payment.taskId)} className="link font-semibold">
          {payment.taskTitle}
        </Link>
      </td>
      <td data-label="Status">
        <span className={`badge ${STATUS_CLASS[payment.status] ?? 'badge-ghost'}`}>
          {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
        </span>
      </td>
      <td data-label="Offer" className="tabular-nums">
        {formatCents(payment.amountCents)}
      </td>
      <td data-label="Fee" className="tabular-nums">
        {formatCents(payment.clientFeeCents)}
      </td>
      <td data-label="Total" className="font-semibold tabular-nums">
        {formatCents(payment.totalCents)}
      </td>
      <td data-label="Receipts">
        <ul className="space-y-1">
          {payment.receipts.map((receipt) => (
            <li key={receipt.number}>
              <Link to={paymentsPagePaths.receipt(receipt.number)} className="link">
                {RECEIPT_KIND_LABELS[receipt.kind] ?? receipt.kind} {receipt.number}
              </Link>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * /dashboard/payments (issue 21): what a poster paid to hire, what is still held and what came
 * back, with each payment's status and receipts.
 */
export default function DashboardPayments() {
  const payments = useRouteData('poster-payments', () => paymentsApi.getPosterPayments());
  const isOff = payments.mode === 'off';

  return (
    <div className="max-w-4xl space-y-8">
      <PageTitle name={POSTER_PAYMENTS_TITLE} />
      <h1 className="text-3xl font-bold">{POSTER_PAYMENTS_TITLE}</h1>
      <TestPaymentsBanner mode={payments.mode} />
      {isOff && payments.payments.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6">{PAYMENT_MESSAGES.paymentsOff}</p>
      ) : (
        <>
          <MoneyFigures
            heading="Totals"
            figures={TOTALS.map(({ key, ...text }) => ({ ...text, cents: payments[key] }))}
          />
          <section aria-labelledby="payments-heading" className="space-y-3">
            <h2 id="payments-heading" className="text-2xl font-semibold">
              Your payments
            </h2>
            {payments.payments.length === 0 ? (
              <p className="rounded-box bg-base-200 p-6 text-center">{NO_POSTER_PAYMENTS}</p>
            ) : (
              <StackTable
                caption="Your payments to hire, newest first"
                headers={['Task', 'Status', 'Offer', 'Fee', 'Total', 'Receipts']}
              >
                {payments.payments.map((payment) => (
                  <PaymentRow key={payment._id} payment={payment} />
                ))}
              </StackTable>
            )}
          </section>
        </>
      )}
    </div>
  );
}
