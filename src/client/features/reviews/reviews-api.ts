import { z } from 'zod';
import { taskReviewSchema, type ReviewInput } from '../../../shared/reviews.ts';
import { insertedSchema } from '../../../shared/tasks.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** The review calls of issue 9. */
export const reviewsApi = {
  /** The task's public reviews, and the reader's own (public or not yet). */
  listTaskReviews: (taskId: string) =>
    requestAs(z.array(taskReviewSchema), 'GET', apiPaths.taskReviews(taskId)),
  reviewTask: (taskId: string, input: ReviewInput) =>
    requestAs(insertedSchema, 'POST', apiPaths.taskReviews(taskId), input),
};
