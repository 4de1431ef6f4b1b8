import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/accounts.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  CookieJar,
  findFreePort,
  startOidcProvider,
  type OidcProviderHandle,
} from '../../../tests/support/oidc-provider.ts';

interface AccountRow {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
}

interface SessionBody {
  user: { id: string; name: string; email: string; emailVerified: boolean; image: string | null };
  session: { userId: string };
}

describe('Sign in with Google (local OpenID provider)', () => {
  let t: TestApp;
  let oidc: OidcProviderHandle;
  let base: string;

  beforeAll(async () => {
    // The callback URL the provider accepts is the app's public URL: the app needs a real port.
    const port = await findFreePort();
    base = `http://127.0.0.1:${port}`;
    // Better Auth reads the discovery document when the app starts: the provider comes first.
    oidc = await startOidcProvider({ redirectUris: [`${base}/api/auth/callback/google`] });
    t = await createTestApp({
      PORT: String(port),
      PUBLIC_URL: base,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.close();
  });

  /** One browser's sign-in: start, the provider's login page, the callback; returns its cookies. */
  async function signInWithGoogle(): Promise<CookieJar> {
    const jar = new CookieJar();
    const start = await fetch(`${base}/api/auth/sign-in/social`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    jar.store(start);
    expect(start.status).toBe(200);
    const { url, redirect } = (await start.json()) as { url: string; redirect: boolean };
    expect(redirect).toBe(true);
    const authorization = new URL(url);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${oidc.issuer}/auth`);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: oidc.clientId,
      redirect_uri: `${base}/api/auth/callback/google`,
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );

    const callbackUrl = await oidc.signIn(url, oidc.account.email);
    expect(callbackUrl.startsWith(`${base}/api/auth/callback/google?`)).toBe(true);
    expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy();

    const callback = await fetch(callbackUrl, { redirect: 'manual', headers: jar.headers() });
    jar.store(callback);
    expect(callback.status).toBeGreaterThanOrEqual(300);
    expect(callback.status).toBeLessThan(400);
    expect(new URL(callback.headers.get('location') ?? '', base).href).toBe(`${base}/`);
    expect(jar.get('tasklane.session_token')).toBeTruthy();
    return jar;
  }

  async function getSession(jar: CookieJar): Promise<SessionBody | null> {
    const response = await fetch(`${base}/api/auth/get-session`, { headers: jar.headers() });
    expect(response.status).toBe(200);
    return (await response.json()) as SessionBody | null;
  }

  function usersWithEmail(email: string) {
    return t.db.selectFrom('user').selectAll().where('email', '=', email).execute();
  }

  function googleAccounts() {
    return t.db
      .withTables<{ account: AccountRow }>()
      .selectFrom('account')
      .select(['id', 'accountId', 'providerId', 'userId'])
      .where('providerId', '=', 'google')
      .execute();
  }

  it('signs a new user in through the provider and keeps their Google profile', async () => {
    const jar = await signInWithGoogle();

    const body = await getSession(jar);
    expect(body?.user).toMatchObject({
      name: oidc.account.name,
      email: oidc.account.email,
      image: oidc.account.picture,
      emailVerified: true,
    });
    expect(body?.session.userId).toBe(body?.user.id);

    const users = await usersWithEmail(oidc.account.email);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ name: oidc.account.name, image: oidc.account.picture });
    expect(await googleAccounts()).toEqual([
      expect.objectContaining({
        accountId: oidc.account.sub,
        providerId: 'google',
        userId: users[0]!.id,
      }),
    ]);
  });

  it('signs the same Google account in again without a second user', async () => {
    const [before] = await usersWithEmail(oidc.account.email);
    expect(before).toBeDefined();

    const jar = await signInWithGoogle();

    expect((await getSession(jar))?.user.id).toBe(before!.id);
    expect(await usersWithEmail(oidc.account.email)).toHaveLength(1);
    expect(await googleAccounts()).toHaveLength(1);
  });

  it('answers no session without the cookie the callback set', async () => {
    expect(await getSession(new CookieJar())).toBeNull();
  });
});

describe('Sign in with Google when it is not configured', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('refuses with the spec message', async () => {
    const response = await t.request('POST', '/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: '/' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ message: AUTH_MESSAGES.googleNotConfigured });
  });
});
