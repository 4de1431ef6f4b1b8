import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../lib/link.tsx';
import type { Offer } from '../../../shared/offers.ts';
import type { PublicConfig } from '../../../shared/public-config.ts';
import type { Task } from '../../../shared/tasks.ts';
import { Avatar } from '../../components/avatar.tsx';
import { useDialog } from '../../components/dialogs.tsx';
import { formatBudget } from '../../lib/format.ts';
import { loadPublicConfig } from '../../lib/public-config.ts';
import { paths } from '../../lib/paths.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { OfferConversation } from '../conversations/offer-conversation.tsx';
import { UserLink } from '../profiles/user-link.tsx';
import { RatingSummary } from '../reviews/rating-summary.tsx';
import { whyNot } from '../tasks/task-permissions.ts';
import { useTaskAction } from '../tasks/use-task-action.ts';
import { OfferDetails } from './offer-details.tsx';
import { OFFER_TOASTS } from './offer-messages.ts';
import { offersApi } from './offers-api.ts';

const SORTS = {
  priceAsc: 'Price, lowest first',
  priceDesc: 'Price, highest first',
  rating: 'Rating, highest first',
} as const;
type OfferSort = keyof typeof SORTS;

function sortOffers(offers: Offer[], sort: OfferSort): Offer[] {
  const byPrice = (a: Offer, b: Offer) => a.amount - b.amount;
  const compare: Record<OfferSort, (a: Offer, b: Offer) => number> = {
    priceAsc: byPrice,
    priceDesc: (a, b) => byPrice(b, a),
    // No rating yet comes last; equal ratings, the lower price first.
    rating: (a, b) => (b.bidder.rating ?? -1) - (a.bidder.rating ?? -1) || byPrice(a, b),
  };
  return [...offers].sort(compare[sort]);
}

/**
 * Where the marketplace takes payments (issue 21), accepting leads to paying first, and says so
 * (the fee from GET /api/config); without them, or before the config came, the spec's hire.
 */
export function acceptConfirm(offer: Offer, config: PublicConfig | null = null) {
  const { name } = offer.bidder;
  const price = formatBudget(offer.amount);
  const paid = config !== null && config.payments !== 'off';
  return {
    title: `Hire ${name}?`,
    text: paid
      ? `You pay for this offer next: ${price} plus the ${config.clientFeePercent}% service fee, held until the work is done. Once it is paid, the task is assigned to ${name} and every other pending offer is declined.`
      : `You accept this offer of ${price}: the task is assigned to ${name} and every other pending offer is declined.`,
    confirmText: 'Yes, hire',
    icon: 'info',
  } as const;
}

/** Declining is for good (the bidder cannot offer again), so it asks first, as Accept does. */
export function declineConfirm(offer: Offer) {
  return {
    title: `Decline the offer from ${offer.bidder.name}?`,
    text: `${offer.bidder.name} is told that you declined it, and cannot make another offer on this task.`,
    confirmText: 'Yes, decline',
    isDestructive: true,
    icon: 'warning',
  } as const;
}

/**
 * The poster's view of the offers (issue 9): each bidder's name (to their profile), photo, rating
 * and completed jobs, the price, message and status, sortable by price or rating; Accept (after
 * a confirmation) and Decline on pending offers while the task is open. Withdrawn offers are gone.
 * Each offer's private conversation with its bidder opens from it, before and after the hire.
 */
