import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError, SIGN_IN_REQUIRED } from '../errors.ts';
import { COOKIE_PREFIX, type Auth } from './auth.ts';
import type { SessionUser } from './session-cache.ts';

export type { SessionUser } from './session-cache.ts';

/** Our session cookie, `__Secure-` prefixed under https; its value is the signed token. */
const SESSION_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=([^;]+)`,
);

/** The signed session token the request carries, or undefined. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  return SESSION_COOKIE.exec(cookie)?.[1];
}

/**
 * The signed-in user, or null. Requests without our session cookie skip the lookup; a cookie
 * verified in the last few seconds is answered from the process's cache (session-cache.ts).
 */
export async function optionalUser(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const token = sessionTokenOf(request);
  if (token === undefined) return null;
  const cached = auth.sessions.get(token);
  if (cached) return cached;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name } = session.user;
  const user = { id, email, name };
  auth.sessions.set(token, user, new Date(session.session.expiresAt));
  return user;
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await optionalUser(auth, request);
  if (!user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return user;
}
