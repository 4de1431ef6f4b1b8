import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError, SIGN_IN_REQUIRED } from '../errors.ts';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { ADMIN_ROLE, type Auth } from './auth.ts';
import type { SessionUser } from './session-cache.ts';

export type { SessionUser } from './session-cache.ts';

/**
 * The signed session token of the request's session cookie, or undefined: the value Better Auth
 * itself verifies, read by the same parser (better-call's: the first cookie of exactly that
 * name, decoded). Another cookie of a similar name (`tasklane.session_token` planted beside
 * `__Secure-tasklane.session_token` by a page of a sibling site) is never a key of the session
 * cache, or its planter would borrow the session it was cached with (issue 16).
 */
export function sessionTokenOf(
  request: { headers: IncomingHttpHeaders },
  cookieName: string,
): string | undefined {
  const cookie = request.headers.cookie;
  if (!cookie || !cookie.includes(cookieName)) return undefined;
  return cookieValueOf(cookie, cookieName) || undefined;
}

/**
 * better-call's `parseCookies(header).get(name)`, step for step (the first cookie of exactly that
 * name, trimmed, unquoted, decoded), without building the map of every cookie or decoding the
 * others: a signed-in read reads one cookie (planted-cookie.test.ts holds the two to the same answers).
 */
export function cookieValueOf(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf('=', index);
    if (eqIdx === -1) break;
    let endIdx = header.indexOf(';', index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    if (header.slice(index, eqIdx).trim() === name) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      return tryDecode(value);
    }
    index = endIdx + 1;
  }
  return undefined;
}

/** better-call's decoding of a cookie's value: as it is where it cannot be decoded. */
function tryDecode(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * What the request signs in with: `Authorization: Bearer <token>` (the `set-auth-token` of a
 * sign-in, for clients that keep no cookies: Better Auth's bearer plugin), else our session
 * cookie. A bearer request is judged by its token alone, whatever cookies it also carries.
 */
function credentialOf(
  auth: Auth,
  request: { headers: IncomingHttpHeaders },
): { key: string; headers: () => Headers } | undefined {
  const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) {
    const headers = () => new Headers({ authorization: `Bearer ${bearer}` });
    return { key: `bearer:${bearer}`, headers };
  }
  const token = sessionTokenOf(request, auth.sessionCookieName);
  // The request's headers as Better Auth reads them, built only for a full check: a session
  // the cache answers needs none (copying and validating every header cost a signed-in read
  // more than the cache lookup).
  return token === undefined
    ? undefined
    : { key: token, headers: () => fromNodeHeaders(request.headers) };
}

/** Whether the request carries a bearer token (no ambient credential: see security.ts). */
export const hasBearerToken = (request: FastifyRequest) =>
  BEARER.test(request.headers.authorization ?? '');

/**
 * The signed-in user, or null. Requests without our session cookie or a bearer token skip the
 * lookup; one verified in the last few seconds is answered from the process's cache
 * (session-cache.ts).
 */
export async function optionalUser(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  return userNowOrLater(auth, request);
}

/**
 * optionalUser, at once where nothing is waited for (no credential, or a session the cache
 * answers), else the promise of the full check: a read the answer cache keeps is then sent
 * without a turn of the microtask queue (tasks.routes.ts).
 */
export function userNowOrLater(
  auth: Auth,
  request: FastifyRequest,
): SessionUser | null | Promise<SessionUser | null> {
  const credential = credentialOf(auth, request);
  if (credential === undefined) return null;
  return auth.sessions.get(credential.key) ?? checkedUser(auth, credential);
}

/**
 * The reader of a request as known at once, for an answer sent before Fastify
 * (first-answers.ts): null with no credential, the user whose credential the session cache
 * answers, else undefined (the route's own handler has Better Auth check it).
 */
export function knownReaderOf(
  auth: Auth,
  headers: IncomingHttpHeaders,
): SessionUser | null | undefined {
  const credential = credentialOf(auth, { headers });
  return credential === undefined ? null : auth.sessions.get(credential.key);
}

async function checkedUser(
  auth: Auth,
  { key, headers }: { key: string; headers: () => Headers },
): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: headers() });
  if (!session) return null;
  const user = sessionUserOf(session.user);
  auth.sessions.set(key, user, new Date(session.session.expiresAt));
  return user;
}

/** What a request keeps of Better Auth's user. */
function sessionUserOf(user: SessionUser): SessionUser {
  const { id, email, name, emailVerified, role } = user;
  return { id, email, name, emailVerified, role };
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await optionalUser(auth, request);
  if (!user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return user;
}

/**
 * A signed-in user who may post, make offers and write messages: with REQUIRE_EMAIL_VERIFICATION,
 * only once their email address is verified (issue 19).
 */
export async function requireWriter(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(auth, request);
  if (auth.requireEmailVerification && !user.emailVerified) {
    throw new AppError('forbidden', EMAIL_MESSAGES.notVerified);
  }
  return user;
}

/** A session checked in full, never from the cache: what an event stream holds on to. */
export interface VerifiedSession {
  user: SessionUser;
  /** The session's row (`session.token`), which signing out or revoking deletes. */
  token: string;
  expiresAt: Date;
}

export async function requireSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<VerifiedSession> {
  const credential = credentialOf(auth, request);
  const session = credential && (await auth.api.getSession({ headers: credential.headers() }));
  if (!session) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return {
    user: sessionUserOf(session.user),
    token: session.session.token,
    expiresAt: new Date(session.session.expiresAt),
  };
}

/**
 * An operator (issue 20), checked on a session read in full, never from the cache: a role taken
 * away or a session revoked stops admin calls at once, on every instance.
 */
export async function requireAdmin(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const { user } = await requireSession(auth, request);
  if (user.role !== ADMIN_ROLE) throw new AppError('forbidden', MODERATION_MESSAGES.adminsOnly);
  return user;
}
