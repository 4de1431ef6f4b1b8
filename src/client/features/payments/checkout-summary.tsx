import { Link } from '../../lib/link.tsx';
import { formatCents } from '../../../shared/payments.ts';
import { paths } from '../../lib/paths.ts';
import { UserLink } from '../profiles/user-link.tsx';
import type { Checkout } from './payments-api.ts';

/** What hiring with the offer costs (issue 21): the offer, the service fee and their total. */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const lines = [
    { label: 'Offer amount', cents: checkout.amountCents },
    { label: `Service fee (${checkout.clientFeePercent}%)`, cents: checkout.clientFeeCents },
  ];
  return (
    <section aria-labelledby="checkout-summary-heading" className="space-y-4">
      <h2 id="checkout-summary-heading" className="text-xl font-semibold">
        What you pay
      </h2>
      <dl className="grid gap-4 rounded-box bg-base-200 p-4 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-sm">Task</dt>
          <dd className="font-semibold wrap-anywhere">
            <Link to={paths.task(checkout.taskId)} className="link">
              {checkout.taskTitle}
            </Link>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm">Freelancer</dt>
          <dd className="font-semibold wrap-anywhere">
            <UserLink user={checkout.freelancer} />
          </dd>
        </div>
      </dl>
      <table className="table rounded-box border border-base-300">
        <caption className="sr-only">The charge, line by line</caption>
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <th scope="row" className="font-normal">
                {line.label}
              </th>
              <td className="text-right tabular-nums">{formatCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-base-content">
          <tr className="text-base">
            <th scope="row">Total charged</th>
            <td className="text-right font-semibold tabular-nums">
              {formatCents(checkout.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
