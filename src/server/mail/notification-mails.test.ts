import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import {
  MAIL_DEFAULTS,
  MAIL_PREFERENCE_MESSAGES,
  MESSAGE_MAIL_DELAY_MS,
} from '../../shared/mail-preferences.ts';
import { NOTIFICATION_TEXTS } from '../../shared/notifications.ts';
import { sendMessage } from '../../../tests/support/conversations.ts';
import { call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { useSmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import { APP_ORIGIN, useTestApp, validTask } from '../../../tests/support/test-app.ts';
import { sendDailyDigests } from './daily-digest.ts';

/**
 * Issue 19 "What gets mailed": notifications mailed to their recipient as they chose (instant,
 * daily or off), never to the actor, with a one-click unsubscribe that needs no sign-in, and a
 * private message only when still unread ten minutes on. Mails read from a real SMTP server.
 */
const inbox = useSmtpInbox();
const t = useTestApp(() => ({
  SMTP_URL: inbox.url,
  MAIL_POLL_MS: '20',
  MESSAGE_RATE_LIMIT_MAX: '1000',
}));
const [poster, ada] = t.users('Paula Poster', 'Ada Freelancer');

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

const outboxRows = (userId: string, kind: string) =>
  t.db
    .selectFrom('outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();

describe('notification mails', () => {
  it('mails the poster a new offer, with its link and a one-click unsubscribe; not the bidder', async () => {
    const taskId = await postTask(t, poster, validTask({ title: 'Bakery logo' }));
    const offerId = await makeOffer(t, ada, taskId);
    const text = NOTIFICATION_TEXTS.offer_received({ name: ada.name, title: 'Bakery logo' });
    const mail = await inbox.next(poster.email, { subject: text });
    expect(mail.text).toContain(`${APP_ORIGIN}/task/${taskId}`);
    expect(mail.text).toContain(offerId);
    expect(mail.html).toContain('Unsubscribe from these emails');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${APP_ORIGIN}/api/mail/unsubscribe\\?u=${poster.id}&k=new_offer&s=`),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.to(ada.email).filter((m) => m.subject?.includes('Bakery logo'))).toEqual([]);
  });

  it('one POST to the List-Unsubscribe URL, without a session, turns that kind off', async () => {
    const taskId = await postTask(t, poster, validTask({ title: 'Menu design' }));
    await makeOffer(t, ada, taskId);
    const subject = NOTIFICATION_TEXTS.offer_received({ name: ada.name, title: 'Menu design' });
    const mail = await inbox.next(poster.email, { subject });
    const url = new URL(header(mail, 'list-unsubscribe')!.slice(1, -1));

    // A signature for someone else, or none, is refused and changes nothing.
    const forged = `${url.pathname}?u=${ada.id}&k=new_offer&s=${url.searchParams.get('s')}`;
    const refused = await t.app.inject({ method: 'POST', url: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: MAIL_PREFERENCE_MESSAGES.unsubscribeInvalid });

    const answer = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MAIL_PREFERENCE_MESSAGES.unsubscribed('new_offer') });
    const settings = await call(t, 'GET', '/api/me/mail-preferences', poster);
    expect(settings.body).toMatchObject({ new_offer: 'off', offer_decision: 'instant' });
    expect((await call(t, 'GET', '/api/me/mail-preferences', ada)).body).toMatchObject({
      new_offer: 'instant',
    });

    // The next offer is a notification, not a mail.
    const next = await postTask(t, poster, validTask({ title: 'Poster design' }));
    await makeOffer(t, ada, next);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to(poster.email).filter((m) => m.subject?.includes('Poster design'))).toEqual([]);
    await call(t, 'PUT', '/api/me/mail-preferences', poster, { new_offer: 'instant' });
  });

  it('keeps settings per kind, defaults included, and refuses anything else', async () => {
    const cy = await t.signUp({ name: 'Cy Settings' });
    expect((await call(t, 'GET', '/api/me/mail-preferences', cy)).body).toEqual(MAIL_DEFAULTS);
    const changed = await call(t, 'PUT', '/api/me/mail-preferences', cy, {
      questions: 'daily',
      message: 'off',
    });
    expect(changed).toEqual({
      status: 200,
      body: { ...MAIL_DEFAULTS, questions: 'daily', message: 'off' },
    });
    for (const body of [{ questions: 'weekly' }, { password_reset: 'off' }, []]) {
      const refused = await call(t, 'PUT', '/api/me/mail-preferences', cy, body);
      expect(refused).toEqual({
        status: 400,
        body: { message: MAIL_PREFERENCE_MESSAGES.invalid },
      });
    }
    expect((await call(t, 'GET', '/api/me/mail-preferences')).status).toBe(401);
  });

  it('mails a private message only if it is still unread ten minutes on', async () => {
    const taskId = await postTask(t, poster, validTask({ title: 'Flyer' }));
    const offerId = await makeOffer(t, ada, taskId);
    await sendMessage(t, ada, offerId, 'First question');
    const [first] = await outboxRows(poster.id, 'message');
    const wait = Date.parse(first!.next_attempt_at) - Date.parse(first!.created_at);
    expect(wait).toBeGreaterThanOrEqual(MESSAGE_MAIL_DELAY_MS - 1000);

    // Read in time: never mailed.
    await call(t, 'POST', '/api/notifications/read', poster, { all: true });
    const now = new Date().toISOString();
    await t.db
      .updateTable('outbox')
      .set({ next_attempt_at: now })
      .where('id', '=', first!.id)
      .execute();
    await expect
      .poll(async () => (await outboxRows(poster.id, 'message'))[0]?.status)
      .toBe('skipped');

    // Still unread when its time comes: mailed.
    await sendMessage(t, ada, offerId, 'Second question');
    const second = (await outboxRows(poster.id, 'message'))[1]!;
    await t.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('id', '=', second.id)
      .execute();
    const subject = NOTIFICATION_TEXTS.message_received({ name: ada.name, title: 'Flyer' });
    const mails = [await inbox.next(poster.email, { subject })];
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.to(poster.email).filter((m) => m.subject === subject)).toEqual(mails);
  });

  it('gathers the kinds chosen daily into one digest a day, of what is still unread', async () => {
    const dora = await t.signUp({ name: 'Dora Digest' });
    await call(t, 'PUT', '/api/me/mail-preferences', dora, { questions: 'daily' });
    const taskId = await postTask(t, dora, validTask({ title: 'Digest task' }));
    for (const text of ['Is the deadline firm?', 'Which colours?']) {
      await t.request('POST', `/api/tasks/${taskId}/questions`, { user: ada, body: { text } });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.to(dora.email).filter((m) => m.subject?.includes('asked a question'))).toEqual([]);

    expect(await sendDailyDigests(t.db)).toBe(1);
    const asked = NOTIFICATION_TEXTS.question_asked({ name: ada.name, title: 'Digest task' });
    const digest = await inbox.next(dora.email, {
      subject: 'Your daily Tasklane digest: A question on my task, or a reply to my question (2)',
    });
    expect(digest.text?.split(asked)).toHaveLength(3);
    expect(digest.text).toContain('Unsubscribe from these emails');
    // Once a day: a sweep an hour later writes nothing, even with something new.
    await t.request('POST', `/api/tasks/${taskId}/questions`, {
      user: ada,
      body: { text: 'And the size?' },
    });
    expect(await sendDailyDigests(t.db, new Date(Date.now() + 60 * 60 * 1000))).toBe(0);
    // A day later, the next digest has only what came since.
    expect(await sendDailyDigests(t.db, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(1);
    const next = await inbox.next(dora.email, {
      subject: 'Your daily Tasklane digest: A question on my task, or a reply to my question (1)',
    });
    expect(next.text?.split(asked)).toHaveLength(2);
  });
});
