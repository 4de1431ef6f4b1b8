import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { callOverHttp as call, useTwoInstances } from '../../../tests/support/instances.ts';
import {
  SIGN_UP_PASSWORD,
  signUpOverHttp,
  type ServerProcess,
} from '../../../tests/support/server-process.ts';
import { TEST_ENGINE } from '../../../tests/support/test-database.ts';

/**
 * Issue 20's proof across instances: an admin bans, through instance A, a user signed in on
 * instance B. A refuses the user's session at once; B within SESSION_CACHE_SECONDS (its cache
 * of verified sessions); and signing in again, anywhere, says why.
 */
const SLOW = 120_000;
const SECRET = 'ban-instances-secret-0123456789-abcdefghijk';
const CACHE_SECONDS = 2;

async function userOf(server: ServerProcess, cookie: string) {
  const session = await call(server, 'GET', '/api/auth/get-session', cookie);
  return session.body!.user as { id: string; email: string };
}

describe.runIf(TEST_ENGINE === 'postgres')('a ban across two instances on one PostgreSQL', () => {
  const instances = useTwoInstances({
    BETTER_AUTH_SECRET: SECRET,
    SESSION_CACHE_SECONDS: String(CACHE_SECONDS),
  });

  it(
    'ends the session on A at once and on B within SESSION_CACHE_SECONDS',
    async () => {
      const { a, b } = instances;
      const adminCookie = await signUpOverHttp(a, { name: 'Ada Admin' });
      const admin = await userOf(a, adminCookie);
      const client = new pg.Client({ connectionString: instances.database.databaseUrl! });
      await client.connect();
      try {
        await client.query(`update "user" set role = 'admin' where id = $1`, [admin.id]);
      } finally {
        await client.end();
      }
      const victimCookie = await signUpOverHttp(b, { name: 'Val Victim' });
      const victim = await userOf(b, victimCookie);
      // Both instances have verified (and B has kept) the victim's session.
      expect((await call(b, 'GET', '/api/me/offers', victimCookie)).status).toBe(200);
      expect((await call(a, 'GET', '/api/me/offers', victimCookie)).status).toBe(200);

      const ban = await call(a, 'POST', `/api/admin/users/${victim.id}/suspend`, adminCookie, {
        reason: 'Fraudulent tasks',
      });
      expect(ban.status).toBe(200);
      expect((await call(a, 'GET', '/api/me/offers', victimCookie)).status).toBe(401);
      await expect
        .poll(async () => (await call(b, 'GET', '/api/me/offers', victimCookie)).status, {
          // SESSION_CACHE_SECONDS, and room for a busy machine.
          timeout: (CACHE_SECONDS + 3) * 1000,
          interval: 100,
        })
        .toBe(401);

      const signIn = await call(b, 'POST', '/api/auth/sign-in/email', '', {
        email: victim.email,
        password: SIGN_UP_PASSWORD,
      });
      expect(signIn).toMatchObject({
        status: 403,
        body: { message: MODERATION_MESSAGES.banned('Fraudulent tasks') },
      });
    },
    SLOW,
  );
});
