import { z } from 'zod';

/**
 * GET /api/config: what this server offers that the pages must know before they render
 * (issue 8: "Continue with Google" only where Google sign-in is configured).
 */
export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** Issue 21: off (hiring as before), test (no real money) or stripe. */
  payments: z.enum(['off', 'test', 'stripe']),
  clientFeePercent: z.number(),
  freelancerFeePercent: z.number(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The answer changes only when the server restarts with other settings. */
export const PUBLIC_CONFIG_MAX_AGE_SECONDS = 300;
