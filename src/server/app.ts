import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Kysely } from 'kysely';
import { createAuth, type Auth } from './auth/auth.ts';
import { authRoutes } from './auth/auth.routes.ts';
import type { Config } from './config.ts';
import type { Engine } from './db/database.ts';
import type { Database } from './db/types.ts';
import { AppError } from './errors.ts';
import { NOT_FOUND, registerErrorHandling } from './http-errors.ts';
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
export const CROSS_SITE_WRITE = 'Cross-site requests may not change data.';
/** The Google popup's last page (src/client/public/auth-popup-done.html). */
const POPUP_DONE_PAGE = '/auth-popup-done.html';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance & { auth: Auth }> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Cookies carry sessions: they never reach a log.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const auth = createAuth({ config, db: deps.db, engine: deps.engine, secret: deps.authSecret });
  const trusted = new Set(config.trustedOrigins);

  // helmet itself, built once: @fastify/helmet builds a new helmet (and re-parses the CSP)
  // on every request, which cost more than reading the task (npm run bench).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
    // Profile photos come from other hosts.
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup must stay ours while it visits the provider.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws rather than passing errors on, and only at build time for bad options.
    setSecurityHeaders(request.raw, reply.raw, () => done());
  });
  // Pages the popup passes through on its way back from the provider keep no opener policy,
  // or the browser would cut the popup off from the tab that opened it.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/auth/callback/') || request.url.startsWith(POPUP_DONE_PAGE)) {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
  });

  // Public reads answer any origin without credentials; writes only the app's own origins.
  await app.register(cors, {
    delegator: (request, callback) => {
      const url = request.url ?? '';
      const method = request.headers['access-control-request-method'] ?? request.method ?? 'GET';
      const origin = request.headers.origin;
      let options: FastifyCorsOptions = { origin: false };
      if (origin && trusted.has(origin)) options = { origin, credentials: true };
      else if (url.startsWith('/api/tasks') && SAFE_METHODS.has(method.toUpperCase())) {
        options = { origin: '*', credentials: false };
      }
      callback(null, options);
    },
  });

  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    // Browsers always send Origin on writes; only the app's own pages may write with cookies.
    if (!SAFE_METHODS.has(request.method) && request.url.startsWith('/api/')) {
      if (origin && !trusted.has(origin)) throw new AppError('forbidden', CROSS_SITE_WRITE);
    }
  });

  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tasklane API',
        version: '1.0.0',
        description:
          'Tasks of the Tasklane marketplace. Accounts live under /api/auth (Better Auth).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes, { auth });
  await app.register(tasksRoutes, { auth, db: deps.db });

  const clientDir = deps.clientDir;
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Client routes (spec §2) are the single-page app's; unknown /api paths are JSON 404s.
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasClient && isPage && !request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: NOT_FOUND });
  });

  return Object.assign(app, { auth });
}
