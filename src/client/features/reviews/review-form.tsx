import { useId } from 'react';
import {
  RATING_MAX,
  REVIEW_COMMENT_MAX_LENGTH,
  reviewInputSchema,
  type ReviewInput,
} from '../../../shared/reviews.ts';
import { FieldError, TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { useForm } from '../../lib/use-form.ts';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);
export const starsLabel = (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`;

/**
 * A review (issue 9): 1 to 5 stars as radio buttons (daisyUI's rating, one Tab stop, arrows to
 * choose) and an optional comment, checked with the shared schema before it is sent.
 */
export function ReviewForm({
  revieweeName,
  onSubmit,
}: {
  revieweeName: string;
  onSubmit(input: ReviewInput): Promise<void>;
}) {
  const form = useForm(reviewInputSchema, { rating: '', comment: '' });
  const id = useId();
  const rating = form.field('rating');
  const chosen = Number(rating.value) || 0;
  const submit = form.handleSubmit(onSubmit, (values) => ({
    rating: values.rating ? Number(values.rating) : undefined,
    comment: values.comment,
  }));
  return (
    <PanelForm
      name={`Review ${revieweeName}`}
      submitLabel="Submit review"
      isSubmitting={form.isSubmitting}
      onSubmit={submit}
    >
      <fieldset aria-describedby={rating.error ? `${id}-error` : `${id}-chosen`}>
        <legend className="mb-2 font-medium">Rating</legend>
        <div className="rating review-stars rating-lg rounded-box outline-offset-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-base-content">
          {STARS.map((stars) => (
            <input
              key={stars}
              type="radio"
              name={`${id}-rating`}
              value={stars}
              className="mask mask-star-2"
              aria-label={starsLabel(stars)}
              aria-invalid={rating.error ? true : undefined}
              checked={chosen === stars}
              onChange={rating.onChange}
            />
          ))}
        </div>
        <p id={`${id}-chosen`} className="mt-1 text-sm">
          {chosen ? `${starsLabel(chosen)} of ${RATING_MAX}` : `Choose 1 to ${RATING_MAX} stars.`}
        </p>
        <FieldError id={`${id}-error`} message={rating.error} />
      </fieldset>
      <TextAreaField
        label="Comment (optional)"
        maxLength={REVIEW_COMMENT_MAX_LENGTH}
        className="h-28"
        hint={`Up to ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`}
        {...form.field('comment')}
      />
    </PanelForm>
  );
}
