import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError, SIGN_IN_REQUIRED } from '../errors.ts';
import type { Auth } from './auth.ts';
import { COOKIE_PREFIX } from './auth.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user, or null. Requests without our session cookie skip the lookup. */
export async function optionalUser(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  if (!request.headers.cookie?.includes(`${COOKIE_PREFIX}.session_token`)) return null;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await optionalUser(auth, request);
  if (!user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return user;
}
