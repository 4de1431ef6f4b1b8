import { z } from 'zod';
import { moderationStateSchema } from './moderation-state.ts';
import { userSummarySchema } from './user-summary.ts';

/**
 * Reviews (issue 9): once a task is completed, its poster and its freelancer each review the
 * other once. Double-blind: a review is public when both are in, or 14 days after completion.
 */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;
export const REVIEW_BLIND_DAYS = 14;

export const REVIEW_MESSAGES = {
  ratingInvalid: `Rating must be a whole number of stars from ${RATING_MIN} to ${RATING_MAX}.`,
  commentTooLong: `The comment must be at most ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  alreadyReviewed: 'You have already reviewed this task.',
  nobodyToReview: 'There is nobody to review on this task.',
} as const;

const M = REVIEW_MESSAGES;

/** The body of POST /tasks/{id}/reviews; a blank comment is no comment. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: M.ratingInvalid })
    .int(M.ratingInvalid)
    .min(RATING_MIN, M.ratingInvalid)
    .max(RATING_MAX, M.ratingInvalid),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, M.commentTooLong)
    .nullish()
    .transform((comment) => comment || null),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export type ReviewInputDraft = z.input<typeof reviewInputSchema>;

/** A review as others read it: who wrote it, about which task, in which role it rates the reviewee. */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  role: z
    .enum(['freelancer', 'client'])
    .describe("The reviewee's role on the task: the hired freelancer or the client who posted it"),
  reviewer: userSummarySchema,
  revieweeId: z.string(),
  task: z.object({ _id: z.string(), title: z.string() }),
  // Issue 20, additive: only its author sees a review hidden by reports or removed.
  moderation: moderationStateSchema.optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /tasks/{id}/reviews: `isPublic` false for the reader's own review while it is still blind. */
export const taskReviewSchema = reviewSchema.extend({ isPublic: z.boolean() });
export type TaskReview = z.infer<typeof taskReviewSchema>;
