import { useId } from 'react';
import { REVIEW_BLIND_DAYS, type ReviewInput, type TaskReview } from '../../../shared/reviews.ts';
import type { Task } from '../../../shared/tasks.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { roleIn } from '../tasks/task-permissions.ts';
import { useTaskAction } from '../tasks/use-task-action.ts';
import { ReviewForm } from './review-form.tsx';
import { ReviewItem } from './review-item.tsx';
import { reviewsApi } from './reviews-api.ts';

export const REVIEW_SENT = 'Thank you! Your review is in.';

/**
 * A completed task's reviews (issue 9). Its poster and its freelancer each review the other once:
 * the form until they have, then what they wrote, and whether it is public yet (double-blind).
 * Everybody sees the public reviews.
 */
export function TaskReviews({
  task,
  reviews,
  userId,
  refresh,
}: {
  task: Task;
  reviews: TaskReview[];
  userId: string;
  refresh(): Promise<void>;
}) {
  const runAction = useTaskAction(refresh);
  const heading = useFocusLater<HTMLHeadingElement>();
  const id = useId();
  const role = roleIn(task, userId);
  const other =
    role === 'poster'
      ? task.assignee
      : role === 'assignee'
        ? { _id: task.userId, name: task.userName }
        : null;
  const mine = reviews.find((review) => review.reviewer._id === userId);
  const others = reviews.filter((review) => review !== mine);

  async function sendReview(input: ReviewInput) {
    heading.request();
    await runAction(() => reviewsApi.reviewTask(task._id, input), REVIEW_SENT);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} ref={heading.ref} tabIndex={-1} className="text-xl font-semibold">
        Reviews
      </h2>
      {other && !mine && <ReviewForm revieweeName={other.name} onSubmit={sendReview} />}
      {mine && other && (
        <div className="space-y-2">
          <h3 className="font-semibold">Your review of {other.name}</h3>
          <ReviewItem review={mine} showTask={false} />
          {!mine.isPublic && (
            <p className="text-sm">
              Reviews are double-blind: yours becomes public when {other.name} has reviewed you too,
              or {REVIEW_BLIND_DAYS} days after completion.
            </p>
          )}
        </div>
      )}
      {others.length > 0 ? (
        <ul className="space-y-3" aria-label="Public reviews">
          {others.map((review) => (
            <li key={review._id}>
              <ReviewItem review={review} showTask={false} />
            </li>
          ))}
        </ul>
      ) : (
        !other && <p>No public reviews yet.</p>
      )}
    </section>
  );
}
