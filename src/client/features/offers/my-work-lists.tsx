import { Link } from '../../lib/link.tsx';
import type { MyOffer } from '../../../shared/offers.ts';
import { HeadedSection } from '../../components/headed-section.tsx';
import { formatBudget, formatDeadline } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { activeJobsOf, pendingOffersOf } from './my-work.ts';

/** How many of each list the dashboard shows, as Recent Tasks shows 5 (spec §9). */
const SHOWN = 5;

export const MY_WORK_EMPTY = {
  activeJobs: 'No active jobs. When a poster hires you, the task shows here.',
  pendingOffers: 'No offers waiting for an answer.',
};

function OfferList({
  heading,
  offers,
  empty,
}: {
  heading: string;
  offers: MyOffer[];
  empty: string;
}) {
  return (
    <HeadedSection heading={heading}>
      {offers.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">{empty}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {offers.slice(0, SHOWN).map((offer) => (
            <li key={offer._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{offer.task.title}</p>
                <p className="text-sm text-base-content/90">
                  Your price {formatBudget(offer.amount)} · due{' '}
                  {formatDeadline(offer.task.deadline)}
                </p>
              </div>
              <Link
                to={paths.task(offer.task._id)}
                className="btn btn-outline btn-sm"
                aria-label={`View ${offer.task.title}`}
              >
                View
              </Link>
            </li>
          ))}
        </ul>
      )}
      {offers.length > SHOWN && (
        <Link to={paths.dashboardMyBids} className="link">
          All {offers.length} in My Bids
        </Link>
      )}
    </HeadedSection>
  );
}

/**
 * Issue 47: a freelancer's work on the dashboard, beside the spec's counters: the jobs they are
 * hired for and the offers still waiting, each linked to its task.
 */
export function MyWorkLists({ offers }: { offers: MyOffer[] }) {
  return (
    <>
      <OfferList
        heading="Active Jobs"
        offers={activeJobsOf(offers)}
        empty={MY_WORK_EMPTY.activeJobs}
      />
      <OfferList
        heading="Pending Offers"
        offers={pendingOffersOf(offers)}
        empty={MY_WORK_EMPTY.pendingOffers}
      />
    </>
  );
}
