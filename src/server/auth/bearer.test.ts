import { describe, expect, it } from 'vitest';
import { SIGN_IN_REQUIRED } from '../errors.ts';
import { useTestApp, GOOD_PASSWORD, validTask } from '../../../tests/support/test-app.ts';

/**
 * Bearer tokens (issue 17): clients that keep no cookies sign in, take `set-auth-token`, and
 * send it as `Authorization: Bearer …`, with the same rules as a cookie.
 */
const t = useTestApp();

/** A request as a script or an app sends it: no Origin, no cookie. */
function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

async function signInForToken(email: string): Promise<string> {
  const response = await call('POST', '/api/auth/sign-in/email', undefined, {
    email,
    password: GOOD_PASSWORD,
  });
  expect(response.statusCode).toBe(200);
  const token = response.headers['set-auth-token'];
  expect(typeof token).toBe('string');
  return String(token);
}

describe('bearer tokens', () => {
  it('a token from sign-in posts a task as its user, with no cookie and no Origin', async () => {
    const user = await t.signUp({ name: 'Tia Token' });
    const token = await signInForToken(user.email);
    const response = await call(
      'POST',
      '/api/tasks',
      token,
      validTask({ title: 'Posted by token' }),
    );
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json() as { insertedId: string };
    const task = (await call('GET', `/api/tasks/${insertedId}`, token)).json();
    expect(task).toMatchObject({
      title: 'Posted by token',
      userName: 'Tia Token',
      userEmail: user.email,
      userId: user.id,
    });
    const session = await call('GET', '/api/auth/get-session', token);
    expect(session.json()).toMatchObject({ user: { email: user.email } });
  });

  it('a page on another site may write with a token (no cookie), never with cookies', async () => {
    const user = await t.signUp();
    const token = await signInForToken(user.email);
    const fromElsewhere = { origin: 'https://other-client.example' };
    const withToken = await call('POST', '/api/tasks', token, validTask(), fromElsewhere);
    expect(withToken.statusCode).toBe(201);
    expect(withToken.headers['access-control-allow-origin']).toBe('*');
    const withCookie = await call('POST', '/api/tasks', token, validTask(), {
      ...fromElsewhere,
      cookie: user.cookie,
    });
    expect(withCookie.statusCode).toBe(403);
  });

  it('refuses a made-up, altered or unsigned token as signed out', async () => {
    const user = await t.signUp();
    const token = await signInForToken(user.email);
    const [value] = token.split('.');
    for (const bad of ['made-up', `${value}.AAAA`, value ?? '', `${token}x`]) {
      const response = await call('POST', '/api/tasks', bad, validTask());
      expect(response.statusCode, bad).toBe(401);
      expect(response.json()).toEqual({ message: SIGN_IN_REQUIRED });
    }
  });

  it('stops working once its session is signed out (revoked)', async () => {
    const user = await t.signUp();
    const token = await signInForToken(user.email);
    expect((await call('POST', '/api/tasks', token, validTask())).statusCode).toBe(201);
    const out = await call('POST', '/api/auth/sign-out', token, {});
    expect(out.statusCode).toBe(200);
    const after = await call('POST', '/api/tasks', token, validTask());
    expect(after.statusCode).toBe(401);
    expect((await call('GET', '/api/auth/get-session', token)).json()).toBeNull();
  });

  it('ends when the user revokes that session from their cookie session', async () => {
    const user = await t.signUp();
    const token = await signInForToken(user.email);
    const revoke = await t.request('POST', '/api/auth/revoke-session', {
      user,
      body: { token: decodeURIComponent(token).split('.')[0] },
    });
    expect(revoke.statusCode).toBe(200);
    const after = await call('POST', '/api/tasks', token, validTask());
    expect(after.statusCode).toBe(401);
  });

  it('is described in the OpenAPI document as a security scheme', async () => {
    const document = (await call('GET', '/api/openapi.json')).json() as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(document.components.securitySchemes.bearerToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });
});
