import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUBLIC_CONFIG_MAX_AGE_SECONDS,
  publicConfigSchema,
  type PublicConfig,
} from '../../shared/public-config.ts';
import type { Config } from '../config.ts';

/** GET /api/config: the settings pages need, public and cacheable (issue 8). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const answer: PublicConfig = {
    googleSignIn: config.google !== undefined,
    payments: config.payments.mode,
    clientFeePercent: config.payments.clientFeeBp / 100,
    freelancerFeePercent: config.payments.freelancerFeeBp / 100,
  };
  app.get(
    '/api/config',
    {
      schema: {
        summary: 'Public settings of this server',
        description:
          '`googleSignIn`: whether "Continue with Google" works here. `payments`: off, test (no real money moves) or stripe, with the two fees in percent.',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_CONFIG_MAX_AGE_SECONDS}`);
      return answer;
    },
  );
};
