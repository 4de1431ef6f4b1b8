import { z } from 'zod';

/** GET /api/health and GET /api/ready (issue 18): for load balancers and orchestrators. */
export const healthSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  message: z.string().optional(),
});

export const NOT_READY_DATABASE = 'The database does not answer.';
export const NOT_READY_MIGRATIONS = 'The database schema is not up to date.';
export const NOT_READY_STOPPING = 'This instance is shutting down.';
export const NOT_READY_WARMING_UP = 'This instance is still building its search index.';
export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required.';
