import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  validTask,
  type TestApp,
} from '../../../tests/support/test-app.ts';
import { parseCookies } from 'better-call';
import { SIGN_IN_REQUIRED } from '../errors.ts';
import { cookieValueOf } from './session.ts';

/**
 * Issue 16: a page of a sibling site (another port, another subdomain) can plant a cookie named
 * like ours. The session cache must key on exactly the cookie Better Auth verifies, or a
 * planted value seen beside the victim's real cookie would be cached as the victim's session,
 * and its planter, sending it alone, would be the victim.
 */
const PLANTED = 'planted-by-a-sibling-site';

describe.each([
  { scheme: 'http', publicUrl: 'http://localhost:3999' },
  { scheme: 'https', publicUrl: 'https://tasklane.example' },
])('on $scheme', ({ scheme, publicUrl }) => {
  let t: TestApp;
  const real = `${scheme === 'https' ? '__Secure-' : ''}tasklane.session_token`;
  const others = ['tasklane.session_token', '__Secure-tasklane.session_token'].filter(
    (name) => name !== real,
  );

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: publicUrl, SESSION_CACHE_SECONDS: '30' });
  });
  afterAll(async () => t.close());

  async function signUpVictim(): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Vera Victim',
        email: `vera-${scheme}-${Date.now()}@example.com`,
        password: GOOD_PASSWORD,
        image: 'https://images.example.com/vera.png',
      }),
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === real);
    expect(cookie?.value).toBeTruthy();
    return cookie!.value;
  }

  const postTask = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: { origin: publicUrl, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(validTask()),
    });

  it.each(['before', 'after'])(
    "a planted cookie sent %s the real one never becomes the victim's session",
    async (order) => {
      const value = await signUpVictim();
      for (const name of others) {
        const planted = `${name}=${PLANTED}`;
        const realPair = `${real}=${value}`;
        const both = order === 'before' ? `${planted}; ${realPair}` : `${realPair}; ${planted}`;
        // The victim's own request carries both: it is served as the victim.
        expect((await postTask(both)).statusCode).toBe(201);
        // The planter, with only what they planted, is nobody.
        const attacker = await postTask(planted);
        expect(attacker.statusCode, name).toBe(401);
        expect(attacker.json()).toEqual({ message: SIGN_IN_REQUIRED });
      }
    },
  );

  it('the same name planted first is what Better Auth reads too: signed out, never borrowed', async () => {
    const value = await signUpVictim();
    const both = `${real}=${PLANTED}; ${real}=${value}`;
    expect((await postTask(both)).statusCode).toBe(401);
    expect((await postTask(`${real}=${PLANTED}`)).statusCode).toBe(401);
  });
});

/**
 * The session cache's key is read without better-call's parser of every cookie
 * (session.ts, cookieValueOf): it must read the same value Better Auth does, whatever the header.
 */
describe('the session cookie read alone', () => {
  const name = '__Secure-tasklane.session_token';
  const headers = [
    `${name}=abc.def`,
    `a=1; ${name}=abc.def; b=2`,
    `${name}=first; ${name}=second`,
    `x${name}=planted; ${name}=real`,
    `${name}x=planted; ${name} = spaced ;`,
    `${name}="quoted%20value"`,
    `${name}=bad%E0%A4%A; other=%41`,
    `junk; ${name}=after-junk`,
    `a=b=c; ${name}==equals=`,
    `; ;${name}=`,
    `nothing=here`,
    ``,
  ];
  it.each(headers)('%j', (header) => {
    expect(cookieValueOf(header, name)).toBe(parseCookies(header).get(name));
  });
});
