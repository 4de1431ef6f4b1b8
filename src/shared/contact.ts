import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { BRAND } from './brand.ts';

/**
 * Contact Us and the newsletter (spec §2, §7; issue 19): a message is stored and mailed to
 * support with the sender as Reply-To; a newsletter sign-up is stored and confirmed by a mail
 * (double opt-in). The spec's thanks stay as they were.
 */
export const CONTACT_THANKS = `Thanks for contacting ${BRAND}!`;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required.',
  messageRequired: 'Message is required.',
  tooLong: `The message must be at most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  newsletterConfirmed: 'You are subscribed to the Tasklane newsletter. Thank you!',
  newsletterLinkBad: 'This confirmation link is not valid. Sign up again from the home page.',
} as const;

/** spec §2: name, email and message required, subject optional. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(100),
  email: emailSchema,
  subject: z.string().trim().max(200).optional(),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.tooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.object({ email: emailSchema });
export const newsletterConfirmSchema = z.object({ token: z.string().min(1).max(200) });
