import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import {
  createTestApp,
  useTestApp,
  sessionCookie,
  type TestUser,
} from '../../../tests/support/test-app.ts';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../shared/account-rules.ts';
import { RESET_MAILS_PER_HOUR } from './account-mails.ts';

/**
 * Issue 19 "Accounts": forgot password, reset, and verification, with the mails read from a
 * real SMTP server as they arrive. Both engines.
 */
const inbox = useSmtpInbox();
const t = useTestApp(() => ({ SMTP_URL: inbox.url, MAIL_POLL_MS: '20', MAIL_RETRY_MS: '50' }));
const APP = 'http://localhost:3999';
const NEW_PASSWORD = 'Brand-new-2';
const RESET_SUBJECT = 'Reset your Tasklane password';
const VERIFY_SUBJECT = 'Confirm your email for Tasklane';

beforeEach(() => {
  inbox.refusing = false;
});

const askReset = (email: string) =>
  t.request('POST', '/api/auth/request-password-reset', { body: { email } });

/** The token of the first link in a mail's text that goes to `page`. */
function tokenIn(text: string | undefined, page: string): string {
  const match = new RegExp(`${APP}${page}\\?token=([^\\s\\]>)]+)`).exec(text ?? '');
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

async function outboxOf(address: string) {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('created_at')
    .execute();
}

describe('forgot password', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.signUp({ name: 'Rosa Reset' });
  });

  it('answers the same for an address with an account and one without', async () => {
    const known = await askReset(user.email);
    const unknown = await askReset(`nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('mails a one-time link for an hour; the new password signs in and other sessions end', async () => {
    const other = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'Secret123' },
    });
    const otherCookie = sessionCookie(other);
    expect((await askReset(user.email)).statusCode).toBe(200);
    // The first test's request mailed a link too: this is the second.
    const mail = await inbox.next(user.email, { subject: RESET_SUBJECT, count: 2 });
    expect(mail.html).toContain('Choose a new password');
    expect(mail.text).toContain('The link works once, for one hour.');
    const token = tokenIn(mail.text, '/reset-password');

    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    // Every session of the account is gone, on this instance at once.
    for (const cookie of [user.cookie, otherCookie]) {
      const session = await t.request('GET', '/api/auth/get-session', { headers: { cookie } });
      expect(session.json()).toBeNull();
    }
    const sessions = await t.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: NEW_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    // The link works once.
    const again = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'Another-pass-3' },
    });
    expect(again.statusCode).toBe(400);
    // And the account is told its password changed.
    const changed = await inbox.next(user.email, { subject: 'Your Tasklane password was changed' });
    expect(changed.text).toContain('every other device was signed out');
  });

  it('refuses a new password that breaks the sign-up rules, and keeps the old one', async () => {
    const rosa = await t.signUp({ name: 'Rosa Rules' });
    await askReset(rosa.email);
    const token = tokenIn(
      (await inbox.next(rosa.email, { subject: RESET_SUBJECT })).text,
      '/reset-password',
    );
    for (const [newPassword, message] of [
      ['Sh0rt', PASSWORD_MESSAGES.tooShort],
      ['all-lowercase-1', PASSWORD_MESSAGES.noUppercase],
    ] as const) {
      const weak = await t.request('POST', '/api/auth/reset-password', {
        body: { token, newPassword },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe(message);
    }
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: rosa.email, password: 'Secret123' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it(`mails one address at most ${RESET_MAILS_PER_HOUR} times an hour, answering as always`, async () => {
    const flood = await t.signUp({ name: 'Fay Flood' });
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i += 1) {
      expect((await askReset(flood.email)).statusCode).toBe(200);
    }
    const resets = (await outboxOf(flood.email)).filter((row) => row.kind === 'reset-password');
    expect(resets).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});

describe('issue 47: a password once set ends every older reset link', () => {
  /** The reset links mailed to `user`, oldest first, after asking for `count` of them. */
  async function resetLinks(user: TestUser, count: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let i = 1; i <= count; i += 1) {
      expect((await askReset(user.email)).statusCode).toBe(200);
      const mail = await inbox.next(user.email, { subject: RESET_SUBJECT, count: i });
      tokens.push(tokenIn(mail.text, '/reset-password'));
    }
    return tokens;
  }
  const resetWith = (token: string, newPassword: string) =>
    t.request('POST', '/api/auth/reset-password', { body: { token, newPassword } });
  const signsIn = async (user: TestUser, password: string) =>
    (
      await t.request('POST', '/api/auth/sign-in/email', {
        body: { email: user.email, password },
      })
    ).statusCode === 200;
  const resetRowsOf = (user: TestUser) =>
    t.db
      .selectFrom('verification')
      .select('id')
      .where('identifier', 'like', 'reset-password:%')
      .where('value', '=', user.id)
      .execute();

  it('refuses an older link once a newer one has set the password', async () => {
    const olga = await t.signUp({ name: 'Olga Older' });
    const [older, newer] = await resetLinks(olga, 2);
    expect((await resetWith(newer!, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await resetRowsOf(olga)).toEqual([]);

    const late = await resetWith(older!, 'Attacker-pass-9');
    expect(late.statusCode).toBe(400);
    expect(await signsIn(olga, 'Attacker-pass-9')).toBe(false);
    expect(await signsIn(olga, NEW_PASSWORD)).toBe(true);
  });

  it('refuses a link mailed before the password was changed while signed in', async () => {
    const carl = await t.signUp({ name: 'Carl Changer' });
    const [link] = await resetLinks(carl, 1);
    const change = await t.request('POST', '/api/auth/change-password', {
      user: carl,
      body: { currentPassword: 'Secret123', newPassword: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect(await resetRowsOf(carl)).toEqual([]);

    expect((await resetWith(link!, 'Attacker-pass-9')).statusCode).toBe(400);
    expect(await signsIn(carl, 'Attacker-pass-9')).toBe(false);
    expect(await signsIn(carl, NEW_PASSWORD)).toBe(true);
  });

  it("leaves other accounts' links working", async () => {
    const [ana, ben] = [await t.signUp({ name: 'Ana One' }), await t.signUp({ name: 'Ben Two' })];
    const [anaLink] = await resetLinks(ana, 1);
    const [benLink] = await resetLinks(ben, 1);
    expect((await resetWith(anaLink!, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await resetWith(benLink!, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await signsIn(ben, NEW_PASSWORD)).toBe(true);
  });
});

describe('account settings: password and devices', () => {
  const signInAgain = async (user: TestUser, password = 'Secret123') =>
    sessionCookie(
      await t.request('POST', '/api/auth/sign-in/email', {
        body: { email: user.email, password },
      }),
    );
  const sessionOf = async (cookie: string) =>
    (await t.request('GET', '/api/auth/get-session', { headers: { cookie } })).json();

  it('changes the password with the current one, ends the other sessions, and mails the account', async () => {
    const pat = await t.signUp({ name: 'Pat Password' });
    const laptop = await signInAgain(pat);
    const change = (body: Record<string, unknown>) =>
      t.request('POST', '/api/auth/change-password', { user: pat, body });

    const wrong = await change({ currentPassword: 'Wrong-pass-1', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    const weak = await change({ currentPassword: 'Secret123', newPassword: 'nocapitals1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_MESSAGES.noUppercase);
    expect(await sessionOf(laptop)).not.toBeNull();

    const done = await change({
      currentPassword: 'Secret123',
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(done.statusCode).toBe(200);
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(sessionCookie(done))).not.toBeNull();
    const mail = await inbox.next(pat.email, { subject: 'Your Tasklane password was changed' });
    expect(mail.text).toContain('every other device was signed out');
    // Only the successful change was told.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.to(pat.email).filter((m) => m.subject === mail.subject)).toHaveLength(1);
  });

  it('lists the signed-in devices and signs out everywhere else', async () => {
    const dev = await t.signUp({ name: 'Dev Devices' });
    const phone = await signInAgain(dev);
    const list = async () =>
      (await t.request('GET', '/api/auth/list-sessions', { user: dev })).json() as {
        id: string;
      }[];
    expect(await list()).toHaveLength(2);
    const revoke = await t.request('POST', '/api/auth/revoke-other-sessions', {
      user: dev,
      body: {},
    });
    expect(revoke.statusCode).toBe(200);
    expect(await list()).toHaveLength(1);
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(dev.cookie)).not.toBeNull();
  });
});

describe('account settings: change email', () => {
  const CONFIRM_SUBJECT = 'Confirm your new email for Tasklane';
  const CHANGING_SUBJECT = 'Your Tasklane email is about to change';
  const stored = async (id: string) =>
    t.db
      .selectFrom('user')
      .select(['email', 'emailVerified'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const askChange = (user: TestUser | undefined, newEmail: unknown) =>
    t.request('POST', '/api/auth/change-email', { user, body: { newEmail } });

  it('moves the account once the link mailed to the new address is followed; the old one is told', async () => {
    const cam = await t.signUp({ name: 'Cam Change' });
    const newEmail = `moved-${cam.email}`;
    expect((await askChange(cam, newEmail)).statusCode).toBe(200);
    expect((await stored(cam.id)).email).toBe(cam.email);

    const told = await inbox.next(cam.email, { subject: CHANGING_SUBJECT });
    expect(told.text).toContain(newEmail);
    expect(told.text).toContain(`${APP}/forgot-password`);
    const confirm = await inbox.next(newEmail, { subject: CONFIRM_SUBJECT });
    const token = tokenIn(confirm.text, '/verify-email');

    const follow = await t.request('GET', `/api/auth/verify-email?token=${token}`, { user: cam });
    expect(follow.statusCode).toBe(200);
    const after = await stored(cam.id);
    expect(after.email).toBe(newEmail);
    expect(Boolean(after.emailVerified)).toBe(true);
    const session = await t.request('GET', '/api/auth/get-session', { user: cam });
    expect(session.json().user.email).toBe(newEmail);

    const signIn = (email: string) =>
      t.request('POST', '/api/auth/sign-in/email', { body: { email, password: 'Secret123' } });
    expect((await signIn(newEmail)).statusCode).toBe(200);
    expect((await signIn(cam.email)).statusCode).toBe(401);
  });

  it('answers the same for an address another account uses, and mails it nothing', async () => {
    const ida = await t.signUp({ name: 'Ida Taken' });
    const other = await t.signUp({ name: 'Oli Other' });
    await inbox.next(other.email, { subject: VERIFY_SUBJECT });
    const taken = await askChange(ida, other.email);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual((await askChange(ida, `free-${ida.email}`)).json());
    await inbox.next(`free-${ida.email}`, { subject: CONFIRM_SUBJECT });
    expect(inbox.to(other.email).filter((m) => m.subject === CONFIRM_SUBJECT)).toHaveLength(0);
    expect((await stored(ida.id)).email).toBe(ida.email);
  });

  it('refuses a bad address with the sign-up message, and a visitor who is not signed in', async () => {
    const bea = await t.signUp({ name: 'Bea Bad' });
    const bad = await askChange(bea, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUTH_MESSAGES.emailInvalid);
    expect((await askChange(undefined, `x-${bea.email}`)).statusCode).toBe(401);
    expect((await stored(bea.id)).email).toBe(bea.email);
    const changeMails = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', 'in', ['change-email', 'email-changing'])
      .where('user_id', '=', bea.id)
      .execute();
    expect(changeMails).toHaveLength(0);
  });
});

describe('email verification', () => {
  it('mails a link at sign-up; following it verifies the address', async () => {
    const vera = await t.signUp({ name: 'Vera Verify' });
    const mail = await inbox.next(vera.email, { subject: VERIFY_SUBJECT });
    expect(mail.text).toContain(vera.email);
    const token = tokenIn(mail.text, '/verify-email');
    const readVerified = async () =>
      (
        await t.db
          .selectFrom('user')
          .select('emailVerified')
          .where('id', '=', vera.id)
          .executeTakeFirstOrThrow()
      ).emailVerified;
    expect(Boolean(await readVerified())).toBe(false);
    const verify = await t.request('GET', `/api/auth/verify-email?token=${token}`, {
      user: vera,
    });
    expect(verify.statusCode).toBe(200);
    expect(Boolean(await readVerified())).toBe(true);
    const session = await t.request('GET', '/api/auth/get-session', { user: vera });
    expect(session.json().user.emailVerified).toBe(true);
  });

  it('mails a new link on request ("Resend")', async () => {
    const ray = await t.signUp({ name: 'Ray Resend' });
    await inbox.next(ray.email, { subject: VERIFY_SUBJECT });
    const resend = await t.request('POST', '/api/auth/send-verification-email', {
      user: ray,
      body: { email: ray.email },
    });
    expect(resend.statusCode).toBe(200);
    await inbox.next(ray.email, { subject: VERIFY_SUBJECT, count: 2 });
  });
});

describe('issue 47: a sign-up with a taken address', () => {
  it('mails the owner a way back in, and signs nobody in', async () => {
    const owner = await t.signUp({ name: 'Tess Taken' });
    const again = await t.request('POST', '/api/auth/sign-up/email', {
      body: {
        name: 'Someone Else',
        email: owner.email,
        password: 'Other-pass-1',
        image: 'https://images.example.com/else.png',
      },
    });
    expect(again.statusCode).toBe(200);
    const mail = await inbox.next(owner.email, {
      subject: 'Someone tried to sign up with your Tasklane address',
    });
    expect(mail.text).toContain('Hi Tess Taken,');
    expect(mail.text).toContain('This address already has an account');
    expect(mail.text).toContain(`${APP}/login`);
    expect(mail.text).toContain(`${APP}/forgot-password`);
  });
});

describe('the outbox', () => {
  it('keeps a mail the SMTP server refuses and sends it once when the server takes it', async () => {
    inbox.refusing = true;
    const sam = await t.signUp({ name: 'Sam Smtp-Down' });
    await expect
      .poll(async () => (await outboxOf(sam.email))[0]?.attempts ?? 0)
      .toBeGreaterThanOrEqual(2);
    const [waiting] = await outboxOf(sam.email);
    expect(waiting).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/451/) });
    expect(inbox.to(sam.email)).toHaveLength(0);

    inbox.refusing = false;
    await inbox.next(sam.email);
    await expect.poll(async () => (await outboxOf(sam.email))[0]?.status).toBe('sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to(sam.email)).toHaveLength(1);
  });

  it('sends one mail after another over the connection it has open', async () => {
    const pat = await t.signUp({ name: 'Pat Pooled' });
    await inbox.next(pat.email, { subject: VERIFY_SUBJECT });
    const opened = inbox.connections;
    for (let count = 1; count <= RESET_MAILS_PER_HOUR; count += 1) {
      expect((await askReset(pat.email)).statusCode).toBe(200);
      await inbox.next(pat.email, { subject: RESET_SUBJECT, count });
    }
    // A connection ended by the server meanwhile may be opened once more, not once a mail.
    expect(inbox.connections - opened).toBeLessThanOrEqual(1);
  });

  it('gives up on a mail a day old that still cannot be sent', async () => {
    inbox.refusing = true;
    const gil = await t.signUp({ name: 'Gil Giveup' });
    await expect.poll(async () => (await outboxOf(gil.email))[0]?.attempts ?? 0).toBeGreaterThan(0);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.db
      .updateTable('outbox')
      .set({ created_at: dayAgo, next_attempt_at: dayAgo })
      .where('to_address', '=', gil.email)
      .execute();
    await expect.poll(async () => (await outboxOf(gil.email))[0]?.status).toBe('failed');
  });
});

describe('without SMTP_URL', () => {
  it('keeps each mail as logged, not sent', async () => {
    const local = await createTestApp({ MAIL_POLL_MS: '20' });
    try {
      const lou = await local.signUp({ name: 'Lou Local' });
      const rowOf = () =>
        local.db
          .selectFrom('outbox')
          .select(['status', 'subject', 'sent_at'])
          .where('to_address', '=', lou.email)
          .executeTakeFirst();
      await expect.poll(async () => (await rowOf())?.status).toBe('logged');
      // Done with: it keeps who and what kind, not its words.
      expect(await rowOf()).toMatchObject({ subject: '', sent_at: null });
    } finally {
      await local.close();
    }
  });
});
