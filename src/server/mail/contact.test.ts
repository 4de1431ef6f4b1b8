import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_THANKS } from '../../shared/contact.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import { APP_ORIGIN, createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

/**
 * Issue 19: Contact Us is stored and mailed to SUPPORT_EMAIL with the sender as Reply-To; the
 * newsletter is stored and confirmed by a mailed link; both are limited per client address.
 * Mails read from a real SMTP server. Both engines.
 */
const SUPPORT = 'help@tasklane.test';
let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_POLL_MS: '20',
    SUPPORT_EMAIL: SUPPORT,
    AUTH_RATE_LIMIT_MAX: '6',
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

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
});
