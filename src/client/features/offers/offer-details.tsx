import type { Offer } from '../../../shared/offers.ts';
import { Fact } from '../../components/fact.tsx';
import { formatBudget, formatDate } from '../../lib/format.ts';
import { endedText, NOT_CHOSEN_LABEL } from './offer-messages.ts';
import { OfferStatusBadge } from './offer-status-badge.tsx';

/** An offer's price, status, date and message: what its author and the task's poster see. */
export function OfferDetails({ offer }: { offer: Omit<Offer, 'bidder' | 'taskId'> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Fact label="Price" valueClassName="text-lg font-semibold">
        {formatBudget(offer.amount)}
      </Fact>
      <Fact label="Status">
        {offer.declinedBecause === 'hired' ? (
          <span className="badge badge-neutral font-semibold">{NOT_CHOSEN_LABEL}</span>
        ) : (
          <OfferStatusBadge status={offer.status} />
        )}
      </Fact>
      <Fact label="Sent">
        <time dateTime={offer.createdAt}>{formatDate(offer.createdAt)}</time>
      </Fact>
      <Fact
        label="Message"
        className="col-span-full"
        valueClassName="whitespace-pre-line wrap-anywhere"
      >
        {offer.message}
      </Fact>
      {offer.assignmentEnded && (
        <Fact label="Why it ended" className="col-span-full" valueClassName="wrap-anywhere">
          {endedText(offer.assignmentEnded.by, offer.assignmentEnded.reason)}
        </Fact>
      )}
    </dl>
  );
}
