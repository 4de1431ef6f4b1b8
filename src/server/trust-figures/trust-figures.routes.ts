import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  TRUST_FIGURE_MIN,
  TRUST_FIGURES_MAX_AGE_SECONDS,
  trustFiguresSchema,
  type TrustFigures,
} from '../../shared/trust-figures.ts';
import type { Database } from '../db/types.ts';
import { readTrustFigures } from './trust-figures.store.ts';

const MAX_AGE_MS = TRUST_FIGURES_MAX_AGE_SECONDS * 1000;

/**
 * GET /api/trust-figures (issue 51): public, the same for every reader, so each instance keeps
 * its answer a minute (every home page asks; the figures move slowly) and reads it again once,
 * however many ask at that moment.
 */
export const trustFiguresRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (
  app,
  { db },
) => {
  let kept: { at: number; answer: Promise<TrustFigures> } | undefined;
  const figures = () => {
    const now = Date.now();
    if (!kept || now - kept.at >= MAX_AGE_MS) {
      const answer = readTrustFigures(db);
      kept = { at: now, answer };
      // A failed read is not kept: the next request tries again.
      answer.catch(() => {
        if (kept?.answer === answer) kept = undefined;
      });
    }
    return kept.answer;
  };
  app.get(
    '/api/trust-figures',
    {
      schema: {
        summary: "The home page's trust figures",
        description: `Tasks completed, USD paid into escrow and the average public rating, for anyone. Each is null while fewer than ${TRUST_FIGURE_MIN} tasks, payments or reviews stand behind it. Kept ${TRUST_FIGURES_MAX_AGE_SECONDS} s by the server and by caches.`,
        response: { 200: trustFiguresSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${TRUST_FIGURES_MAX_AGE_SECONDS}`);
      return figures();
    },
  );
};
