import { z } from 'zod';

/**
 * Notifications (issue 10): what others did that concerns a user, never their own acts. The
 * server writes each one with its text and the link of the page it is about (links.ts).
 */
export const NOTIFICATION_TYPES = [
  'offer_received',
  'offer_accepted',
  'offer_declined',
  'offer_not_chosen',
  'offer_open_again',
  'assignment_reopened',
  'task_delivered',
  // Issue 47: the poster sent delivered work back with a note.
  'changes_requested',
  'task_completed',
  'question_asked',
  'question_replied',
  'message_received',
  'review_published',
  'saved_search_match',
  // Issue 20: an admin's decision on my report, and on my content or account.
  'report_outcome',
  'moderation_notice',
  // Issue 47: to admins, a surge of reports from one group.
  'report_surge',
  // Issue 21: the money of a hire.
  'payment_disputed',
  'dispute_resolved',
  'payment_refunded',
  // Issue 50: a poster invited a freelancer to make an offer; the freelancer declined.
  'invitation_received',
  'invitation_declined',
  // Issue 50: a new task shares a skill of a freelancer who asked to be told.
  'task_match',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
/** POST /notifications/read takes at most this many ids at once. */
export const MARK_READ_IDS_MAX = 100;

export const NOTIFICATION_MESSAGES = {
  limitInvalid: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}.`,
  beforeUnknown: 'before must be the id of one of your notifications.',
  readInputInvalid: `Send {"ids": [...]} with 1 to ${MARK_READ_IDS_MAX} notification ids, {"link": "/task/…"} or {"all": true}.`,
} as const;

const M = NOTIFICATION_MESSAGES;

/** Who a notification names and what it is about. `name` is absent for what time did. */
export interface NotificationFacts {
  name: string | null;
  title: string;
  /** The saved search a new task matches (saved_search_match). */
  searchName?: string | undefined;
  /** Why the assignment ended (assignment_reopened), or what to change (changes_requested). */
  reason?: string | undefined;
}

/** The text of each type, written when the notification is. */
export const NOTIFICATION_TEXTS: Record<NotificationType, (facts: NotificationFacts) => string> = {
  offer_received: ({ name, title }) => `${name} made an offer on “${title}”.`,
  offer_accepted: ({ name, title }) => `${name} accepted your offer on “${title}”.`,
  offer_declined: ({ title }) => `Your offer on “${title}” was declined.`,
  offer_not_chosen: ({ title }) =>
    `Someone else was hired for “${title}”. Your offer was not chosen this time.`,
  offer_open_again: ({ title }) => `“${title}” is open again, and your offer on it stands.`,
  assignment_reopened: ({ name, title, reason }) =>
    `${name} ended the assignment on “${title}”${reason ? `: “${reason}”` : ''}. The task is open again.`,
  task_delivered: ({ name, title }) => `${name} marked “${title}” as delivered.`,
  changes_requested: ({ name, title, reason }) =>
    `${name} asked for changes on “${title}”${reason ? `: “${reason}”` : ''}. Deliver again when they are done.`,
  task_completed: ({ name, title }) =>
    name
      ? `${name} confirmed that “${title}” is completed.`
      : `“${title}” is completed: it was delivered and nobody objected in time.`,
  question_asked: ({ name, title }) => `${name} asked a question on “${title}”.`,
  question_replied: ({ name, title }) => `${name} replied to a question on “${title}”.`,
  message_received: ({ name, title }) => `${name} sent you a message about “${title}”.`,
  review_published: ({ name, title }) => `${name}’s review of you on “${title}” is now public.`,
  saved_search_match: ({ searchName, title }) => `New task for “${searchName}”: “${title}”.`,
  report_outcome: ({ title, reason }) => `We looked at your report on ${title}: ${reason}`,
  moderation_notice: ({ title, reason }) => `Tasklane ${title}: “${reason}”`,
  report_surge: ({ name, title }) =>
    `A surge of reports: ${name} and accounts sharing an address or device reported ${title} within an hour. Their reports no longer count toward hiding; one click restores all they hid.`,
  payment_disputed: ({ name, title, reason }) =>
    `${name} disputes the work on “${title}”${reason ? `: “${reason}”` : ''}. The payment stays held until an admin decides.`,
  dispute_resolved: ({ title, reason }) =>
    `An admin decided the dispute on “${title}”${reason ? `: ${reason}` : '.'}`,
  payment_refunded: ({ title, reason }) =>
    `Your payment for “${title}” was refunded${reason ? `: ${reason}` : '.'}`,
  invitation_received: ({ name, title, reason }) =>
    `${name} invited you to make an offer on “${title}”${reason ? `: “${reason}”` : '.'}`,
  invitation_declined: ({ name, title, reason }) =>
    `${name} declined your invitation to “${title}”${reason ? `: “${reason}”` : '.'}`,
  task_match: ({ title }) => `New task that fits your skills: “${title}”.`,
};

export const notificationSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string(),
  link: z.string().describe('A path of the web app: the task, the offer conversation or a profile'),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  before: z
    .string()
    .trim()
    .min(1, M.beforeUnknown)
    .optional()
    .describe('The _id of the last notification of the previous page: the page holds older ones'),
  limit: z.coerce
    .number({ error: M.limitInvalid })
    .int(M.limitInvalid)
    .min(1, M.limitInvalid)
    .max(NOTIFICATIONS_PAGE_MAX, M.limitInvalid)
    .optional()
    .describe(`1 to ${NOTIFICATIONS_PAGE_MAX}; ${NOTIFICATIONS_PAGE_SIZE} when absent`),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema).describe('Newest first'),
  unreadCount: z.number().int().describe('All of the user’s unread notifications'),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** A notification's link is a path of the web app (links.ts); longer ones cannot be one. */
export const NOTIFICATION_LINK_MAX_LENGTH = 500;

/**
 * The body of POST /notifications/read: some of my notifications, those about one page (its
 * link: the conversation or question thread the reader has open), or all of them.
 */
export const markReadInputSchema = z
  .object({
    ids: z.array(z.string({ error: M.readInputInvalid })).optional(),
    link: z
      .string({ error: M.readInputInvalid })
      .min(1, M.readInputInvalid)
      .max(NOTIFICATION_LINK_MAX_LENGTH, M.readInputInvalid)
      .optional()
      .describe('Marks my unread notifications whose `link` is exactly this one'),
    all: z.literal(true, { error: M.readInputInvalid }).optional(),
  })
  .refine(
    ({ ids, link, all }) =>
      [ids, link, all].filter((given) => given !== undefined).length === 1 &&
      (ids === undefined || (ids.length >= 1 && ids.length <= MARK_READ_IDS_MAX)),
    M.readInputInvalid,
  );
export type MarkReadInput = z.infer<typeof markReadInputSchema>;

/** The answer of POST /notifications/read: how many changed and how many are unread now. */
export const markReadResultSchema = z.object({
  modifiedCount: z.number().int(),
  unreadCount: z.number().int().describe('All of the user’s unread notifications, after marking'),
});
export type MarkReadResult = z.infer<typeof markReadResultSchema>;
