import { z } from 'zod';

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
  newAccountTasks: (max: number) =>
    `New accounts may post ${max} tasks a day. Please try again tomorrow.`,
  newAccountOffers: (max: number) =>
    `New accounts may make ${max} offers a day. Please try again tomorrow.`,
} as const;

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
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;
