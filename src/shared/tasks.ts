import { z } from 'zod';
import { budgetProblem } from './budget-rules.ts';
import { TASK_FIELD_MESSAGES } from './task-field-messages.ts';
import { moderationStateSchema } from './moderation-state.ts';
import { userSummarySchema } from './user-summary.ts';
import { FILE_CAPS, fileIdsSchema, fileViewSchema } from './files.ts';
import { skillListSchema } from './skill-key.ts';
import { TASK_STATUSES, todayUtc } from './task-status.ts';
import {
  CATEGORIES,
  DESCRIPTION_MAX_LENGTH,
  isCalendarDate,
  LIST_LIMIT_MAX,
  TASK_LIST_STATUSES,
  TASK_SORTS,
  TITLE_MAX_LENGTH,
} from './task-rules.ts';

export * from './task-rules.ts';
export * from './budget-rules.ts';
export * from './task-field-messages.ts';
export * from './task-status.ts';

const M = TASK_FIELD_MESSAGES;

/** Issue 50: how many skills a task may carry. */
export const TASK_SKILLS_MAX = 5;
export const TASK_SKILL_MESSAGES = {
  tooManySkills: `A task may carry at most ${TASK_SKILLS_MAX} skills.`,
} as const;

/** Text that must be there, trimmed, at most `max` characters. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * A USD amount by the budget's rules (spec §5 and ours): a number or numeric text, above 0, at
 * most 1,000,000, whole cents. Offers' amounts follow the same rules and messages (issue 9).
 */
export const budgetSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = budgetProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => Number(typeof value === 'string' ? value.trim() : value));

/** The body of POST /tasks and PUT /tasks/{id} (spec §7); the poster comes from the session. */
export const taskInputSchema = z.object({
  title: requiredText(M.titleRequired, TITLE_MAX_LENGTH, M.titleTooLong),
  category: z.enum(CATEGORIES, {
    error: (issue) => (issue.input === undefined ? M.categoryRequired : M.categoryInvalid),
  }),
  description: requiredText(M.descriptionRequired, DESCRIPTION_MAX_LENGTH, M.descriptionTooLong),
  deadline: z
    .string({ error: M.deadlineRequired })
    .trim()
    .min(1, M.deadlineRequired)
    .refine(isCalendarDate, { message: M.deadlineInvalid, abort: true })
    // Issue 9: no new task is due in the past (UTC, the day expiry is judged by).
    .refine((deadline) => deadline >= todayUtc(), M.deadlinePast),
  // A form sends text, a client sends a number: both are "parsed as a number" (§5).
  budget: budgetSchema,
  // Issue 49, additive: uploads (POST /api/uploads, purpose `task`) to show with the task, in
  // order. Absent: the task's files stay as they are; on an edit, a list replaces them.
  photoIds: fileIdsSchema(FILE_CAPS.taskPhotos, 'photos').describe(
    'Ready photo uploads of the poster (purpose task), in order; the first is the thumbnail',
  ),
  fileIds: fileIdsSchema(FILE_CAPS.taskDocuments, 'documents').describe(
    'Ready document uploads of the poster (purpose task), in order',
  ),
  // Issue 50, additive: absent on an edit, the task keeps its skills; [] removes them.
  skills: skillListSchema(TASK_SKILLS_MAX, TASK_SKILL_MESSAGES.tooManySkills)
    .optional()
    .describe(
      `Up to ${TASK_SKILLS_MAX} skills (curated, GET /api/skills, or typed; 1–40 characters, none twice); freelancers with one of them who asked for matching tasks are told`,
    ),
});
export type TaskInput = z.infer<typeof taskInputSchema>;
/** What a form holds before parsing: every field as typed. */
export type TaskInputDraft = z.input<typeof taskInputSchema>;

