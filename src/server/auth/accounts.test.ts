import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../shared/accounts.ts';
import { SIGN_UP_ATTEMPT_MAILS_PER_HOUR } from '../mail/account-mails.ts';
import {
  APP_ORIGIN,
  createTestApp,
  useTestApp,
  GOOD_PASSWORD,
  sessionCookie,
  validTask,
} from '../../../tests/support/test-app.ts';

const t = useTestApp();

let counter = 0;
const newAccount = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nadia Newcomer',
  email: `nadia${++counter}@example.com`,
  password: GOOD_PASSWORD,
  image: 'https://images.example.com/nadia.png',
  ...overrides,
});
const signUp = (body: unknown) => t.request('POST', '/api/auth/sign-up/email', { body });
const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sign-up', () => {
  it.each([
    ['Ab1', PASSWORD_MESSAGES.tooShort],
    ['abc', PASSWORD_MESSAGES.tooShort],
    ['abcdef', PASSWORD_MESSAGES.noUppercase],
    ['abcdef123', PASSWORD_MESSAGES.noUppercase],
    ['ABCDEF', PASSWORD_MESSAGES.noLowercase],
    ['ABC123!!', PASSWORD_MESSAGES.noLowercase],
  ])('refuses password %j with the spec message, in the spec order', async (password, message) => {
    const before = await userCount();
    const response = await signUp(newAccount({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('uses the spec wording exactly', () => {
    expect(PASSWORD_MESSAGES).toMatchObject({
      tooShort: 'Password must be at least 6 characters',
      noUppercase: 'Password must contain at least one uppercase letter',
      noLowercase: 'Password must contain at least one lowercase letter',
    });
  });

  it.each([
    ['name', { name: '' }, AUTH_MESSAGES.nameRequired],
    ['name (absent)', { name: undefined }, AUTH_MESSAGES.nameRequired],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email (malformed)', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
    ['photo URL', { image: '' }, AUTH_MESSAGES.photoRequired],
    ['photo URL (absent)', { image: undefined }, AUTH_MESSAGES.photoRequired],
    ['photo URL (not a web address)', { image: 'javascript:alert(1)' }, AUTH_MESSAGES.photoInvalid],
    ['password', { password: undefined }, AUTH_MESSAGES.passwordRequired],
  ])('requires a good %s', async (_field, overrides, message) => {
    const response = await signUp(newAccount(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('creates the user, signs them in at once, and keeps the password hashed', async () => {
    const account = newAccount({ name: 'Grace Hopper' });
    const response = await signUp(account);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/tasklane\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const session = await t.request('GET', '/api/auth/get-session', {
      headers: { cookie: sessionCookie(response) },
    });
    expect(session.json().user).toMatchObject({
      name: 'Grace Hopper',
      email: account.email,
      image: account.image,
    });
    expect(session.body).not.toContain(GOOD_PASSWORD);

    const stored = await t.db
      .selectFrom('user')
      .innerJoin('account', 'account.userId', 'user.id')
      .select(['account.password', 'account.providerId'])
      .where('user.email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(stored.providerId).toBe('credential');
    const hash = String(stored.password);
    expect(hash).not.toContain(GOOD_PASSWORD);
    expect(hash.length).toBeGreaterThan(20);
  });

  const attemptMailsTo = (email: string) =>
    t.db
      .selectFrom('outbox')
      .select('user_id')
      .where('kind', '=', 'sign-up-attempt')
      .where('to_address', '=', email)
      .execute();

  it('answers a taken address as a new one, creates nothing, and mails its owner (issue 47)', async () => {
    const account = newAccount({ name: 'Olive Owner' });
    const first = await signUp(account);
    expect(first.statusCode).toBe(200);
    const before = await userCount();
    const intruder = newAccount({ name: 'Ivan Intruder', email: account.email.toUpperCase() });
    const again = await signUp({ ...intruder, password: 'Other-pass-1' });

    expect(again.statusCode).toBe(first.statusCode);
    const [firstUser, againUser] = [first.json().user, again.json().user];
    // The same fields in the same order, none of them the owner's. The session still differs:
    // by default (spec §4) a new address is signed in and a taken one is not (token null, no
    // cookie); with REQUIRE_EMAIL_VERIFICATION neither is (email-verification.test.ts).
    expect(Object.keys(again.json())).toEqual(Object.keys(first.json()));
    expect(Object.keys(againUser)).toEqual(Object.keys(firstUser));
    expect(againUser).toMatchObject({
      name: 'Ivan Intruder',
      email: account.email,
      emailVerified: false,
      image: intruder.image,
      role: firstUser.role,
      banned: firstUser.banned,
    });
    expect(againUser.id).not.toBe(firstUser.id);
    expect(again.json().token).toBeNull();
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(JSON.stringify(again.json())).not.toMatch(/exist/i);

    expect(await userCount()).toBe(before);
    const owner = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: account.email, password: account.password },
    });
    expect(owner.json().user.name).toBe('Olive Owner');
    expect(await attemptMailsTo(account.email)).toEqual([{ user_id: firstUser.id }]);
  });

  it(`mails the owner of a taken address at most ${SIGN_UP_ATTEMPT_MAILS_PER_HOUR} times an hour`, async () => {
    const account = newAccount({ name: 'Flo Flooded' });
    await signUp(account);
    for (let i = 0; i < SIGN_UP_ATTEMPT_MAILS_PER_HOUR + 2; i += 1) {
      expect((await signUp(account)).statusCode).toBe(200);
    }
    expect(await attemptMailsTo(account.email)).toHaveLength(SIGN_UP_ATTEMPT_MAILS_PER_HOUR);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password only', async () => {
    const account = newAccount();
    await signUp(account);
    const wrong = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: account.email, password: 'Wrong123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBeTruthy();

    const right = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: account.email, password: account.password },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: account.email, name: account.name });
    const cookie = sessionCookie(right);

    const out = await t.request('POST', '/api/auth/sign-out', { headers: { cookie }, body: {} });
    expect(out.statusCode).toBe(200);
    const session = await t.request('GET', '/api/auth/get-session', { headers: { cookie } });
    expect(session.json()).toBeNull();
  });

  it('refuses requests from pages of other origins that carry cookies or skip the preflight', async () => {
    const account = newAccount();
    const withCookie = await t.request('POST', '/api/auth/sign-up/email', {
      body: account,
      headers: { origin: 'https://evil.example', cookie: 'tasklane.session_token=x' },
    });
    expect(withCookie.statusCode).toBe(403);
    // A form post (no preflight): refused even without a cookie.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(account).toString(),
    });
    expect(form.statusCode).toBe(403);
  });
});

