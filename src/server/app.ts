import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import { ANSWER_ENCODINGS, BROTLI_OPTIONS } from './compression.ts';
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
import { authOpenApi, withAuthPaths } from './auth/auth-openapi.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { grantAdminEmails } from './moderation/admins.ts';
import { hasSecureCookies, type Config } from './config.ts';
import { sqliteFileOf, type DatabaseHandle, type Engine } from './db/database.ts';
import { createReadWorkers } from './db/read-workers.ts';
import { taskIndexOf } from './search/search.store.ts';
import type { Database } from './db/types.ts';
import { NOT_FOUND, registerErrorHandling } from './http-errors.ts';
import { loggerOptions, logsEveryRequest, registerRequestLog } from './logging.ts';
import { FIRST_ANSWERS, FirstAnswers } from './first-answers.ts';
import { publicConfigRoutes } from './public-config/public-config.routes.ts';
import { trustFiguresRoutes } from './trust-figures/trust-figures.routes.ts';
import { registerPreflights, registerSecurity } from './security.ts';
import { serializerCompiler } from './serializer.ts';
import { conversationsRoutes } from './conversations/conversations.routes.ts';
import { createEventBus } from './events/event-bus.ts';
import { EventStreams } from './events/event-streams.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { announceTaskChanges } from './events/task-changes.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { adminRoutes } from './moderation/admin.routes.ts';
import { blocksRoutes } from './moderation/blocks.routes.ts';
import { reportsRoutes } from './moderation/reports.routes.ts';
import { contactRoutes } from './mail/contact.routes.ts';
import { mailPreferencesRoutes } from './mail/mail-preferences.routes.ts';
import { startMailSender, type MailSender } from './mail/mail-sender.ts';
import { createMetrics } from './observability/metrics.ts';
import { observabilityRoutes } from './observability/observability.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { deliveryRoutes } from './delivery/delivery.routes.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { savedSearchesRoutes } from './search/saved-searches.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { tasksRoutes } from './tasks/tasks.routes.ts';
import { startTaskMatchWorker } from './tasks/task-match-jobs.ts';
import { startPaymentWorker, type PaymentWorker } from './payments/payment-jobs.ts';
import { createPaymentProvider } from './payments/payment-provider.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { pagePreloadHeader } from './page-preload.ts';
import { knownReaderOf, sessionTokenOf } from './auth/session.ts';
import { createLinkSigner } from './files/file-links.ts';
import { filesRoutes } from './files/files.routes.ts';
import { invitationsRoutes } from './invitations/invitations.routes.ts';
import { freelancerProfilesRoutes } from './profiles/freelancer-profiles.routes.ts';
import { directoryIndexOf } from './profiles/directory-index-sync.ts';
import type { FilesDeps } from './files/files.service.ts';
import { createStorage } from './files/storage.ts';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  authSecret: string;
  /** The built client (dist/client); the API alone when absent. */
  clientDir?: string | undefined;
  /** What GET /metrics reads of the database (openDatabase's handle gives them). */
  observeQueries?: DatabaseHandle['observeQueries'] | undefined;
  poolUse?: DatabaseHandle['poolUse'] | undefined;
  /** SQLite: lets the first read worker take over the handle's WAL checkpoints. */
  handOverCheckpoints?: DatabaseHandle['handOverCheckpoints'] | undefined;
  /**
   * The server (serve.ts), not a test's app: what the first requests would build is built as
   * it starts (the search index in memory).
   */
  warmUp?: boolean;
}

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');

/** `files`: the storage and limits of issue 49, for the sweeps (sweeps.ts) the server runs. */
export type App = FastifyInstance & {
  auth: Auth;
  streams: EventStreams;
  files: FilesDeps;
  firstAnswers: FirstAnswers;
};