export const taskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  description: z.string(),
  deadline: z.string().describe('YYYY-MM-DD'),
  budget: z.number().describe('USD'),
  userEmail: z
    .string()
    .optional()
    .describe(
      "Only for signed-in readers; as written only for the poster and, once the task is assigned, its hired freelancer: '[email hidden]' for everyone else",
    ),
  userName: z.string(),
  // Issue 51, additive: the poster's photo for the card beside their name (null: none).
  userImage: z.string().nullable().optional().describe("The poster's photo URL; null without one"),
  // Issue 51, additive: the poster's rating beside their photo on the cards.
  userRating: z
    .object({
      average: z.number().describe('Of their public reviews, 2 decimals'),
      count: z.number().int().describe('How many public reviews'),
    })
    .optional()
    .describe(
      "The poster's rating: their public reviews, as on their profile (GET /api/users/{id} rating); none while they have none",
    ),
  bidsCount: z.number().int(),
  // Issue 9, additive: the status, who posted it and who is doing it.
  status: z.enum(TASK_STATUSES),
  expired: z.boolean().describe('Open, and the deadline day has passed (UTC): takes no offers'),
  userId: z.string().describe("The poster's public id (GET /api/users/{id})"),
  assignee: userSummarySchema.nullable().describe('The hired freelancer, while assigned or after'),
  deliveredAt: z.string().nullable().describe('ISO time the freelancer marked it delivered'),
  completedAt: z.string().nullable().describe('ISO time it was completed'),
  // Issue 49, additive: the first photo's thumbnail on every task answer, lists included; its
  // photos and documents on a task's own read (GET /api/tasks/{id}) only.
  photo: z
    .object({ thumb: z.string(), placeholder: z.string() })
    .optional()
    .describe(
      "The first photo's thumbnail (160 px WebP) and its tiny placeholder; none without photos",
    ),
  photos: z
    .array(fileViewSchema)
    .optional()
    .describe('GET /api/tasks/{id} only: its photos in order'),
  files: z
    .array(fileViewSchema)
    .optional()
    .describe(
      'GET /api/tasks/{id} only: its documents; a download link for each from GET /api/files/{id}/link',
    ),
  // Issue 50, additive: on a task's own read only.
  skills: z
    .array(z.string())
    .optional()
    .describe('GET /api/tasks/{id} only: the skills the task asks for, in order; none: absent'),
  // Issue 20, additive: only its author and admins ever read a task hidden or removed.
  moderation: moderationStateSchema
    .optional()
    .describe('Hidden while reports are reviewed, or removed by Tasklane (author and admins only)'),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: M.limitInvalid })
    .int(M.limitInvalid)
    .min(1, M.limitInvalid)
    .max(LIST_LIMIT_MAX, M.limitInvalid)
    .optional(),
  // Issue 47, additive: the web app reads a user's own tasks a page at a time.
  offset: z.coerce
    .number({ error: M.offsetInvalid })
    .int(M.offsetInvalid)
    .min(0, M.offsetInvalid)
    .max(1_000_000, M.offsetInvalid)
    .optional()
    .describe('With `limit`: how many tasks of the list to skip, for its next page'),
  sort: z.enum(TASK_SORTS, { error: M.sortInvalid }).optional(),
  category: z.enum(CATEGORIES, { error: M.categoryInvalid }).optional(),
  email: z.string().trim().min(1).optional(),
  status: z
    .enum(TASK_LIST_STATUSES, { error: M.statusInvalid })
    .optional()
    .describe('`open`: only tasks that take offers (open, not expired); or assigned, completed'),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskIdParamsSchema = z.object({ id: z.string() });

export const insertedSchema = z.object({ insertedId: z.string() });
export const updatedSchema = z.object({ matchedCount: z.number(), modifiedCount: z.number() });
export const bidPlacedSchema = z.object({ modifiedCount: z.number() });
/** The answer of the writes that change one row or none (issue 9's offers and transitions). */
export const modifiedSchema = bidPlacedSchema;
export const deletedSchema = z.object({ deletedCount: z.number() });
export const taskCountSchema = z.object({ total: z.number().int() });
/** GET /api/tasks/allowance (issue 47): the signed-in account's posts left today. */
export const taskAllowanceSchema = z.object({
  remaining: z
    .number()
    .int()
    .nullable()
    .describe('Tasks this account may still post today; null: no daily limit applies to it'),
  perDay: z.number().int().describe("A new account's daily limit (its first 24 hours)"),
});
export type TaskAllowance = z.infer<typeof taskAllowanceSchema>;
export const errorSchema = z.object({ message: z.string() });
