import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { GOOGLE_POPUP_DONE_PAGE } from '../shared/account-rules.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

export const CROSS_SITE_WRITE = 'Cross-site requests may not change data.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Public reads that any origin may make (without credentials): tasks and profiles. */
const PUBLIC_READS = ['/api/tasks', '/api/users/'];

/**
 * Security headers, CORS and the cross-site write check, on every request. Hooks are plain
 * callbacks, not async functions: they run on every request, so they stay cheap (npm run bench).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const trusted = new Set(config.trustedOrigins);
  const isHttps = config.publicUrl.startsWith('https:');

  // helmet itself, built once: @fastify/helmet builds a new helmet (and re-parses the CSP)
  // on every request, which cost more than reading the task.
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
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    hsts: isHttps,
    // Profile photos come from other hosts.
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup must stay ours while it visits the provider.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, () => {
      // Pages the popup passes through on its way back from the provider keep no opener
      // policy, or the browser would cut the popup off from the tab that opened it.
      const url = request.url;
      if (url.startsWith('/api/auth/callback/') || url.startsWith(GOOGLE_POPUP_DONE_PAGE)) {
        reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none');
      }
      // Browsers always send Origin on writes; only the app's own pages may write with cookies.
      const origin = request.headers.origin;
      if (
        origin &&
        !SAFE_METHODS.has(request.method) &&
        url.startsWith('/api/') &&
        !trusted.has(origin)
      ) {
        done(new AppError('forbidden', CROSS_SITE_WRITE));
        return;
      }
      done();
    });
  });

  // Public reads answer any origin without credentials; writes only the app's own origins.
  await app.register(cors, {
    delegator: (request, callback) => {
      const url = request.url ?? '';
      const method = request.headers['access-control-request-method'] ?? request.method ?? 'GET';
      const origin = request.headers.origin;
      let options: FastifyCorsOptions = { origin: false };
      if (origin && trusted.has(origin)) options = { origin, credentials: true };
      else if (
        PUBLIC_READS.some((prefix) => url.startsWith(prefix)) &&
        SAFE_METHODS.has(method.toUpperCase())
      ) {
        options = { origin: '*', credentials: false };
      }
      callback(null, options);
    },
  });
}
