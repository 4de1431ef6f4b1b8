import type { Delivery } from '../../../shared/delivery.ts';
import type { FileView } from '../../../shared/files.ts';
import { formatDate } from '../../lib/format.ts';
import { DocumentList } from '../files/document-list.tsx';
import { DELIVERIES_HEADING } from './delivery-messages.ts';
import { HistorySection } from './history-section.tsx';

/**
 * Issue 49: what the freelancer delivered in this hire, as both parties read it before the work
 * is confirmed, oldest first (one for each round): the note, the photos as thumbnails and the
 * documents as downloads. The files are private: a photo is shown through its signed link, and
 * a document asks for a new link when it is downloaded (the page may stay open past the one read).
 */
export function DeliveredWork({ deliveries }: { deliveries: readonly Delivery[] }) {
  const shown = deliveries.filter((delivery) => delivery.note || delivery.files.length > 0);
  if (shown.length === 0) return null;
  return (
    <HistorySection heading={DELIVERIES_HEADING}>
      {shown.map((delivery) => (
        <DeliveryItem key={delivery._id} delivery={delivery} />
      ))}
    </HistorySection>
  );
}

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  const photos = delivery.files.filter((file) => file.kind === 'image' && file.downloadUrl);
  const documents = delivery.files
    .filter((file) => file.kind !== 'image')
    .map(({ downloadUrl: _fresh, ...file }): FileView => file);
  const day = formatDate(delivery.createdAt);
  return (
    <li className="space-y-3 rounded-box bg-base-200 p-3">
      <p className="text-sm font-semibold">
        Delivered on <time dateTime={delivery.createdAt}>{day}</time>
      </p>
      {delivery.note && <p className="whitespace-pre-line wrap-anywhere">“{delivery.note}”</p>}
      {photos.length > 0 && (
        <ul aria-label={`Photos delivered on ${day}`} className="flex flex-wrap gap-2">
          {photos.map((photo) => (
            <li key={photo.id}>
              <img
                src={photo.downloadUrl}
                alt={photo.name}
                width={96}
                height={96}
                className="size-24 rounded-box bg-base-300 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      <DocumentList files={documents} title={`Files delivered on ${day}`} />
    </li>
  );
}
