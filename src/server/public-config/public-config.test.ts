import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '../../shared/public-config.ts';
import {
  startOidcProvider,
  type OidcProviderHandle,
} from '../../../tests/support/oidc-provider.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

/** GET /api/config (issue 8): the login and signup pages show Google only where it works. */

async function readConfig(t: TestApp) {
  // No Origin, no cookie: any page, signed in or not, may ask.
  const response = await t.app.inject({ method: 'GET', url: '/api/config' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  return publicConfigSchema.strict().parse(response.json());
}

describe('GET /api/config without Google configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('says Google sign-in is off', async () => {
    expect(await readConfig(t)).toEqual({
      googleSignIn: false,
      payments: 'off',
      clientFeePercent: 5,
      freelancerFeePercent: 10,
    });
  });

  it('is listed in the OpenAPI document with its answer', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const answer = spec.paths['/api/config']?.get?.responses?.['200'];
    expect(answer?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { googleSignIn: { type: 'boolean' } },
      required: ['googleSignIn', 'payments', 'clientFeePercent', 'freelancerFeePercent'],
    });
  });
});

describe('GET /api/config with Google configured', () => {
  let t: TestApp;
  let oidc: OidcProviderHandle;
  beforeAll(async () => {
    // The local provider stands in for Google: the server reads its discovery document at start.
    oidc = await startOidcProvider({
      redirectUris: ['http://localhost:3999/api/auth/callback/google'],
    });
    t = await createTestApp({
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.close();
  });

  it('says Google sign-in is on', async () => {
    expect(await readConfig(t)).toMatchObject({ googleSignIn: true });
  });
});
