import { z } from 'zod';
import { freelancerProfileSchema } from './freelancer-profiles.ts';
import { moderationStateSchema } from './moderation-state.ts';
import { reviewSchema } from './reviews.ts';
import { userSummarySchema } from './user-summary.ts';

export * from './user-summary.ts';

export const PROFILE_MESSAGES = {
  userNotFound: 'User not found.',
} as const;

/** How many public reviews a profile lists, newest first. */
export const PROFILE_REVIEWS_LIMIT = 50;

/** The response time is the median over this many days (issue 50). */
export const RESPONSE_TIME_DAYS = 90;

/** Issue 50: what Tasklane has checked about a user, each badge computed as described. */
export const trustSchema = z.object({
  lastActiveDay: z
    .string()
    .describe(
      'YYYY-MM-DD (UTC) of the last session activity or write (task, offer, message, delivery)',
    ),
  badges: z.object({
    emailVerified: z.boolean().describe('The account confirmed its email address'),
    payoutAccountSet: z.boolean().describe('A payout account is set to receive payments'),
    paymentMethodUsed: z
      .boolean()
      .describe('Paid for at least one hire through Tasklane (a payment that went through)'),
    noUpheldReports: z
      .boolean()
      .describe('No report against the user or what they wrote was upheld by an admin'),
  }),
});
export type Trust = z.infer<typeof trustSchema>;

/** GET /users/{id}: the public profile. */
export const profileSchema = userSummarySchema.extend({
  memberSince: z.string().describe('ISO time the account was made'),
  // Issue 20, additive: only the person and admins read a profile hidden or removed.
  moderation: moderationStateSchema.optional(),
  rating: z.object({
    average: z.number().nullable().describe('Of public reviews, 2 decimals; null when none'),
    count: z.number().int(),
  }),
  freelancer: z.object({
    jobsCompleted: z.number().int(),
    assignmentsEnded: z.number().int().describe('Assignments the freelancer ended themselves'),
    completionRate: z
      .number()
      .nullable()
      .describe('jobsCompleted ÷ (jobsCompleted + assignmentsEnded), 0–1; null before any'),
    // Issue 50, additive: the earned figures.
    onTimeRate: z
      .number()
      .nullable()
      .describe(
        "onTimeCount ÷ deliveredCount, 0–1: assignments first delivered on or before the task's deadline day (UTC); null before any",
      ),
    onTimeCount: z.number().int(),
    deliveredCount: z.number().int().describe('Assignments the freelancer delivered'),
    responseTimeMinutes: z
      .number()
      .int()
      .nullable()
      .describe(
        `Median minutes, over the last ${RESPONSE_TIME_DAYS} days, to answer a question on their task (first reply) or a private message to them (next message); null when none`,
      ),
  }),
  client: z.object({
    tasksPosted: z.number().int(),
    hires: z.number().int().describe('Offers the user accepted on their tasks'),
    hireRate: z
      .number()
      .nullable()
      .describe('hires ÷ tasksPosted, 0–1 (at most 1); null before any task'),
    paymentsMade: z.number().int().describe('Hires paid for through Tasklane'),
    reviewsFromFreelancers: z
      .number()
      .int()
      .describe('Public reviews of the user as a client, by freelancers they hired'),
  }),
  trust: trustSchema,
  // Issue 50, additive: what the freelancer says of themselves (contact details hidden from others).
  freelancerProfile: freelancerProfileSchema,
  reviews: z
    .array(reviewSchema)
    .describe(`Public reviews, newest first, at most ${PROFILE_REVIEWS_LIMIT}`),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * GET /users/{id}/summary: what a task page shows of its poster beside the task (photo, name,
 * rating, member since and two checks), read as the profile is, without its reviews and figures.
 */
export const profileSummarySchema = userSummarySchema.extend({
  memberSince: profileSchema.shape.memberSince,
  rating: profileSchema.shape.rating,
  trust: z.object({
    badges: trustSchema.shape.badges.pick({ emailVerified: true, paymentMethodUsed: true }),
  }),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const userIdParamsSchema = z.object({ id: z.string() });
