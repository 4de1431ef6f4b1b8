import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { createAuth, type Auth } from './auth/auth.ts';
import { authRoutes } from './auth/auth.routes.ts';
import type { Config } from './config.ts';
import type { Engine } from './db/database.ts';
import type { Database } from './db/types.ts';
import { NOT_FOUND, registerErrorHandling } from './http-errors.ts';
import { loggerOptions, registerRequestLog } from './logging.ts';
import { publicConfigRoutes } from './public-config/public-config.routes.ts';
import { registerSecurity } from './security.ts';
import { serializerCompiler } from './serializer.ts';
import { conversationsRoutes } from './conversations/conversations.routes.ts';
import { createEventBus } from './events/event-bus.ts';
import { EventStreams } from './events/event-streams.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { savedSearchesRoutes } from './search/saved-searches.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { tasksRoutes } from './tasks/tasks.routes.ts';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  authSecret: string;
  /** The built client (dist/client); the API alone when absent. */
  clientDir?: string | undefined;
}

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');

export type App = FastifyInstance & { auth: Auth; streams: EventStreams };

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    // Fastify's own lines as each request comes in and goes out cost a third of the throughput:
    // logging.ts logs slow requests, and every request at debug; trace adds Fastify's lines.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'trace' }),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app, config);

  const auth = createAuth({ config, db: deps.db, engine: deps.engine, secret: deps.authSecret });
  await registerSecurity(app, config);

  // Compression where it pays: the task list (routes opt in) and the built assets, which are
  // compressed once at build time (vite.config.ts) rather than on every request.
  await app.register(compress, { global: false });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tasklane API',
        version: '1.0.0',
        description:
          'Tasks, offers, hiring, reviews, profiles, questions, private messages, notifications and live events of the Tasklane marketplace. Accounts live under /api/auth (Better Auth).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes, { auth });
  await app.register(tasksRoutes, { auth, db: deps.db, cacheSize: config.taskCacheSize });
  await app.register(publicConfigRoutes, { config });
  await app.register(offersRoutes, { auth, db: deps.db });
  await app.register(reviewsRoutes, { auth, db: deps.db });
  await app.register(profilesRoutes, { db: deps.db });
  const writeLimit = config.writeLimit;
  await app.register(conversationsRoutes, { auth, db: deps.db, writeLimit });
  await app.register(notificationsRoutes, { auth, db: deps.db });

  // Live events (issue 10, docs/decisions/010-live-events.md): listening starts with the app;
  // open streams end before the server stops accepting, or they would hold its close.
  const bus = createEventBus({ ...deps, databaseUrl: config.databaseUrl, log: app.log });
  const heartbeatMs = config.eventsHeartbeatMs;
  const streams = new EventStreams({ db: deps.db, auth, bus, heartbeatMs, log: app.log });
  await app.register(eventsRoutes, { auth, streams });
  app.addHook('onReady', async () => {
    streams.start();
    await bus.start();
  });
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => bus.close());
  await app.register(savedSearchesRoutes, { auth, db: deps.db });
  await app.register(searchRoutes, { auth, db: deps.db, cacheSize: config.searchCacheSize });

  const clientDir = deps.clientDir;
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Client routes (spec §2) are the single-page app's; unknown /api paths are JSON 404s, and so
  // are assets that are gone (an old tab asking for a chunk of an earlier build; issue 8).
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/');
    if (hasClient && isPage) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: NOT_FOUND });
  });

  return Object.assign(app, { auth, streams });
}
