import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, HTTP_STATUS } from './errors.ts';

export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';
export const NOT_FOUND = 'Not found.';
export const BAD_JSON = 'The request body is not valid JSON.';

/** The one place that turns errors into HTTP answers: always JSON `{message}` (STYLE.md §4). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(HTTP_STATUS[error.code]).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: INTERNAL_ERROR });
  });

  // JSON bodies, where an empty body is no body (spec §7: the bid PATCH is JSON with no body).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error(BAD_JSON), { statusCode: 400 }), undefined);
    }
  });
}
