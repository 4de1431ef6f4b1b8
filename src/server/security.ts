import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { GOOGLE_POPUP_DONE_PAGE } from '../shared/account-rules.ts';
import { uploadOrigins, type Config } from './config.ts';
import { hasBearerToken } from './auth/session.ts';
import { AppError } from './errors.ts';

export const CROSS_SITE_WRITE = 'Cross-site requests may not change data.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Every method of the API, for the CORS preflight (its default allows only GET, HEAD, POST). */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A request with no cookie that a browser would have asked about first (a CORS preflight: a
 * bearer token, or a JSON body): it carries nothing the browser adds on its own, so another
 * site's page gains nothing of the visitor's by sending it. A form or a `no-cors` fetch can
 * send neither without a preflight.
 */
function isWithoutAmbientCredentials(request: FastifyRequest): boolean {
  if (request.headers.cookie) return false;
  if (hasBearerToken(request)) return true;
  return isJsonType(request.headers['content-type']);
}

/** Whether a Content-Type header names JSON (`application/json`, with or without parameters). */
export function isJsonType(type: string | undefined): boolean {
  return type?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** The origin a URL (a Referer) is of, or undefined for one that cannot be read. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a write comes from one of our pages, or from no page at all. Browsers send Origin with
 * every write; where one does not, its Referer says the page, and Sec-Fetch-Site (sent by every
 * current browser) says a browser sent it. A request with none of them is no browser's (a
 * script, an app): nothing of a visitor's rides on it unasked.
 */
function isFromTrustedPage(headers: IncomingHttpHeaders, trusted: ReadonlySet<string>): boolean {
  const { origin, referer } = headers;
  if (origin) return trusted.has(origin);
  if (referer) return trusted.has(originOf(referer) ?? '');
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin';
}

type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The headers a middleware that only sets headers (helmet) sets, read once from a stand-in
 * response. Throws if it did anything else, or did not finish at once.
 */
export function headersSetBy(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let isDone = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    isDone = true;
  });
  if (!isDone) throw new Error('security headers: the middleware did not finish at once');
  return headers;
}

/**
 * Security headers, CORS and the cross-site write check, on every request. Hooks are plain
 * callbacks, not async functions: they run on every request, so they stay cheap (npm run bench).
 */
export function registerSecurity(app: FastifyInstance, config: Config): AnswerSecurity {
  const trusted = new Set(config.trustedOrigins);
  const isHttps = config.publicUrl.startsWith('https:');
  // Issue 21, PAYMENTS=stripe: Stripe.js and its Payment Element, as Stripe's CSP guide lists
  // them (its script, the API it calls, its frames); nothing of Stripe's otherwise.
  const stripe = config.payments.mode === 'stripe';
  const stripeJs = stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];

  // helmet itself, built once: @fastify/helmet builds a new helmet (and re-parses the CSP)
  // on every request, which cost more than reading the task.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeJs],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        connectSrc: [
          "'self'",
          ...(stripe ? ['https://api.stripe.com'] : []),
          // Issue 49, STORAGE=s3: browsers upload straight to the bucket.
          ...uploadOrigins(config.files.storage),
        ],
        frameSrc: stripe ? [...stripeJs, 'https://hooks.stripe.com'] : ["'self'"],
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

  // The headers are the same for every request: helmet runs once, and each reply gets its
  // headers as one object (helmet's dozen middlewares and validated setHeader calls on every
  // request were 6 % of the event loop under the mix).
  const securityHeaders = headersSetBy(setSecurityHeaders);
  // With them, the CORS headers of a request that is no preflight, for each origin, as
  // @fastify/cors sets them (registerPreflights): one object for the reply, built once.
  const cors = corsOptionsOf(config);
  const withCors = (options: CorsOptions) => ({ ...securityHeaders, ...corsHeadersOf(options) });
  const forAnyOrigin = withCors(cors.forAnyOrigin);
  const forOurOrigins = new Map(
    [...cors.forOurOrigins].map(([origin, options]) => [origin, withCors(options)]),
  );

  const setHeaders = headerSetter();
  const headersFor = (origin: string | undefined) =>
    (origin && forOurOrigins.get(origin)) || forAnyOrigin;
  app.addHook('onRequest', (request, reply, done) => {
    // Only the app's own pages may write with cookies (docs/decisions/019-cross-site-writes.md).
    // Judged on the route that will run, however its path is spelled (`/%61pi/…`, an
    // absolute URL): every route of the API is under /api/. A page elsewhere may write with a
    // bearer token, or none, in a request a browser asks before sending (CORS preflight).
    if (
      !SAFE_METHODS.has(request.method) &&
      request.routeOptions.url?.startsWith('/api/') &&
      !isFromTrustedPage(request.headers, trusted) &&
      !isWithoutAmbientCredentials(request)
    ) {
      // Refused before CORS has its say: the answer says nothing of it.
      setHeaders(reply, securityHeaders);
      done(new AppError('forbidden', CROSS_SITE_WRITE));
      return;
    }
    // A preflight's CORS headers are @fastify/cors's own (registerPreflights).
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') setHeaders(reply, securityHeaders);
    else setHeaders(reply, headersFor(origin));
    // Pages the popup passes through on its way back from the provider keep no opener
    // policy, or the browser would cut the popup off from the tab that opened it.
    const url = request.url;
    if (url.startsWith('/api/auth/callback/') || url.startsWith(GOOGLE_POPUP_DONE_PAGE)) {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
    done();
  });
  // For answers sent before Fastify (first-answers.ts).
  return { headersFor, isFromOurPages: (headers) => isFromTrustedPage(headers, trusted) };
}

