import { z } from 'zod';
import { moderationStateSchema } from './moderation-state.ts';
import { FILE_CAPS, fileIdsSchema, fileViewSchema } from './files.ts';
import { requiredText } from './tasks.ts';
import { userSummarySchema } from './user-summary.ts';

/**
 * Conversations (issue 10): public questions on a task with their replies, and the private
 * conversation of each offer between the task's poster and the offer's author. Text only,
 * rendered as text. Until a task is assigned, email addresses and phone numbers in them are
 * masked by the server (docs/decisions/011-contact-masking.md).
 */
export const QUESTION_MAX_LENGTH = 1000;
export const MESSAGE_MAX_LENGTH = 2000;
/** GET /tasks/{id}/questions lists at most this many, newest first. */
export const QUESTIONS_LIMIT = 200;
/** GET /offers/{id}/messages lists at most the latest this many, oldest first. */
export const MESSAGES_LIMIT = 500;

/** What stands in a masked text for an email address or a phone number. */
export const CONTACT_MASKS = { email: '[email hidden]', phone: '[phone hidden]' } as const;

export const CONVERSATION_MESSAGES = {
  textRequired: 'Please write something.',
  questionTooLong: `A question must be at most ${QUESTION_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  replyTooLong: `A reply must be at most ${QUESTION_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  messageTooLong: `A message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  questionNotFound: 'Question not found.',
  notInThread: "Only the task's poster and the person who asked can reply to a question.",
  notInConversation:
    "Only the task's poster and the offer's author can read or write its messages.",
  tooFast: 'You are sending messages too quickly. Please wait a minute and try again.',
  contactsHidden: 'Email addresses and phone numbers are hidden until the task is assigned.',
} as const;

const M = CONVERSATION_MESSAGES;

/** The body of POST /tasks/{id}/questions. */
export const questionInputSchema = z.object({
  text: requiredText(M.textRequired, QUESTION_MAX_LENGTH, M.questionTooLong),
});
/** The body of POST /questions/{id}/replies. */
export const replyInputSchema = z.object({
  text: requiredText(M.textRequired, QUESTION_MAX_LENGTH, M.replyTooLong),
});
/** The body of POST /offers/{id}/messages. */
export const messageInputSchema = z.object({
  text: requiredText(M.textRequired, MESSAGE_MAX_LENGTH, M.messageTooLong),
});
export type TextInput = z.infer<typeof messageInputSchema>;
/** Issue 49, additive: the API's body takes uploads (purpose `message`) sent with the text. */
export const messageWithFilesInputSchema = messageInputSchema.extend({
  fileIds: fileIdsSchema(FILE_CAPS.message, 'files').describe(
    'Ready uploads of the author (purpose message), photos or documents; private to the two parties',
  ),
});

const maskedText = z
  .string()
  .describe(
    "As written for its author. Anyone else sees email addresses and phone numbers masked, except the task's poster and its hired freelancer in each other's texts once it is assigned",
  );

export const replySchema = z.object({
  _id: z.string(),
  questionId: z.string(),
  text: maskedText,
  createdAt: z.string(),
  author: userSummarySchema,
  moderation: moderationStateSchema
    .optional()
    .describe('Hidden while reports are reviewed, or removed (its author and admins only see it)'),
});
export type Reply = z.infer<typeof replySchema>;

export const questionSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  text: maskedText,
  createdAt: z.string(),
  asker: userSummarySchema,
  replies: z.array(replySchema).describe('Oldest first'),
  moderation: moderationStateSchema
    .optional()
    .describe('Hidden while reports are reviewed, or removed (its author and admins only see it)'),
});
export type Question = z.infer<typeof questionSchema>;

export const messageSchema = z.object({
  _id: z.string(),
  offerId: z.string(),
  taskId: z.string(),
  text: maskedText,
  createdAt: z.string(),
  author: userSummarySchema,
  files: z
    .array(fileViewSchema)
    .optional()
    .describe('Issue 49: files sent with it; each opens through GET /api/files/{id}/link'),
  moderation: moderationStateSchema
    .optional()
    .describe('Hidden while reports are reviewed, or removed (its author and admins only see it)'),
});
export type Message = z.infer<typeof messageSchema>;

export const questionIdParamsSchema = z.object({ id: z.string() });
