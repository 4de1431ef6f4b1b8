import { z } from 'zod';
import { MODERATION_NOTICES } from './moderation-state.ts';
import { userSummarySchema } from './user-summary.ts';

/** Issue 20: trust and safety. Roles, blocks, reports and the operator's actions. */

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The longest a suspension may be; longer is a ban. */
export const MAX_SUSPENSION_DAYS = 365;
export const MODERATION_REASON_MAX_LENGTH = 1000;

const dateOf = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

export const MODERATION_MESSAGES = {
  adminsOnly: 'Only Tasklane’s operators may do this.',
  /** What sign-in answers a suspended or banned account. */
  suspended: (reason: string, until: Date | string) =>
    `Your account is suspended until ${dateOf(until)}: ${reason}`,
  banned: (reason: string) => `Your account is banned: ${reason}`,
  /** Issue 47: the subject of the mail that tells the user, and how to appeal. */
  suspendedMailSubject: 'Your Tasklane account is suspended',
  bannedMailSubject: 'Your Tasklane account is banned',
  appeal: (supportEmail: string) =>
    `If you think this is a mistake, reply to this email or write to ${supportEmail} to appeal, saying why; an operator other than the one who decided reads every appeal.`,
  reasonRequired: 'Please give a reason: it is recorded with the action.',
  reasonTooLong: `A reason is at most ${MODERATION_REASON_MAX_LENGTH} characters.`,
  daysInvalid: `A suspension lasts from 1 to ${MAX_SUSPENSION_DAYS} days.`,
  notAdminTarget: 'An operator cannot be suspended or banned. Take their role away first.',
  blockSelf: 'You cannot block yourself.',
  blocked: 'You cannot contact this user.',
  youBlocked: 'You blocked this user. Unblock them to contact them again.',
  blockDone: (name: string) =>
    `${name} is blocked: they cannot make offers on your tasks, ask about them or message you.`,
  unblockDone: (name: string) => `${name} is no longer blocked.`,
  taskModerated:
    'This task is hidden while we review reports, or was removed: it takes no offers or bids and cannot be hired.',
  newAccountTasks: (max: number) =>
    `New accounts may post ${max} tasks a day. Please try again tomorrow.`,
  /** Issue 47: the add-task page says it before anyone types. */
  newAccountTasksLeft: (remaining: number, max: number) =>
    remaining === 0
      ? `New accounts may post ${max} tasks a day: you have none left today. Please try again tomorrow.`
      : `New accounts may post ${max} tasks a day: you have ${remaining} left today.`,
  newAccountOffers: (max: number) =>
    `New accounts may make ${max} offers a day. Please try again tomorrow.`,
} as const;

/** What a suspended or banned account is told (sign-in, its open pages): the reason, the end. */
export const banMessageOf = (reason: string | null, expires: Date | string | null) =>
  expires
    ? MODERATION_MESSAGES.suspended(reason ?? '', expires)
    : MODERATION_MESSAGES.banned(reason ?? '');

export const moderationReasonSchema = z
  .string({ error: MODERATION_MESSAGES.reasonRequired })
  .trim()
  .min(1, MODERATION_MESSAGES.reasonRequired)
  .max(MODERATION_REASON_MAX_LENGTH, MODERATION_MESSAGES.reasonTooLong);

/** A suspension for `days` days, or without days a ban. */
export const suspendSchema = z.object({
  reason: moderationReasonSchema,
  days: z
    .number({ error: MODERATION_MESSAGES.daysInvalid })
    .int(MODERATION_MESSAGES.daysInvalid)
    .min(1, MODERATION_MESSAGES.daysInvalid)
    .max(MAX_SUSPENSION_DAYS, MODERATION_MESSAGES.daysInvalid)
    .optional(),
});

export const reasonOnlySchema = z.object({ reason: moderationReasonSchema });

