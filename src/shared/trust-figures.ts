import { z } from 'zod';

/**
 * GET /api/trust-figures (issue 51): the home page's trust signals, from real figures. Each is
 * null while too small to say anything (fewer than TRUST_FIGURE_MIN of what it counts), and the
 * page then leaves it out.
 */
export const TRUST_FIGURE_MIN = 10;

/** How long a server keeps an answer, and browsers and caches with it. */
export const TRUST_FIGURES_MAX_AGE_SECONDS = 60;

export const trustFiguresSchema = z.object({
  tasksCompleted: z
    .number()
    .int()
    .nullable()
    .describe(`Tasks completed; null while fewer than ${TRUST_FIGURE_MIN}`),
  paymentsHeldUsd: z
    .number()
    .nullable()
    .describe(
      `USD paid into escrow for hires, held until the poster confirms the work; null while fewer than ${TRUST_FIGURE_MIN} payments`,
    ),
  averageRating: z
    .object({ average: z.number(), count: z.number().int() })
    .nullable()
    .describe(
      `The average of the public reviews (1–5 stars, two decimals) and their count; null while fewer than ${TRUST_FIGURE_MIN}`,
    ),
});
export type TrustFigures = z.infer<typeof trustFiguresSchema>;
