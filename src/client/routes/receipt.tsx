import { useParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { formatCents } from '../../shared/payments.ts';
import { PageTitle } from '../components/page-title.tsx';
import { paymentsApi } from '../features/payments/payments-api.ts';
import {
  cardText,
  RECEIPT_KIND_LABELS,
  RECEIPT_STATUS_LABELS,
} from '../features/payments/payments-messages.ts';
import { formatDateTime } from '../lib/format.ts';
import { TestPaymentsBanner } from '../features/payments/test-payments-banner.tsx';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';

/**
 * /receipts/:number (issue 21): one receipt for its parties, printable as a receipt (the site's
 * navigation and footer are not printed; issue 47): who issued it, when, its status now and the
 * card it was paid with. Anyone else gets the not-found page (the API answers 404 to them).
 */
export default function ReceiptPage() {
  const { number = '' } = useParams();
  const receipt = useRouteData('receipt', () => paymentsApi.getReceipt(number));
  const title = `Receipt ${receipt.number}`;
  const { seller, card } = receipt;
  const facts = [
    { label: 'Receipt number', value: receipt.number },
    {
      label: 'Date and time',
      value: <time dateTime={receipt.createdAt}>{formatDateTime(receipt.createdAt)}</time>,
    },
    { label: 'Kind', value: RECEIPT_KIND_LABELS[receipt.kind] ?? receipt.kind },
    { label: 'Status', value: RECEIPT_STATUS_LABELS[receipt.status] ?? receipt.status },
    { label: 'From', value: receipt.from.name },
    { label: 'To', value: receipt.to.name },
    ...(card ? [{ label: 'Card', value: cardText(card) }] : []),
  ];

  return (
    <article className="mx-auto max-w-2xl space-y-6">
      <PageTitle name={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{title}</h1>
        <button
          type="button"
          className="btn btn-outline print:hidden"
          onClick={() => window.print()}
        >
          Print
        </button>
      </div>
      <TestPaymentsBanner mode={receipt.mode} />
      <address className="not-italic">
        <p className="font-semibold">{seller.legalName}</p>
        <p className="whitespace-pre-line">{seller.address}</p>
        {seller.taxId && <p>Tax number: {seller.taxId}</p>}
      </address>
      <dl className="grid gap-4 rounded-box bg-base-200 p-4 sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0">
            <dt className="text-sm">{fact.label}</dt>
            <dd className="font-semibold wrap-anywhere">{fact.value}</dd>
          </div>
        ))}
        {receipt.taskTitle && (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-sm">Task</dt>
            <dd className="font-semibold wrap-anywhere">
              {receipt.taskId ? (
                <Link to={paths.task(receipt.taskId)} className="link">
                  {receipt.taskTitle}
                </Link>
              ) : (
                receipt.taskTitle
              )}
            </dd>
          </div>
        )}
      </dl>
      <table className="table rounded-box border border-base-300">
        <caption className="sr-only">The receipt’s lines and total</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row" className="font-normal wrap-anywhere">
                {line.label}
              </th>
              <td className="text-right tabular-nums">{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-base-content">
          <tr className="text-base">
            <th scope="row">Total</th>
            <td className="text-right font-semibold tabular-nums">
              {formatCents(receipt.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}