describe('profile update', () => {
  it('changes name and photo, requires the name, clears an empty photo, keeps the email', async () => {
    const user = await t.signUp({ name: 'Before Name' });
    const taskResponse = await t.request('POST', '/api/tasks', { user, body: validTask() });
    const taskId = taskResponse.json().insertedId;
    const update = (body: unknown) => t.request('POST', '/api/auth/update-user', { user, body });

    const missing = await update({ name: '  ', image: 'https://images.example.com/x.png' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(AUTH_MESSAGES.nameRequired);

    const badPhoto = await update({ name: 'After Name', image: 'ftp://x' });
    expect(badPhoto.json().message).toBe(AUTH_MESSAGES.photoInvalid);

    const ok = await update({ name: 'After Name', image: 'https://images.example.com/new.png' });
    expect(ok.statusCode, ok.body).toBe(200);
    let session = (await t.request('GET', '/api/auth/get-session', { user })).json();
    expect(session.user).toMatchObject({
      name: 'After Name',
      image: 'https://images.example.com/new.png',
      email: user.email,
    });
    // Tasks show the poster's current name.
    expect((await t.request('GET', `/api/tasks/${taskId}`)).json().userName).toBe('After Name');

    const cleared = await update({ name: 'After Name', image: '' });
    expect(cleared.statusCode).toBe(200);
    session = (await t.request('GET', '/api/auth/get-session', { user })).json();
    expect(session.user.image).toBeNull();

    const emailChange = await update({ name: 'After Name', email: 'new@example.com' });
    session = (await t.request('GET', '/api/auth/get-session', { user })).json();
    expect(emailChange.statusCode).toBeLessThan(500);
    expect(session.user.email).toBe(user.email);
  });

  it('needs a session', async () => {
    const response = await t.request('POST', '/api/auth/update-user', { body: { name: 'X' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limits on sign-in and sign-up', () => {
  it('answers 429 past the limit per client address, and a spoofed header does not help', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = (remoteAddress: string, spoof?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress,
          headers: {
            origin: APP_ORIGIN,
            'content-type': 'application/json',
            ...(spoof ? { 'x-tasklane-client-ip': spoof, 'x-forwarded-for': spoof } : {}),
          },
          payload: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong123' }),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt('10.0.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 401]);
      const blocked = await attempt('10.0.0.1', `10.9.9.${Math.floor(Math.random() * 250)}`);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBeTruthy();
      expect((await attempt('10.0.0.2')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('reading the session', () => {
  it('is never rate limited: many readers behind one address stay signed in', async () => {
    const user = await t.signUp({ name: 'Nat Behind' });
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        remoteAddress: '10.0.0.9',
        headers: { cookie: user.cookie },
      });
    // Past Better Auth's default of 300 a minute for one address.
    const statuses = new Set<number>();
    for (let i = 0; i < 320; i++) statuses.add((await read()).statusCode);
    expect([...statuses]).toEqual([200]);
    expect((await read()).json().user.email).toBe(user.email);
  });
});

describe('https deployments', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://tasklane.example' });
    try {
      const response = await secure.request('POST', '/api/auth/sign-up/email', {
        body: newAccount(),
        headers: { origin: 'https://tasklane.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});
