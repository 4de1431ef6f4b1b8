import { z } from 'zod';

/** A user as others see them: no email, ever (issue 9). */
export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
