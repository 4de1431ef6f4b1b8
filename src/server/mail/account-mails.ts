import { BRAND } from '../../shared/brand.ts';
import type { MailContent } from './mail-layout.ts';
import type { MailRequest } from './outbox.ts';

/**
 * The security mails of issue 19: a reset link, an address to verify, a changed password. They
 * cannot be turned off and carry no unsubscribe link.
 */
export type AccountMailKind =
  | 'reset-password'
  | 'verify-email'
  | 'password-changed'
  | 'change-email'
  | 'email-changing'
  | 'sign-up-attempt';

/** How long a mailed reset link works (issue 19: one hour). */
export const RESET_LINK_SECONDS = 60 * 60;
/** How long a mailed verification link works. */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;
/** Reset mails one address gets per hour, however often it is asked for; more are not sent. */
export const RESET_MAILS_PER_HOUR = 3;
/** Issue 47: mails telling an account of a sign-up with its address, per hour, likewise. */
export const SIGN_UP_ATTEMPT_MAILS_PER_HOUR = 3;

interface Recipient {
  id: string;
  name: string;
  email: string;
}

const SECURITY_REASON = `You get this email because of a change to your ${BRAND} account. Security emails cannot be turned off.`;

/**
 * `user` is whom the mail goes to; for 'change-email' that is the new address (with the link)
 * and for 'email-changing' the old one, with `otherEmail` the address asked for.
 */
export function accountMail(
  kind: AccountMailKind,
  user: Recipient,
  url: string | undefined,
  { publicUrl }: { publicUrl: string },
  otherEmail = '',
): MailRequest {
  const hello = `Hi ${user.name},`;
  const notYou = `If this was not you, reset your password at ${publicUrl}/forgot-password.`;
  const contents: Record<AccountMailKind, MailContent> = {
    'reset-password': {
      subject: `Reset your ${BRAND} password`,
      preview: 'A link to choose a new password, valid for one hour.',
      heading: 'Reset your password',
      paragraphs: [hello, 'Someone asked to reset the password of your account. Choose a new one:'],
      action: url ? { label: 'Choose a new password', url } : undefined,
      note: 'The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.',
      reason: SECURITY_REASON,
    },
    'verify-email': {
      subject: `Confirm your email for ${BRAND}`,
      preview: 'One click confirms this address is yours.',
      heading: 'Confirm your email address',
      paragraphs: [hello, `Confirm that ${user.email} is yours, so ${BRAND} can reach you:`],
      action: url ? { label: 'Confirm my email', url } : undefined,
      note: 'The link works for 24 hours. If you did not sign up, ignore this email.',
      reason: SECURITY_REASON,
    },
    'password-changed': {
      subject: `Your ${BRAND} password was changed`,
      preview: 'Your password was changed and your other devices signed out.',
      heading: 'Your password was changed',
      paragraphs: [
        hello,
        'The password of your account was just changed, and every other device was signed out.',
        notYou,
      ],
      reason: SECURITY_REASON,
    },
    'change-email': {
      subject: `Confirm your new email for ${BRAND}`,
      preview: 'One click moves your account to this address.',
      heading: 'Confirm your new email address',
      paragraphs: [
        hello,
        `You asked to sign in to ${BRAND} as ${user.email} from now on. Confirm that this address is yours:`,
      ],
      action: url ? { label: 'Confirm my new email', url } : undefined,
      note: 'The link works for 24 hours. Until it is followed, your account keeps its old address. If you did not ask for this, ignore this email.',
      reason: SECURITY_REASON,
    },
    'email-changing': {
      subject: `Your ${BRAND} email is about to change`,
      preview: `Someone asked to move your account to ${otherEmail}.`,
      heading: 'Your email address is about to change',
      paragraphs: [
        hello,
        `Someone signed in to your account asked to use ${otherEmail} from now on. It changes once a link we sent there is followed.`,
        notYou,
      ],
      reason: SECURITY_REASON,
    },
    'sign-up-attempt': {
      subject: `Someone tried to sign up with your ${BRAND} address`,
      preview: 'Your account is unchanged. If it was you, sign in instead.',
      heading: 'Someone tried to sign up with your address',
      paragraphs: [
        hello,
        `Someone just tried to create a new ${BRAND} account with ${user.email}. This address already has an account, so nothing was created and nothing changed.`,
        `If it was you, sign in instead. Forgot your password? Choose a new one at ${publicUrl}/forgot-password.`,
      ],
      action: url ? { label: 'Sign in', url } : undefined,
      note: 'If it was not you, ignore this email: your account and password are as they were.',
      reason: SECURITY_REASON,
    },
  };
  return { kind, to: user.email, userId: user.id, content: contents[kind] };
}
