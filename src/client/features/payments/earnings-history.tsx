import { Link } from '../../lib/link.tsx';
import { formatCents } from '../../../shared/payments.ts';
import { formatDate } from '../../lib/format.ts';
import type { Earnings } from './earnings-api.ts';
import { HISTORY_STATUS_LABELS, NO_EARNINGS_HISTORY } from './earnings-messages.ts';
import { paymentsPagePaths } from './payments-paths.ts';

type Entry = Earnings['history'][number];

function describe(entry: Entry): string {
  if (entry.kind === 'payout') return 'Payout to your payout account';
  return entry.taskTitle ? `Released for “${entry.taskTitle}”` : 'Released for a task';
}

const STATUS_CLASS: Record<string, string> = {
  paid: 'badge-success',
  failed: 'badge-error',
  pending: 'badge-warning',
};

/** Issue 21: the money released to a freelancer and their payouts, newest first, with receipts. */
export function EarningsHistory({ history }: { history: Earnings['history'] }) {
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="text-2xl font-semibold">
        History
      </h2>
      {history.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">{NO_EARNINGS_HISTORY}</p>
      ) : (
        <ul
          aria-label="Earnings history"
          className="divide-y divide-base-300 rounded-box border border-base-300"
        >
          {history.map((entry) => (
            <li key={entry.number} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold wrap-anywhere">{describe(entry)}</p>
                <p className="text-sm">
                  <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time> ·{' '}
                  <Link to={paymentsPagePaths.receipt(entry.number)} className="link">
                    Receipt {entry.number}
                  </Link>
                </p>
              </div>
              <span className={`badge ${STATUS_CLASS[entry.status] ?? 'badge-ghost'}`}>
                {HISTORY_STATUS_LABELS[entry.status] ?? entry.status}
              </span>
              <span className="font-semibold tabular-nums">{formatCents(entry.totalCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
