import { Link } from '../lib/link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { MyOffersTable } from '../features/offers/my-offers-table.tsx';
import { offersApi } from '../features/offers/offers-api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';

export const NO_OFFERS = "You haven't made any offers yet.";

/** /my-bids and /dashboard/my-bids (issue 9): the user's offers, their status and their tasks. */
export default function MyBids() {
  const offers = useRouteData('my-bids', () => offersApi.listMyOffers());
  return (
    <section className="space-y-6">
      <PageTitle name="My Bids" />
      <h1 className="text-3xl font-bold">My Bids</h1>
      {offers.length === 0 ? (
        <div className="rounded-box bg-base-200 p-10 text-center">
          <p className="text-lg">{NO_OFFERS}</p>
          <Link to={paths.browseTasks()} className="btn btn-primary mt-4">
            Browse Tasks
          </Link>
        </div>
      ) : (
        <MyOffersTable offers={offers} />
      )}
    </section>
  );
}
