import { z } from 'zod';

/** A user as others see them: no email, ever (issue 9). */
export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  // Issue 20, additive: where others still see a suspended or banned person's messages and
  // reviews, they are told the account's state.
  accountState: z.enum(['suspended', 'banned']).optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
