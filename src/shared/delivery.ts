import { z } from 'zod';
import { FILE_CAPS, fileIdsSchema, fileViewSchema } from './files.ts';
import { OFFER_MESSAGES, REOPEN_REASON_MAX_LENGTH } from './offers.ts';
import { requiredText } from './tasks.ts';

/**
 * Issue 47: what the poster answers to delivered work besides confirming it. "Request changes"
 * sends it back to the same freelancer with a note, a limited number of times per hire;
 * "Open a dispute" holds the money for an admin's decision. Both parties read the rounds.
 */
export const CHANGE_NOTE_MAX_LENGTH = 2000;
/** Issue 49: the note that may go with a delivery. */
export const DELIVERY_NOTE_MAX_LENGTH = 2000;
/** CHANGE_ROUNDS_MAX's default: rounds of changes per hire. */
export const CHANGE_ROUNDS_DEFAULT = 3;

/** A count of times in words: "once", "3 times". */
export const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

export const DELIVERY_MESSAGES = {
  noteRequired: 'Please say what should change.',
  noteTooLong: `The note must be at most ${CHANGE_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  disputeReasonRequired: 'Please say what is wrong with the delivered work.',
  /** The limit reached: what the poster can still do depends on whether money is held. */
  roundsUsed: (max: number, isPaid: boolean) =>
    `You have asked for changes ${times(max)}, the most for one hire. Confirm completion, or ${
      isPaid ? 'open a dispute' : 'end the assignment'
    }.`,
  deliveryNoteTooLong: `The note must be at most ${DELIVERY_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  notParty: "Only the task's poster and its hired freelancer can read its rounds of changes.",
  nothingHeld:
    'No payment is held for this task, so there is nothing for an admin to decide. End the assignment instead: the task is open to offers again.',
} as const;

const M = DELIVERY_MESSAGES;

/** The body of POST /tasks/{id}/changes. */
export const changeRequestInputSchema = z.object({
  note: requiredText(M.noteRequired, CHANGE_NOTE_MAX_LENGTH, M.noteTooLong).describe(
    'What the freelancer should change',
  ),
});
export type ChangeRequestInput = z.infer<typeof changeRequestInputSchema>;

/**
 * The body of POST /tasks/{id}/dispute: the poster's first statement. It is what a reopen of
 * delivered work with its money held opens too (offers.service.ts reopenTask), so it takes the
 * reopen reason's limit and message.
 */
export const disputeInputSchema = z.object({
  reason: requiredText(
    M.disputeReasonRequired,
    REOPEN_REASON_MAX_LENGTH,
    OFFER_MESSAGES.reasonTooLong,
  ),
});
export type DisputeInput = z.infer<typeof disputeInputSchema>;

export const changeRoundSchema = z.object({
  _id: z.string(),
  note: z.string(),
  deliveredAt: z.string().describe('The delivery sent back'),
  requestedAt: z.string(),
  redeliveredAt: z
    .string()
    .nullable()
    .describe('When the freelancer delivered again; null while they work on it'),
});
export type ChangeRound = z.infer<typeof changeRoundSchema>;

/**
 * Issue 49: the optional body of POST /tasks/{id}/deliver (without a body it is the spec's
 * call): the freelancer's note and files, the poster reads them before confirming.
 */
export const deliverBodySchema = z.object({
  note: z
    .string()
    .trim()
    .max(DELIVERY_NOTE_MAX_LENGTH, M.deliveryNoteTooLong)
    .optional()
    .describe('For the poster: what is delivered and how to use it'),
  fileIds: fileIdsSchema(FILE_CAPS.delivery, 'files').describe(
    "Ready uploads of purpose 'delivery' (photos or documents), the freelancer's own",
  ),
});
export type DeliverInput = z.infer<typeof deliverBodySchema>;
/** No body at all (the spec's call) comes as nothing, or as null. */
export const deliverInputSchema = deliverBodySchema.nullish();

/** One "Mark as delivered" of the hire, with its note and files. */
export const deliverySchema = z.object({
  _id: z.string(),
  note: z.string().nullable().describe('null: delivered without a note'),
  createdAt: z.string(),
  files: z
    .array(fileViewSchema)
    .describe('In the order sent; private: photos have no public address, each a downloadUrl'),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** GET /tasks/{id}/delivery: the current hire's rounds of changes, for its two parties. */
export const taskDeliverySchema = z.object({
  deliveries: z
    .array(deliverySchema)
    .describe("The hire's deliveries, oldest first: one for each round"),
  rounds: z.array(changeRoundSchema).describe('Oldest first'),
  roundsMax: z.number().int().describe('CHANGE_ROUNDS_MAX: rounds of changes per hire'),
  roundsLeft: z.number().int(),
  isPaymentHeld: z
    .boolean()
    .describe('Money is held for the task: a dispute is for an admin to decide'),
  hasDelivered: z
    .boolean()
    .describe(
      'The work was delivered, now or before a round of changes took it back: the poster may dispute it, and their reopen of it is a dispute where money is held',
    ),
  isDisputed: z.boolean().describe('An admin is deciding a dispute of the delivered work'),
});
export type TaskDelivery = z.infer<typeof taskDeliverySchema>;
