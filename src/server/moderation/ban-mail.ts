import { BRAND } from '../../shared/brand.ts';
import { banMessageOf, MODERATION_MESSAGES } from '../../shared/moderation.ts';
import type { MailRequest } from '../mail/outbox.ts';

export interface BannedUser {
  id: string;
  name: string;
  email: string;
  banReason: string | null;
  /** A suspension's end; none for a ban. */
  banExpires: Date | string | null;
}

/**
 * Issue 47: the mail that tells a suspended or banned user why, what follows and how to appeal
 * (SUPPORT_EMAIL, also its Reply-To). Like the security mails it cannot be turned off.
 */
export function banMail(user: BannedUser, supportEmail: string): MailRequest {
  const isSuspension = user.banExpires !== null;
  const subject = isSuspension
    ? MODERATION_MESSAGES.suspendedMailSubject
    : MODERATION_MESSAGES.bannedMailSubject;
  return {
    kind: isSuspension ? 'account-suspended' : 'account-banned',
    to: user.email,
    userId: user.id,
    headers: { 'Reply-To': supportEmail },
    content: {
      subject,
      preview: banMessageOf(user.banReason, user.banExpires),
      heading: subject,
      paragraphs: [
        `Hi ${user.name},`,
        `${banMessageOf(user.banReason, user.banExpires)}.`,
        `You were signed out everywhere, cannot sign in ${isSuspension ? 'until then' : 'again'}, and your pending offers were withdrawn.`,
        MODERATION_MESSAGES.appeal(supportEmail),
      ],
      reason: `You get this email because an operator acted on your ${BRAND} account. Emails about your account cannot be turned off.`,
    },
  };
}
