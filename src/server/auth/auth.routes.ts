import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { AppError } from '../errors.ts';
import { hasNul, NOT_FOUND, NUL_CHARACTER } from '../http-errors.ts';
import { optionalUser } from './session.ts';

export const BAD_URL = 'The request URL is not valid.';
const UNSERVED = [`${AUTH_BASE_PATH}/admin/`, `${AUTH_BASE_PATH}/open-api/`];

function urlOf(target: string, base: string | undefined): URL {
  try {
    return new URL(target, base);
  } catch {
    throw new AppError('bad_request', BAD_URL);
  }
}

/** A NUL in a body Better Auth will read: raw, form-encoded, or a JSON escape. */
function hasNulText(body: string): boolean {
  if (body.includes('\u0000') || /%00/.test(body)) return true;
  if (!body.includes('u0000')) return false;
  try {
    return hasNul(JSON.parse(body));
  } catch {
    return false;
  }
}

/** Hands /api/auth/* to Better Auth as a Fetch Request and streams its Response back. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  // Better Auth parses bodies itself: keep them as they came, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    hasNulText(String(body))
      ? done(Object.assign(new Error(NUL_CHARACTER), { statusCode: 400 }), undefined)
      : done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      // Sign-out, revocations, password and profile changes: whose sessions to forget once
      // Better Auth has answered, so this instance never serves them from its cache again.
      const changer = request.method === 'POST' ? await optionalUser(auth, request) : null;
      // On our own address, never the client's Host header (which may be anything at all).
      const url = urlOf(request.url, auth.options.baseURL);
      // Better Auth's admin routes are not served: operators act through /api/admin, which
      // records every action (issue 20); nor is the generator behind our OpenAPI document.
      if (UNSERVED.some((prefix) => url.pathname.startsWith(prefix))) {
        throw new AppError('not_found', NOT_FOUND);
      }
      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      const body = typeof request.body === 'string' && request.body ? request.body : undefined;
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body }),
      );

      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      if (changer) auth.sessions.forgetUser(changer.id);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
