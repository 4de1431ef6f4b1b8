import type { OfferStatus } from '../../../shared/offers.ts';
import { OFFER_STATUS_LABELS } from './offer-messages.ts';

const BADGE_CLASS: Record<OfferStatus, string> = {
  pending: 'badge-info',
  accepted: 'badge-success',
  declined: 'badge-neutral',
  withdrawn: 'badge-ghost',
  released: 'badge-warning',
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <span className={`badge font-semibold ${BADGE_CLASS[status]}`}>
      {OFFER_STATUS_LABELS[status]}
    </span>
  );
}
