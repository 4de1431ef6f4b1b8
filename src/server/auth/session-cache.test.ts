import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  createTestApp,
  GOOD_PASSWORD,
  sessionCookie,
  TEST_SECRET,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';

/**
 * The verified-session cache (docs/decisions/007-session-cache.md): sign-out takes effect at
 * once, and a session revoked on another instance stops working within SESSION_CACHE_SECONDS.
 */
const CACHE_SECONDS = 2;
/** Sign-ups hash passwords: slow on a busy machine. */
const SLOW = 60_000;
let t: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: String(CACHE_SECONDS) });
  other = await buildApp({ config: t.config, db: t.db, engine: t.engine, authSecret: TEST_SECRET });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Instance = Pick<FastifyInstance, 'inject'>;

/** Whether `cookie` is signed in on `instance`: listing one's own tasks needs the session. */
async function isSignedIn(instance: Instance, user: TestUser, cookie: string): Promise<boolean> {
  const response = await instance.inject({
    method: 'GET',
    url: `/api/tasks?email=${encodeURIComponent(user.email)}`,
    headers: { cookie },
  });
  if (![200, 403].includes(response.statusCode)) throw new Error(response.body);
  return response.statusCode === 200;
}

function post(instance: Instance, url: string, cookie: string, body: unknown = {}) {
  return instance.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: APP_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function signIn(user: TestUser, password = GOOD_PASSWORD): Promise<string> {
  const response = await post(t.app, '/api/auth/sign-in/email', '', {
    email: user.email,
    password,
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}

const waitForCacheBound = () =>
  new Promise((resolve) => setTimeout(resolve, CACHE_SECONDS * 1000 + 100));

describe('session cache', () => {
  it(
    'ends a session at once on sign-out, even for a copy of the cookie',
    async () => {
      const user = await t.signUp();
      expect(await isSignedIn(t.app, user, user.cookie)).toBe(true); // now cached
      const out = await post(t.app, '/api/auth/sign-out', user.cookie);
      expect(out.statusCode).toBe(200);
      expect(await isSignedIn(t.app, user, user.cookie)).toBe(false);
    },
    SLOW,
  );

  it(
    'stops a session revoked on another instance within the cache bound',
    async () => {
      const user = await t.signUp();
      const laptop = await signIn(user);
      expect(await isSignedIn(t.app, user, laptop)).toBe(true); // cached on this instance

      // "Sign out everywhere" from the user's other browser, through the other instance.
      const revoke = await post(other, '/api/auth/revoke-sessions', user.cookie);
      expect(revoke.statusCode).toBe(200);
      expect(await isSignedIn(other, user, laptop)).toBe(false);
      // Within the bound this instance may still trust its cached check…
      expect(await isSignedIn(t.app, user, laptop)).toBe(true);
      await waitForCacheBound();
      // …and after it, never.
      expect(await isSignedIn(t.app, user, laptop)).toBe(false);
      expect(await isSignedIn(t.app, user, user.cookie)).toBe(false);
    },
    SLOW,
  );

  it(
    'stops other sessions within the bound after a password change elsewhere',
    async () => {
      const user = await t.signUp();
      const laptop = await signIn(user);
      expect(await isSignedIn(t.app, user, laptop)).toBe(true);
      const change = await post(other, '/api/auth/change-password', user.cookie, {
        currentPassword: GOOD_PASSWORD,
        newPassword: 'Newer456',
        revokeOtherSessions: true,
      });
      expect(change.statusCode).toBe(200);
      await waitForCacheBound();
      expect(await isSignedIn(t.app, user, laptop)).toBe(false);
    },
    SLOW,
  );

  it(
    'forgets the user on this instance when they revoke their sessions here',
    async () => {
      const user = await t.signUp();
      const laptop = await signIn(user);
      expect(await isSignedIn(t.app, user, laptop)).toBe(true);
      await post(t.app, '/api/auth/revoke-sessions', user.cookie);
      expect(await isSignedIn(t.app, user, laptop)).toBe(false);
    },
    SLOW,
  );

  it(
    'never answers an altered cookie from the cache',
    async () => {
      const user = await t.signUp();
      expect(await isSignedIn(t.app, user, user.cookie)).toBe(true);
      const altered = user.cookie.replace(/session_token=([^;.]+)/, 'session_token=$1x');
      expect(altered).not.toBe(user.cookie);
      expect(await isSignedIn(t.app, user, altered)).toBe(false);
    },
    SLOW,
  );
});

describe('session cache off', () => {
  it(
    'checks every request against the database with SESSION_CACHE_SECONDS=0',
    async () => {
      const uncached = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
      try {
        const user = await uncached.signUp();
        const peer = await buildApp({
          config: uncached.config,
          db: uncached.db,
          engine: uncached.engine,
          authSecret: TEST_SECRET,
        });
        expect(await isSignedIn(uncached.app, user, user.cookie)).toBe(true);
        await post(peer, '/api/auth/sign-out', user.cookie);
        await peer.close();
        expect(await isSignedIn(uncached.app, user, user.cookie)).toBe(false);
        expect(uncached.app.auth.sessions.size).toBe(0);
      } finally {
        await uncached.close();
      }
    },
    SLOW,
  );
});