/** What an answer sent before Fastify (first-answers.ts) needs of the security hook's rules. */
export interface AnswerSecurity {
  /** The security and CORS headers of a request from `origin` that is no preflight. */
  headersFor(origin: string | undefined): Record<string, string>;
  /** Whether a write with these headers comes from one of our pages (or from no page at all). */
  isFromOurPages(headers: IncomingHttpHeaders): boolean;
}

/**
 * Sets a reply's headers from an object of lower-case names built once. `reply.headers()` sets
 * them one at a time, each name lower-cased and added to Fastify's object of the reply's
 * headers as a new property (about 1.3 µs for the 15 security and CORS headers, measured
 * alone, on every request). A reply with no header yet gets a copy of the whole object instead
 * (about 0.05 µs): Fastify's object is found by its symbol's name (`fastify.reply.headers`),
 * and where a Fastify without it, or a reply with headers already, is met, by
 * `reply.headers()` as before (security.test.ts holds the fast way to this Fastify).
 */
export function headerSetter(): (reply: FastifyReply, headers: Record<string, string>) => void {
  let symbol: symbol | null | undefined;
  return (reply, headers) => {
    symbol ??=
      Object.getOwnPropertySymbols(reply).find(
        (candidate) => candidate.description === 'fastify.reply.headers',
      ) ?? null;
    const own = symbol && (reply as unknown as Record<symbol, unknown>)[symbol];
    if (own && typeof own === 'object' && isEmpty(own)) {
      (reply as unknown as Record<symbol, unknown>)[symbol!] = { ...headers };
    } else {
      reply.headers(headers);
    }
  };
}

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}

type CorsOptions = FastifyCorsOptions & { origin: string; exposedHeaders: string[] };

/**
 * The app's own origins call with the user's cookies; any other origin without credentials,
 * so only with what it sends itself (a bearer token), for every method the API has.
 */
function corsOptionsOf(config: Config) {
  const common = { methods: API_METHODS, exposedHeaders: ['set-auth-token'] };
  const forAnyOrigin: CorsOptions = { ...common, origin: '*', credentials: false };
  const forOurOrigins = new Map<string, CorsOptions>(
    config.trustedOrigins.map((origin) => [origin, { ...common, origin, credentials: true }]),
  );
  return { forAnyOrigin, forOurOrigins };
}

/** The headers @fastify/cors sets on a request that is no preflight, with `options`. */
function corsHeadersOf(options: CorsOptions): Record<string, string> {
  return {
    vary: 'Origin',
    'access-control-allow-origin': options.origin,
    ...(options.credentials ? { 'access-control-allow-credentials': 'true' } : {}),
    'access-control-expose-headers': options.exposedHeaders.join(', '),
  };
}

/**
 * CORS preflights (OPTIONS), answered by @fastify/cors on a route of their own. Its hook runs
 * on the preflights alone: every other request gets the same headers from registerSecurity's
 * hook, from objects built once (its options spread, its origin resolved and its four headers
 * set one by one on every request were 3 % of a signed-in task read's busy time in a CPU
 * profile). Registered after every other hook of the app, so they run for preflights too.
 */
export async function registerPreflights(app: FastifyInstance, config: Config): Promise<void> {
  const { forAnyOrigin, forOurOrigins } = corsOptionsOf(config);
  await app.register(async (preflights) => {
    await preflights.register(cors, {
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, (origin && forOurOrigins.get(origin)) || forAnyOrigin);
      },
    });
  });
}
