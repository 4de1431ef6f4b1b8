import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_THANKS } from '../../shared/contact.ts';
import { NEWSLETTER_MAILS_PER_HOUR } from './contact.routes.ts';
import { useSmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import { APP_ORIGIN, createTestApp, useTestApp } from '../../../tests/support/test-app.ts';

/**
 * Issue 19: Contact Us is stored and mailed to SUPPORT_EMAIL with the sender as Reply-To; the
 * newsletter is stored and confirmed by a mailed link; both are limited per client address.
 * Mails read from a real SMTP server. Both engines.
 */
const SUPPORT = 'help@tasklane.test';
const inbox = useSmtpInbox();
const t = useTestApp(() => ({
  SMTP_URL: inbox.url,
  MAIL_POLL_MS: '20',
  SUPPORT_EMAIL: SUPPORT,
  AUTH_RATE_LIMIT_MAX: '6',
}));

const post = (url: string, body: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('Contact Us', () => {
  it('stores the message and mails it to support, Reply-To the sender', async () => {
    const answer = await post('/api/contact', {
      name: 'Casey Client',
      email: 'casey@example.com',
      subject: 'Invoice question',
      message: 'Can I get an invoice for my last task?\n\nThanks!',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ message: CONTACT_THANKS });
    const stored = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', answer.json().insertedId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Casey Client', subject: 'Invoice question' });
    const mail = await inbox.next(SUPPORT, { subject: 'Contact Us: Invoice question' });
    expect(mail.replyTo?.value[0]).toMatchObject({
      address: 'casey@example.com',
      name: 'Casey Client',
    });
    expect(mail.text).toContain('Can I get an invoice for my last task?');
  });

  it('refuses a message without its required fields, storing nothing', async () => {
    const before = await t.db.selectFrom('contact_messages').select('id').execute();
    const answer = await post('/api/contact', { name: 'Casey', email: 'casey@example.com' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: CONTACT_MESSAGES.messageRequired });
    expect(await t.db.selectFrom('contact_messages').select('id').execute()).toEqual(before);
  });

  it('limits each client address like sign-in', async () => {
    const ip = '10.0.0.99';
    const body = { name: 'Spam', email: 'spam@example.com', message: 'Buy now' };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await post('/api/contact', body, ip)).statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
    expect((await post('/api/contact', body, '10.0.0.100')).statusCode).toBe(201);
  });
});

describe('the newsletter', () => {
  it('is confirmed by the mailed link; the answer is the same before and after', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const first = await post('/api/newsletter', { email }, '10.0.1.1');
    expect(first.statusCode).toBe(202);
    const mail = await inbox.next(email, {
      subject: 'Confirm your Tasklane newsletter subscription',
    });
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    const row = () =>
      t.db
        .selectFrom('newsletter_subscribers')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    expect((await row()).confirmed_at).toBeNull();

    const confirm = await post('/api/newsletter/confirm', { token }, '10.0.1.1');
    expect(confirm.json()).toEqual({ message: CONTACT_MESSAGES.newsletterConfirmed });
    expect((await row()).confirmed_at).not.toBeNull();
    const bad = await post('/api/newsletter/confirm', { token: 'nope' }, '10.0.1.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: CONTACT_MESSAGES.newsletterLinkBad });

    // Signing up again answers alike and mails nothing more.
    const again = await post('/api/newsletter', { email }, '10.0.1.1');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to(email)).toHaveLength(1);
  });

  const CONFIRM_SUBJECT = 'Confirm your Tasklane newsletter subscription';
  const tokenOf = (text: string | undefined) =>
    /\/newsletter\/confirm\?token=([\w-]+)/.exec(text ?? '')![1]!;

  it(`mails one address at most ${NEWSLETTER_MAILS_PER_HOUR} times an hour, from any client, answering alike`, async () => {
    const email = `victim-${Date.now()}@example.com`;
    const answers = [];
    for (let i = 0; i < NEWSLETTER_MAILS_PER_HOUR + 3; i += 1) {
      answers.push(await post('/api/newsletter', { email }, `10.0.2.${i + 1}`));
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    const mails = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'newsletter-confirm')
      .where('to_address', '=', email)
      .execute();
    expect(mails).toHaveLength(NEWSLETTER_MAILS_PER_HOUR);
    // A mailed link still confirms: sign-ups past the cap did not replace it with one never sent.
    await inbox.next(email, { subject: CONFIRM_SUBJECT, count: NEWSLETTER_MAILS_PER_HOUR });
    const confirms = await Promise.all(
      inbox
        .to(email)
        .map((mail) => post('/api/newsletter/confirm', { token: tokenOf(mail.text) }, '10.0.2.1')),
    );
    expect(confirms.map((answer) => answer.json().message)).toContain(
      CONTACT_MESSAGES.newsletterConfirmed,
    );
  });

  it('lets one client address sign up as many addresses an hour as it may try to sign in a window', async () => {
    // A one-second window: the newsletter's allowance still lasts the hour.
    const brief = await createTestApp({
      AUTH_RATE_LIMIT_MAX: '3',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '1',
    });
    try {
      const stamp = Date.now();
      const signUp = (i: number, ip = '10.0.3.1') =>
        brief.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          remoteAddress: ip,
          headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
          payload: JSON.stringify({ email: `reader${i}-${stamp}@example.com` }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await signUp(i)).statusCode);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      statuses.push((await signUp(4)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
      const stored = await brief.db.selectFrom('newsletter_subscribers').select('email').execute();
      expect(stored).toHaveLength(3);
      expect((await signUp(5, '10.0.3.2')).statusCode).toBe(202);
    } finally {
      await brief.close();
    }
  });
});
