import type { ChangeRound } from '../../../shared/delivery.ts';
import { formatDate } from '../../lib/format.ts';
import { ROUNDS_HEADING } from './delivery-messages.ts';
import { HistorySection } from './history-section.tsx';

/**
 * The rounds of changes of a hire (issue 47), as both its parties read them, oldest first:
 * the delivery sent back, the note, and the delivery that answered it.
 */
export function ChangeRounds({ rounds }: { rounds: readonly ChangeRound[] }) {
  if (rounds.length === 0) return null;
  return (
    <HistorySection heading={ROUNDS_HEADING}>
      {rounds.map((round, index) => (
        <li key={round._id} className="rounded-box bg-base-200 p-3">
          <p className="text-sm font-semibold">
            Round {index + 1}: delivered on {formatDate(round.deliveredAt)}, changes asked for on{' '}
            <time dateTime={round.requestedAt}>{formatDate(round.requestedAt)}</time>
          </p>
          <p className="whitespace-pre-line wrap-anywhere">“{round.note}”</p>
          <p className="text-sm">
            {round.redeliveredAt
              ? `Delivered again on ${formatDate(round.redeliveredAt)}.`
              : 'Waiting for the new delivery.'}
          </p>
        </li>
      ))}
    </HistorySection>
  );
}