/**
 * Closes the app as a server stops: requests in flight get `graceMs` to finish, a connection one
 * of them leaves idle is dropped at once rather than after the keep-alive timeout (72 s), and
 * any connection still open after the grace is cut: a client that opened one and never finished
 * a request would otherwise hold the close until Node's headers timeout (60 s).
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  app.server.keepAliveTimeout = 1;
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // Kept task answers sent before Fastify (first-answers.ts): its routes are added below.
  const firstAnswers = new FirstAnswers();
  const sendsFirst = FIRST_ANSWERS && !logsEveryRequest(config);
  const app = Fastify({
    logger: loggerOptions(config),
    // Fastify's own lines as each request comes in and goes out cost a third of the throughput:
    // logging.ts logs slow requests, and every request at debug; trace adds Fastify's lines.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'trace' }),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    ...(sendsFirst ? { serverFactory: firstAnswers.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app, config, firstAnswers);

  const auth = createAuth({ config, db: deps.db, engine: deps.engine, secret: deps.authSecret });
  firstAnswers.useReaders((headers) => {
    const reader = knownReaderOf(auth, headers);
    return reader === undefined ? undefined : (reader?.id ?? null);
  });
  // Issue 20: the operators of ADMIN_EMAILS whose addresses are proven.
  const granted = await grantAdminEmails(deps.db, config.adminEmails);
  if (granted > 0) app.log.info({ granted }, 'ADMIN_EMAILS: accounts made admins');
  firstAnswers.useSecurity(registerSecurity(app, config));
  app.addHook('preClose', async () => {
    firstAnswers.close();
    await firstAnswers.settled();
  });

  // Compression where it pays: the task list (routes opt in) and the built assets, which are
  // compressed once at build time (vite.config.ts) rather than on every request.
  // Its encodings and options are those of the answers kept compressed (compression.ts).
  await app.register(compress, {
    global: false,
    encodings: [...ANSWER_ENCODINGS, 'identity'],
    brotliOptions: BROTLI_OPTIONS,
  });

  const authDocument = await authOpenApi(auth);
  await app.register(swagger, {
    transformObject: (document) =>
      'openapiObject' in document
        ? withAuthPaths(document.openapiObject, authDocument)
        : document.swaggerObject,
    openapi: {
      info: {
        title: 'Tasklane API',
        version: '1.0.0',
        description:
          'Tasks, offers, hiring, reviews, profiles, questions, private messages, notifications and live events of the Tasklane marketplace. Accounts live under /api/auth (Better Auth). Browsers on our origin sign in with the session cookie; other clients (apps, scripts, pages of other sites) sign in with POST /api/auth/sign-in/email and send the `set-auth-token` header of its answer as `Authorization: Bearer <token>` (same rules and limits; signing out or revoking the session ends it). More in the `docs/` folder of the repository: `docs/api.md` (the contract of the spec, every route added and their rules), `docs/security.md` (sessions, bearer tokens, cross-site writes, proxies), `docs/payments.md` (checkout, webhooks, refunds, payouts), `docs/moderation.md` (reports, blocks, the admin routes), `docs/email.md` (account mails, mail preferences, export and deletion), `docs/operations.md` (health, readiness, metrics) and `docs/configuration.md`.',
      },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'tasklane.session_token',
            description:
              "Set by sign-in; `__Secure-tasklane.session_token` when the server runs on https. Writes with it must come from the app's own origins.",
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The `set-auth-token` header of POST /api/auth/sign-in/email (or sign-up). Any origin may call with it (CORS without credentials).',
          },
        },
      },
      // Every route reads the session when there is one; those that need it say 401 without.
      security: [{ sessionCookie: [] }, { bearerToken: [] }, {}],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes, { auth });
  // Issue 50: matched alerts made after the commit of the post or edit that owes them.
  const matchJobs = startTaskMatchWorker(deps.db, app.log);
  app.addHook('onClose', async () => matchJobs.stop());
  await app.register(tasksRoutes, {
    auth,
    db: deps.db,
    matchJobs,
    cacheSize: config.taskCacheSize,
    firstAnswers,
    fullLists: config.fullLists,
    rowWaitMs: config.postgres.lockTimeoutMs,
  });
  await app.register(publicConfigRoutes, { config });
  await app.register(trustFiguresRoutes, { db: deps.db });
  await app.register(offersRoutes, { auth, db: deps.db, payments: config.payments.mode });
  // Issue 49: photos and files (docs/files.md).
  const { storage: storageConfig, ...fileLimits } = config.files;
  const files: FilesDeps = {
    db: deps.db,
    storage: await createStorage(storageConfig),
    limits: fileLimits,
    links: createLinkSigner(deps.authSecret, fileLimits.linkMs),
  };
  await app.register(filesRoutes, { auth, files });
  await app.register(deliveryRoutes, {
    auth,
    db: deps.db,
    changeRoundsMax: config.changeRoundsMax,
    links: files.links,
  });
  await app.register(reviewsRoutes, { auth, db: deps.db });
  await app.register(profilesRoutes, { auth, db: deps.db });
  const writeLimit = config.writeLimit;
  await app.register(conversationsRoutes, { auth, db: deps.db, writeLimit });
  await app.register(notificationsRoutes, { auth, db: deps.db });

  // Live events (issue 10, docs/decisions/010-live-events.md): listening starts with the app;
  // open streams end before the server stops accepting, or they would hold its close.
  const bus = createEventBus({ ...deps, databaseUrl: config.databaseUrl, log: app.log });
  const heartbeatMs = config.eventsHeartbeatMs;
  // Streams' sessions are checked as often as the session cache trusts one (at least every 1 s).
  const sessionCheckMs = Math.max(1000, config.sessionCacheSeconds * 1000);
  const streams = new EventStreams({
    db: deps.db,
    auth,
    bus,
    heartbeatMs,
    sessionCheckMs,
    maxStreams: config.eventStreamsMax,
    log: app.log,
  });
  await app.register(eventsRoutes, { auth, streams });
  // Open task pages hear of their task's changes (issue 17).
  announceTaskChanges(app, deps.db, firstAnswers);
  app.addHook('onReady', async () => {
    streams.start();
    await bus.start();
  });
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => bus.close());
  // Mail from the outbox, sent after the commits that wrote it (issue 19, decision 029).
  let mailSender: MailSender | undefined;
  app.addHook('onReady', async () => {
    mailSender = startMailSender({
      db: deps.db,
      ...config.mail,
      log: app.log,
      publicUrl: config.publicUrl,
      secret: deps.authSecret,
      requireEmailVerification: config.requireEmailVerification,
    });
  });
  app.addHook('onClose', async () => mailSender?.stop());
  // Issue 21: payments held until the work is done (decision 031), with their provider calls
  // made after the commits that need them.
  if (config.payments.mode !== 'off') {
    const provider = await createPaymentProvider(config.payments, deps.db);
    const paymentsDeps = { db: deps.db, config: config.payments, provider };
    await app.register(paymentsRoutes, { auth, ...paymentsDeps, publicUrl: config.publicUrl });
    let paymentWorker: PaymentWorker | undefined;
    app.addHook('onReady', async () => {
      paymentWorker = startPaymentWorker({
        ...paymentsDeps,
        log: app.log,
        pollMs: config.payments.pollMs,
      });
    });
    app.addHook('onClose', async () => paymentWorker?.stop());
  }
  await app.register(savedSearchesRoutes, { auth, db: deps.db });
  await app.register(mailPreferencesRoutes, { auth, db: deps.db, secret: deps.authSecret });
  await app.register(accountsRoutes, { auth, db: deps.db, links: files.links });
  await app.register(blocksRoutes, { auth, db: deps.db });
  await app.register(invitationsRoutes, { auth, db: deps.db });
  await app.register(adminRoutes, { auth, db: deps.db, supportEmail: config.supportEmail });
  await app.register(reportsRoutes, {
    auth,
    db: deps.db,
    rules: config.reportRules,
    isSecure: hasSecureCookies(config),
  });
  await app.register(contactRoutes, {
    db: deps.db,
    supportEmail: config.supportEmail,
    limit: config.authRateLimit,
  });
  // The index in memory is built as the server starts, not on the first search.
  const warmsUp = deps.warmUp === true && config.searchIndex === 'memory';
  // Searches on read workers (db/read-workers.ts), each with its own connection or pool.
  const readers =
    config.readWorkers > 0
      ? createReadWorkers(
          new URL('./search/search-worker.ts', import.meta.url),
          deps.engine === 'postgres' && config.databaseUrl
            ? { postgres: { url: config.databaseUrl, limits: config.postgres } }
            : // The first worker checkpoints the WAL too: one thread less (decision 033).
              { file: sqliteFileOf(config.dataDir), checkpointMs: deps.handOverCheckpoints?.() },
          config.readWorkers,
          warmsUp ? 'buildSearchIndex' : undefined,
        )
      : undefined;
  // Health, readiness and, with METRICS_TOKEN, Prometheus metrics (issue 18).
  const metrics = config.metricsToken
    ? {
        token: config.metricsToken,
        registry: createMetrics({
          app,
          db: deps.db,
          engine: deps.engine,
          sessions: auth.sessions,
          streams,
          observeQueries: deps.observeQueries,
          poolUse: deps.poolUse,
          readers,
          firstAnswers,
        }),
      }
    : undefined;
  // Not ready (GET /api/ready) until the index is built, or its build has failed (a search
  // starts it again): a load balancer sends no traffic that the engine would answer slowly.
  let isWarmingUp = warmsUp;
  if (warmsUp) {
    // Inline, on the app's own connection.
    const built =
      readers?.warmedUp ??
      Promise.all([taskIndexOf(deps.db).built(deps.db), directoryIndexOf(deps.db).built(deps.db)]);
    void built
      .catch(() => undefined)
      .finally(() => {
        isWarmingUp = false;
      });
  }
  await app.register(observabilityRoutes, {
    db: deps.db,
    metrics,
    isWarmingUp: () => isWarmingUp,
  });
  app.addHook('onClose', async () => readers?.close());
  await app.register(searchRoutes, {
    auth,
    db: deps.db,
    cacheSize: config.searchCacheSize,
    readers,
    memoryIndex: config.searchIndex === 'memory',
  });
  await app.register(freelancerProfilesRoutes, {
    auth,
    db: deps.db,
    readers,
    memoryIndex: config.searchIndex === 'memory',
  });

  // Last, so that every hook above runs for preflights too (security.ts).
  await registerPreflights(app, config);

  const clientDir = deps.clientDir;
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'index.html'));
  const pagePreload = hasClient ? pagePreloadHeader(clientDir) : undefined;
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
      if (pagePreload && request.url !== '/' && !request.url.startsWith('/?')) {
        const signedIn = sessionTokenOf(request, auth.sessionCookieName) !== undefined;
        const query = request.url.indexOf('?');
        const pathname = query < 0 ? request.url : request.url.slice(0, query);
        const search = query < 0 ? '' : request.url.slice(query + 1);
        reply.header('link', pagePreload(pathname, search, signedIn));
      }
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: NOT_FOUND });
  });

  return Object.assign(app, { auth, streams, files, firstAnswers });
}
