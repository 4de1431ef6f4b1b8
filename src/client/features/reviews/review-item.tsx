import type { ReactNode } from 'react';
import { Link } from '../../lib/link.tsx';
import { RATING_MAX, type Review } from '../../../shared/reviews.ts';
import { formatDate } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { UserLink } from '../profiles/user-link.tsx';
import { starsLabel } from './review-form.tsx';

/** Stars for the eye, the count in words for everyone. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span>
      <span aria-hidden="true" className="tracking-widest">
        {'★'.repeat(rating)}
        {'☆'.repeat(RATING_MAX - rating)}
      </span>{' '}
      <span>
        {starsLabel(rating)} of {RATING_MAX}
      </span>
    </span>
  );
}

/** One review: stars, comment, who wrote it and when, and about which task (issue 9). */
export function ReviewItem({
  review,
  showTask = true,
  action,
}: {
  review: Review;
  showTask?: boolean;
  /** A control about the review, beside its stars (issue 20: Report). */
  action?: ReactNode;
}) {
  return (
    <article className="space-y-2 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          <Stars rating={review.rating} />
        </p>
        {action}
      </div>
      {review.comment && <p className="whitespace-pre-line wrap-anywhere">{review.comment}</p>}
      <p className="text-sm">
        By <UserLink user={review.reviewer} /> ·{' '}
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {showTask && (
          <>
            {' '}
            · as the {review.role === 'freelancer' ? 'freelancer' : 'client'} on{' '}
            <Link to={paths.task(review.task._id)} className="link wrap-anywhere">
              {review.task.title}
            </Link>
          </>
        )}
      </p>
    </article>
  );
}