export function TaskOffers({
  task,
  offers,
  userId,
  refresh,
}: {
  task: Task;
  offers: Offer[];
  userId: string;
  refresh(): Promise<void>;
}) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const runAction = useTaskAction(refresh);
  const heading = useFocusLater<HTMLHeadingElement>();
  const [sort, setSort] = useState<OfferSort>('priceAsc');
  // Asked once, as the offers show: whether Accept leads to paying (issue 21).
  const [publicConfig] = useState(() => loadPublicConfig().catch(() => null));
  const id = useId();
  const shown = sortOffers(
    offers.filter((offer) => offer.status !== 'withdrawn'),
    sort,
  );
  const waiting = shown.filter((offer) => offer.status === 'pending').length;
  const canDecline = whyNot('decline', task, userId) === null;
  // Hiring on a passed deadline is refused (issue 17): the poster is asked to move it first.
  const acceptRefusal = whyNot('accept', task, userId);
  const mustMoveDeadline = canDecline && acceptRefusal !== null;

  // A block withdraws the bidder's pending offer, taking its card (and the focus) away.
  async function afterBlock(offer: Offer) {
    if (offer.status === 'pending') heading.request();
    await refresh();
  }

  async function accept(offer: Offer) {
    if (!(await dialog.confirm(acceptConfirm(offer, await publicConfig)))) return;
    heading.request();
    await runAction(
      () => offersApi.acceptOffer(offer._id),
      (checkout) => {
        if (checkout === null) return OFFER_TOASTS.hired(offer.bidder.name);
        navigate(checkout);
        return null;
      },
    );
  }

  async function decline(offer: Offer) {
    if (!(await dialog.confirm(declineConfirm(offer)))) return;
    heading.request();
    await runAction(
      () => offersApi.declineOffer(offer._id),
      OFFER_TOASTS.declined(offer.bidder.name),
    );
  }

  const answers = [
    { verb: 'Accept', className: 'btn-primary', answer: accept, refused: acceptRefusal !== null },
    { verb: 'Decline', className: 'btn-outline', answer: decline, refused: false },
  ];

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id={`${id}-heading`}
            ref={heading.ref}
            tabIndex={-1}
            className="text-xl font-semibold"
          >
            Offers
          </h2>
          <p>
            {shown.length} {shown.length === 1 ? 'offer' : 'offers'}, {waiting} waiting for your
            answer
          </p>
        </div>
        {shown.length > 1 && (
          <label className="flex flex-col gap-1">
            <span className="font-medium">Sort offers by</span>
            <select
              className="select select-bordered"
              value={sort}
              onChange={(event) => setSort(event.target.value as OfferSort)}
            >
              {Object.entries(SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {mustMoveDeadline && waiting > 0 && (
        <p role="note" className="rounded-box border-l-4 border-warning bg-base-200 p-4">
          {acceptRefusal}{' '}
          <Link className="link link-primary" to={paths.editTask(task._id)}>
            Edit the task
          </Link>
        </p>
      )}
      {shown.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">No offers yet.</p>
      ) : (
        <ul className="space-y-4">
          {shown.map((offer) => (
            <li key={offer._id}>
              <article
                aria-label={`Offer from ${offer.bidder.name}`}
                className="card border border-base-300 bg-base-100"
              >
                <div className="card-body gap-4">
                  <div className="flex flex-wrap items-center gap-3">
                    <Avatar user={offer.bidder} size="w-12" isDecorative />
                    <div className="min-w-0 flex-1">
                      <h3 className="text-lg">
                        <UserLink user={offer.bidder} />
                      </h3>
                      <p className="text-sm">
                        <RatingSummary
                          average={offer.bidder.rating}
                          count={offer.bidder.reviewsCount}
                        />{' '}
                        · {offer.bidder.completedCount}{' '}
                        {offer.bidder.completedCount === 1 ? 'job' : 'jobs'} completed
                      </p>
                    </div>
                  </div>
                  <OfferDetails offer={offer} />
                  {offer.status === 'pending' && canDecline && (
                    <div className="flex flex-wrap gap-2">
                      {answers.map(({ verb, className, answer, refused }) =>
                        refused ? null : (
                          <button
                            key={verb}
                            type="button"
                            className={`btn btn-sm ${className}`}
                            aria-label={`${verb} the offer from ${offer.bidder.name}`}
                            onClick={() => answer(offer)}
                          >
                            {verb}
                          </button>
                        ),
                      )}
                    </div>
                  )}
                  <OfferConversation
                    task={task}
                    offer={offer}
                    userId={userId}
                    headingLevel={4}
                    onBlocked={() => afterBlock(offer)}
                  />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
