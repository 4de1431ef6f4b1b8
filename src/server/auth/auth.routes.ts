import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { optionalUser } from './session.ts';

/** Hands /api/auth/* to Better Auth as a Fetch Request and streams its Response back. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  // Better Auth parses bodies itself: keep them as they came, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      // Sign-out, revocations, password and profile changes: whose sessions to forget once
      // Better Auth has answered, so this instance never serves them from its cache again.
      const changer = request.method === 'POST' ? await optionalUser(auth, request) : null;
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
