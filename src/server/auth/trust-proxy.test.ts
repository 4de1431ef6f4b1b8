import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

/**
 * Issue 16: behind proxies that append to X-Forwarded-For, the sign-in limit counts the address
 * the nearest trusted proxy saw, never the leftmost entries the client wrote itself.
 */
const LIMIT = 3;

describe.each([
  { setting: 'true', proxies: ['10.0.0.7'] },
  { setting: '1', proxies: ['10.0.0.7'] },
  { setting: '2', proxies: ['203.0.113.9', '10.0.0.7'] },
  { setting: '10.0.0.0/8,127.0.0.1', proxies: ['10.0.0.7'] },
])('TRUST_PROXY=$setting', ({ setting, proxies }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: setting,
      AUTH_RATE_LIMIT_MAX: String(LIMIT),
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  afterAll(async () => t.close());

  /** A wrong sign-in through the proxies, from `client`, claiming to be `claimed`. */
  const attempt = (client: string, claimed: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: proxies.at(-1),
      headers: {
        origin: APP_ORIGIN,
        'content-type': 'application/json',
        // The client's own claim first, then what each proxy appended (all but the nearest,
        // whose address is the connection's).
        'x-forwarded-for': [claimed, client, ...proxies.slice(0, -1)].join(', '),
      },
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password1' }),
    });

  it('limits one client however it spoofs the leftmost entry', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i += 1) {
      statuses.push((await attempt('198.51.100.20', `192.0.2.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    // Another client behind the same proxies still gets its own attempts.
    expect((await attempt('198.51.100.21', '192.0.2.1')).statusCode).not.toBe(429);
  });
});