/** One line of the audit log. */
export const adminActionSchema = z.object({
  _id: z.string(),
  admin: z.object({ _id: z.string(), name: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetName: z
    .string()
    .describe(
      "Issue 47: the user's name, the task's title, or the item's kind and its task's title",
    ),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;

/** Issue 20 "Report": what can be reported, and why. */
export const REPORT_ITEM_TYPES = [
  'task',
  'question',
  'reply',
  'message',
  'review',
  'user',
  // Issue 49: a photo or document shown with a task, a message or a profile (the file's id).
  'file',
] as const;
export type ReportItemType = (typeof REPORT_ITEM_TYPES)[number];

export const REPORT_REASONS = ['spam', 'scam', 'abusive', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam, or payment outside Tasklane',
  abusive: 'Abusive or harassing',
  inappropriate: 'Inappropriate content',
  other: 'Other',
};

export const REPORT_NOTE_MAX_LENGTH = 1000;

/**
 * Issue 47 (decision 054): why a report is recorded and queued for review but does not count
 * toward hiding: its account was new or unverified when it reported, or it came from a group
 * whose reports surged.
 */
export const REPORT_UNCOUNTED_REASONS = ['new-account', 'unverified', 'surge'] as const;
export type ReportUncountedBecause = (typeof REPORT_UNCOUNTED_REASONS)[number];

export const REPORT_UNCOUNTED_LABELS: Record<ReportUncountedBecause, string> = {
  'new-account': 'new account: does not count toward hiding',
  unverified: 'email not verified: does not count toward hiding',
  surge: 'part of a surge: does not count toward hiding',
};

export const REPORT_MESSAGES = {
  thanks: 'Thank you for your report. We will look at it and tell you what we decided.',
  already: 'You have already reported this. We will tell you what we decided.',
  own: 'You cannot report your own content.',
  notFound: 'There is nothing to report here.',
  reasonInvalid: 'Choose a reason for your report.',
  noteTooLong: `A note is at most ${REPORT_NOTE_MAX_LENGTH} characters.`,
  tooMany: (max: number) =>
    `You can send ${max} reports a day. Please try again tomorrow; we are looking at the ones you sent.`,
  nothingToRestore: 'This item has no open reports, so there is nothing of theirs to restore.',
  restored: (items: number, reports: number, reporters: number) =>
    `Restored ${items} ${items === 1 ? 'item' : 'items'}; closed ${reports} ${reports === 1 ? 'report' : 'reports'} by ${reporters} ${reporters === 1 ? 'reporter' : 'reporters'}.`,
  /** What the author (and admins) see on content hidden by reports, or removed. */
  ...MODERATION_NOTICES,
} as const;

export const reportInputSchema = z.object({
  itemType: z.enum(REPORT_ITEM_TYPES, { error: REPORT_MESSAGES.notFound }),
  itemId: z.string().min(1, REPORT_MESSAGES.notFound).max(100, REPORT_MESSAGES.notFound),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonInvalid }),
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, REPORT_MESSAGES.noteTooLong).optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export {
  moderationStateOf,
  moderationStateSchema,
  type ModerationState,
} from './moderation-state.ts';

/** Issue 20 "How the market is doing": the last MARKET_DAYS days, one row per UTC day. */
export const MARKET_DAYS = 30;

export const marketDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  tasksPosted: z.number().int(),
  offersMade: z.number().int(),
  tasksHired: z.number().int().describe('Tasks whose freelancer was hired that day'),
  fillRate: z.number().nullable().describe('tasksHired ÷ tasksPosted; null without tasks posted'),
  medianHoursToFirstOffer: z
    .number()
    .nullable()
    .describe("Of the day's tasks that got an offer: posting to first offer"),
  medianHoursToHire: z.number().nullable().describe("Of the day's hires: posting to the hire"),
  completions: z.number().int(),
  completionRate: z
    .number()
    .nullable()
    .describe('completions ÷ (completions + assignments ended early that day)'),
  newUsers: z.number().int(),
  reportsOpened: z.number().int(),
  reportsClosed: z.number().int(),
});
export type MarketDay = z.infer<typeof marketDaySchema>;

export const marketStatsSchema = z.object({
  days: z.array(marketDaySchema).describe('Oldest first; every day present, zeros included'),
  computedInMs: z.number(),
});
export type MarketStats = z.infer<typeof marketStatsSchema>;

/** The answers of issue 20's routes, read by the server's responses and the pages alike. */
export const messageAnswerSchema = z.object({ message: z.string() });
export const blockStatusSchema = z.object({ blocked: z.boolean() });
export const blockedUserSchema = userSummarySchema.extend({ blockedAt: z.string() });
export type BlockedUser = z.infer<typeof blockedUserSchema>;

const personSchema = z.object({ _id: z.string(), name: z.string() });

/** One item of the operator's queue: its open reports, grouped. */
export const reportedItemSchema = z.object({
  itemType: z.enum(REPORT_ITEM_TYPES),
  itemId: z.string(),
  label: z.string(),
  link: z.string(),
  content: z.string(),
  author: personSchema,
  moderation: z.string().nullable(),
  reportCount: z.number(),
  firstReportedAt: z.string(),
  reasons: z.record(z.string(), z.number()),
  notes: z.array(
    z.object({
      reporter: personSchema,
      reason: z.string(),
      note: z.string().nullable(),
      uncountedBecause: z
        .enum(REPORT_UNCOUNTED_REASONS)
        .nullable()
        .describe('Issue 47: why this report does not count toward hiding; null when it does'),
    }),
  ),
});
export type ReportedItemAnswer = z.infer<typeof reportedItemSchema>;

/** A user as the operator's search finds them. */
export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  banExpires: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The audit log's actions, as the server records them. */
export const AUDIT_ACTIONS = [
  'dismiss',
  'remove',
  'warn',
  'suspend',
  'ban',
  'lift',
  'set-role',
  'restore-group',
  'dispute_release',
  'dispute_refund',
  'dispute_split',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an operator sees of one user (issue 20 "Users"): their tasks, offers, reports, history. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  tasks: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      status: z.string(),
      moderation: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  offers: z.array(
    z.object({
      _id: z.string(),
      taskId: z.string(),
      taskTitle: z.string(),
      status: z.string(),
      amount: z.number(),
      createdAt: z.string(),
    }),
  ),
  reportsMade: z.array(
    z.object({
      itemType: z.enum(REPORT_ITEM_TYPES),
      itemId: z.string(),
      reason: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  reportsReceived: z.array(
    z.object({
      itemType: z.enum(REPORT_ITEM_TYPES),
      itemId: z.string(),
      reason: z.string(),
      note: z.string().nullable(),
      status: z.string(),
      reporter: z.object({ _id: z.string(), name: z.string() }),
      createdAt: z.string(),
    }),
  ),
  history: z.array(adminActionSchema).describe('The audit lines about this user, newest first'),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
