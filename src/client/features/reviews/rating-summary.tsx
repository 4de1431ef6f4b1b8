import { RATING_MAX } from '../../../shared/reviews.ts';

/** A rating in words, with a star for the eye: "★ 4.5 out of 5 (2 reviews)", or none yet. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return <span>No reviews yet</span>;
  return (
    <span>
      <span aria-hidden="true">★ </span>
      {formatRating(average)} out of {RATING_MAX}{' '}
      <span className="text-base-content/90">
        ({count} {count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

/** 4 → "4", 4.5 → "4.5", 4.33 → "4.3". */
export function formatRating(average: number): string {
  return String(Math.round(average * 10) / 10);
}
