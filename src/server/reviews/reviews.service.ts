import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  REVIEW_BLIND_DAYS,
  REVIEW_MESSAGES,
  type ReviewInput,
  type TaskReview,
} from '../../shared/reviews.ts';
import type { Database } from '../db/types.ts';
import { markDirectoryFiguresDue } from '../profiles/directory-entries.ts';
import { AppError } from '../errors.ts';
import { publishTaskChanges } from '../events/task-changes.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assertTaskAction, readTaskFacts } from '../tasks/task-status.ts';
import { taskSummaries } from '../tasks/tasks.store.ts';
import { TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import {
  insertReview,
  keepPublicRatings,
  markPublishedReviews,
  visibleTaskReviews,
} from './reviews.store.ts';
import { toReview } from './review-answer.ts';

/**
 * Reviews between a completed task's poster and its freelancer (issue 9). Each reviewee is
 * notified once when a review of them becomes public (issue 10): at once when the second review
 * comes in, or by the sweep once the blind time is over (publishDueReviews).
 */

type Db = Kysely<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The poster reviews the freelancer, or the freelancer the poster: once each, once completed. */
export async function reviewTask(
  db: Db,
  taskId: string,
  reviewerId: string,
  input: ReviewInput,
  now = new Date(),
): Promise<string> {
  const task = await assertTaskAction(db, taskId, 'review', reviewerId, now);
  const isPoster = task.userId === reviewerId;
  const revieweeId = isPoster ? task.assigneeId : task.userId;
  if (!revieweeId) throw new AppError('conflict', REVIEW_MESSAGES.nobodyToReview);
  const completedAt = Date.parse(task.completedAt ?? now.toISOString());
  const review = {
    id: crypto.randomUUID(),
    task_id: taskId,
    reviewer_id: reviewerId,
    reviewee_id: revieweeId,
    reviewee_role: isPoster ? ('freelancer' as const) : ('client' as const),
    rating: input.rating,
    comment: input.comment,
    created_at: now.toISOString(),
    public_at: new Date(completedAt + REVIEW_BLIND_DAYS * DAY_MS).toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    const id = await insertReview(trx, review);
    if (!id) throw new AppError('conflict', REVIEW_MESSAGES.alreadyReviewed);
    await announcePublishedReviews(trx, now, reviewerId, taskId);
    return id;
  });
}

/**
 * Marks the reviews that became public (of one task, or all) and notifies their reviewees,
 * except `actorId`: the second reviewer is not told of the review their own act made public.
 */
async function announcePublishedReviews(
  db: Db,
  now: Date,
  actorId: string | null,
  taskId?: string,
): Promise<string[]> {
  const reviews = await markPublishedReviews(db, now, taskId);
  // Issue 51: the reviewees' ratings on the answers of their tasks.
  await keepPublicRatings(
    db,
    reviews.map((review) => review.reviewee_id),
    now,
  );
  // Issue 50: the directory sorts and filters on the reviewees' ratings: the sweep's to count.
  await markDirectoryFiguresDue(
    db,
    reviews.map((review) => review.reviewee_id),
  );
  const tasks = await taskSummaries(
    db,
    reviews.map((review) => review.task_id),
  );
  await notify(
    db,
    reviews.map((review) => ({
      type: 'review_published' as const,
      task: { id: review.task_id, title: tasks.get(review.task_id)?.title ?? '' },
      actorId,
      namedId: review.reviewer_id,
      recipients: [review.reviewee_id],
    })),
  );
  return reviews.map((review) => review.task_id);
}

/**
 * The sweep for reviews whose blind time is over (completion + 14 days) without the other
 * review: safe to run on every instance at once. Returns how many became public.
 */
export async function publishDueReviews(db: Db, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const taskIds = await announcePublishedReviews(trx, now, null);
    await publishTaskChanges(trx, taskIds);
    return taskIds.length;
  });
}

/** A task's reviews as the reader may see them: the public ones, and the reader's own. */
export async function listTaskReviews(
  db: Db,
  taskId: string,
  readerId: string | null,
  now = new Date(),
): Promise<TaskReview[]> {
  const task = await readTaskFacts(db, taskId);
  // A task hidden or removed (issue 20) is its author's alone, its reviews with it.
  if (!task || (task.moderation && task.userId !== readerId)) {
    throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  }
  const rows = await visibleTaskReviews(db, taskId, readerId, now);
  const at = now.toISOString();
  return rows.map((row) => ({
    ...toReview(row, task.title),
    // The other party's review is in (both are then public) or the blind time is over.
    isPublic: row.public_at <= at || rows.some((other) => other.reviewer_id === row.reviewee_id),
  }));
}
