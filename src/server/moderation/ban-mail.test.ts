import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/marketplace.ts';
import { useSmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { grantAdmin } from './admins.ts';

/**
 * Issue 47: a suspended or banned user is mailed the reason, the end of a suspension and how to
 * appeal (SUPPORT_EMAIL, also the Reply-To), through the outbox, as they arrive over SMTP. Both
 * engines.
 */
const SUPPORT = 'appeals@tasklane.example';
const inbox = useSmtpInbox();
const t = useTestApp(() => ({ SMTP_URL: inbox.url, MAIL_POLL_MS: '20', SUPPORT_EMAIL: SUPPORT }));
const admin = t.user({ name: 'Ada Admin' }, { admin: true });

const suspend = (user: TestUser, body: { reason: string; days?: number }) =>
  call(t, 'POST', `/api/admin/users/${user.id}/suspend`, admin, body);

describe('the mail of a suspension or ban', () => {
  it('says why, until when and how to appeal', async () => {
    const sue = await t.signUp({ name: 'Sue Suspended' });
    expect((await suspend(sue, { reason: 'Rude messages', days: 7 })).status).toBe(200);
    const mail = await inbox.next(sue.email, {
      subject: MODERATION_MESSAGES.suspendedMailSubject,
    });
    const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(mail.text).toContain(MODERATION_MESSAGES.suspended('Rude messages', until));
    expect(mail.text).toContain(MODERATION_MESSAGES.appeal(SUPPORT));
    expect(mail.replyTo?.value.map((entry) => entry.address)).toEqual([SUPPORT]);
  });

  it('says a ban is for good', async () => {
    const ben = await t.signUp({ name: 'Ben Banned' });
    expect((await suspend(ben, { reason: 'Stolen cards' })).status).toBe(200);
    const mail = await inbox.next(ben.email, { subject: MODERATION_MESSAGES.bannedMailSubject });
    expect(mail.text).toContain(MODERATION_MESSAGES.banned('Stolen cards'));
    expect(mail.text).toContain('cannot sign in again');
    expect(mail.text).toContain(SUPPORT);
  });

  it('is not written when the ban is refused', async () => {
    const other = await t.signUp({ name: 'Otto Operator' });
    await grantAdmin(t.db, other.id);
    expect((await suspend(other, { reason: 'No' })).status).toBe(409);
    const written = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('user_id', '=', other.id)
      .where('kind', 'like', 'account-%')
      .execute();
    expect(written).toEqual([]);
  });
});
