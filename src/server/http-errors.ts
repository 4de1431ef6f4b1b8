import type { FastifyError, FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailureOf } from './db/database-errors.ts';
import { AppError, HTTP_STATUS } from './errors.ts';

export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';
export const NOT_FOUND = 'Not found.';
export const BAD_JSON = 'The request body is not valid JSON.';
export const FORBIDDEN_KEYS = 'The request body may not set __proto__ or constructor.prototype.';
export const NUL_CHARACTER = 'Text may not contain the NUL character (U+0000).';
export const DATABASE_UNAVAILABLE =
  'The database is unavailable right now. Please try again in a moment.';
export const DATABASE_BUSY =
  'The database is busy right now. Nothing was changed; please try again in a moment.';
/** Seconds a client is asked to wait before trying again after a 503. */
const RETRY_AFTER_SECONDS = 1;

/** The one place that turns errors into HTTP answers: always JSON `{message}` (STYLE.md §4). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(HTTP_STATUS[error.code]).send({ message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    const failure = databaseFailureOf(error);
    if (failure) {
      request.log.warn({ err: error, failure }, 'database could not serve the request');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      const message = failure === 'busy' ? DATABASE_BUSY : DATABASE_UNAVAILABLE;
      return reply.status(503).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: INTERNAL_ERROR });
  });

  // JSON bodies, where an empty body is no body (spec §7: the bid PATCH is JSON with no body),
  // parsed by Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys
  // (prototype poisoning); and no text may hold a NUL (PostgreSQL cannot store one).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!text.trim()) return done(null, undefined);
    let value: unknown;
    try {
      value = secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      const isPoisoned = error instanceof Error && /prototype/.test(error.message);
      return done(badRequest(isPoisoned ? FORBIDDEN_KEYS : BAD_JSON), undefined);
    }
    if (text.includes('u0000') && hasNul(value)) return done(badRequest(NUL_CHARACTER), undefined);
    done(null, value);
  });

  // Nor may a path or a query: `%00` decodes to NUL wherever the URL is read.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? badRequest(NUL_CHARACTER) : undefined);
  });
}

const badRequest = (message: string) => Object.assign(new Error(message), { statusCode: 400 });

/** Whether a parsed JSON value holds U+0000 in any string, key or value, at any depth. */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item));
  }
  return false;
}
