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
  }),
  client: z.object({
    tasksPosted: z.number().int(),
    hires: z.number().int().describe('Offers the user accepted on their tasks'),
  }),
  // Issue 50, additive: what the freelancer says of themselves (contact details hidden from others).
  freelancerProfile: freelancerProfileSchema,
  reviews: z
    .array(reviewSchema)
    .describe(`Public reviews, newest first, at most ${PROFILE_REVIEWS_LIMIT}`),
});
export type Profile = z.infer<typeof profileSchema>;

export const userIdParamsSchema = z.object({ id: z.string() });
