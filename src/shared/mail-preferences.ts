import { z } from 'zod';
import type { NotificationType } from './notifications.ts';

/**
 * Issue 19 "What gets mailed": the kinds of mail a user chooses instant, a daily digest or off
 * for, on /dashboard/notifications/settings. Security mails (reset, verification, password and
 * email changes) are not among them: they cannot be turned off.
 */
export const MAIL_KINDS = [
  'new_offer',
  'offer_decision',
  'hired_elsewhere',
  'task_progress',
  'message',
  'questions',
  'review_public',
  'saved_search',
  // Issue 50.
  'invitations',
  'matched_tasks',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_MODES = ['instant', 'daily', 'off'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

export const MAIL_MODE_LABELS: Record<MailMode, string> = {
  instant: 'Instant',
  daily: 'Daily digest',
  off: 'Off',
};

/** What each kind is, as the settings page and the unsubscribe page say it. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  new_offer: 'A new offer on my task',
  offer_decision: 'My offer is accepted or declined',
  hired_elsewhere: 'Someone else was hired for a task I offered on',
  task_progress: 'A task of mine is delivered, completed or reopened',
  message: 'A private message still unread after 10 minutes',
  questions: 'A question on my task, or a reply to my question',
  review_public: 'A review about me became public',
  saved_search: 'New tasks for my saved searches',
  invitations: 'An invitation to make an offer, or an answer to mine',
  matched_tasks: 'New tasks that fit my skills',
};

export const MAIL_DEFAULTS: Record<MailKind, MailMode> = {
  new_offer: 'instant',
  offer_decision: 'instant',
  hired_elsewhere: 'instant',
  task_progress: 'instant',
  message: 'instant',
  questions: 'instant',
  review_public: 'instant',
  saved_search: 'daily',
  invitations: 'instant',
  matched_tasks: 'daily',
};

/** The kind of mail each notification is; null: shown in the app only (issue 20's notices). */
export const MAIL_KIND_OF: Record<NotificationType, MailKind | null> = {
  offer_received: 'new_offer',
  offer_accepted: 'offer_decision',
  offer_declined: 'offer_decision',
  offer_not_chosen: 'hired_elsewhere',
  offer_open_again: 'task_progress',
  assignment_reopened: 'task_progress',
  task_delivered: 'task_progress',
  changes_requested: 'task_progress',
  task_completed: 'task_progress',
  question_asked: 'questions',
  question_replied: 'questions',
  message_received: 'message',
  review_published: 'review_public',
  saved_search_match: 'saved_search',
  report_outcome: null,
  moderation_notice: null,
  report_surge: null,
  payment_disputed: 'task_progress',
  dispute_resolved: 'task_progress',
  payment_refunded: 'task_progress',
  invitation_received: 'invitations',
  invitation_declined: 'invitations',
  task_match: 'matched_tasks',
};

/** A private message is mailed only if it is still unread this long after it came. */
export const MESSAGE_MAIL_DELAY_MS = 10 * 60 * 1000;

export const MAIL_PREFERENCE_MESSAGES = {
  invalid: `Send an object of mail kinds (${MAIL_KINDS.join(', ')}), each "instant", "daily" or "off".`,
  saved: 'Your email settings are saved.',
  unsubscribed: (kind: MailKind) =>
    `You will get no more emails for “${MAIL_KIND_LABELS[kind]}”. You can turn them on again in your email settings.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

const modeSchema = z.enum(MAIL_MODES, { error: MAIL_PREFERENCE_MESSAGES.invalid });

/** Every kind with its mode: what GET answers. */
export const mailPreferencesSchema = z.object(
  Object.fromEntries(MAIL_KINDS.map((kind) => [kind, modeSchema])) as Record<
    MailKind,
    typeof modeSchema
  >,
);
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** PUT's body: any of the kinds, nothing else. */
export const mailPreferencesUpdateSchema = z.strictObject(mailPreferencesSchema.partial().shape, {
  error: MAIL_PREFERENCE_MESSAGES.invalid,
});

/** The one-click unsubscribe's query (RFC 8058): whose, which kind, and the signature. */
export const unsubscribeQuerySchema = z.object({
  u: z.string().min(1).max(200),
  k: z.enum(MAIL_KINDS, { error: MAIL_PREFERENCE_MESSAGES.unsubscribeInvalid }),
  s: z.string().min(1).max(200),
});
