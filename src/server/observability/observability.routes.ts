import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthSchema,
  METRICS_TOKEN_REQUIRED,
  NOT_READY_DATABASE,
  NOT_READY_MIGRATIONS,
  NOT_READY_STOPPING,
  NOT_READY_WARMING_UP,
  readySchema,
} from '../../shared/observability.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import type { Database } from '../db/types.ts';
import type { Registry } from 'prom-client';

/** How long GET /api/ready waits for the database before it says it does not answer. */
export const READY_TIMEOUT_MS = 2_000;

const LATEST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1) ?? '';

interface Options {
  db: Kysely<Database>;
  /** GET /metrics, with the token it needs; absent, there is no /metrics. */
  metrics?: { registry: Registry; token: string } | undefined;
  /** While the instance builds what its first requests need (app.ts warm-up): not ready yet. */
  isWarmingUp?: () => boolean;
}

/**
 * GET /api/health (the process answers), GET /api/ready (it can serve: the database answers,
 * its schema is the latest, the instance has warmed up and is not shutting down) and GET /metrics
 * (Prometheus, behind a bearer token). Issue 18.
 */
export const observabilityRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, metrics, isWarmingUp = () => false },
) => {
  let isStopping = false;
  app.addHook('preClose', (done) => {
    isStopping = true;
    done();
  });

  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether this process answers',
        description: 'Always 200 while the process runs; it asks nothing of the database.',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Whether this instance can serve',
        description:
          '200 when the database answers and its migrations are all applied; 503 otherwise, while the instance starts up (its search index is being built) and while it shuts down.',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const unavailable = (message: string) =>
        reply.status(503).send({ status: 'unavailable' as const, message });
      if (isStopping) return unavailable(NOT_READY_STOPPING);
      if (isWarmingUp()) return unavailable(NOT_READY_WARMING_UP);
      let latest: string | undefined;
      try {
        latest = await withTimeout(latestMigration(db), READY_TIMEOUT_MS);
      } catch {
        return unavailable(NOT_READY_DATABASE);
      }
      if (latest !== LATEST_MIGRATION) return unavailable(NOT_READY_MIGRATIONS);
      return { status: 'ready' as const };
    },
  );

  if (!metrics) return;
  const expected = digest(metrics.token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
    if (!crypto.timingSafeEqual(digest(token), expected)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.status(401).send({ message: METRICS_TOKEN_REQUIRED });
    }
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};

/** Equal-length digests, so comparing them takes the same time whatever the token. */
const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

async function latestMigration(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1
  `.execute(db);
  return rows[0]?.name;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
