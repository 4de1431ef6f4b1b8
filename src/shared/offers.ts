import { z } from 'zod';
import { userSummarySchema } from './user-summary.ts';
import { budgetSchema, requiredText, TASK_STATUSES } from './tasks.ts';

/**
 * Offers (issue 9): a freelancer's price and message on an open task. One per freelancer per
 * task; pending until its author withdraws it or the poster accepts or declines it; an accepted
 * offer is released when the assignment ends early.
 */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'released'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * Why a declined offer was declined (issue 17, decision 022): the poster said no (`poster`), or
 * another freelancer was hired (`hired`); only the second becomes pending again on a reopen.
 */
export const OFFER_DECLINED_BECAUSE = ['poster', 'hired'] as const;
export type OfferDeclinedBecause = (typeof OFFER_DECLINED_BECAUSE)[number];

export const OFFER_MESSAGE_MAX_LENGTH = 2000;
export const REOPEN_REASON_MAX_LENGTH = 1000;

export const OFFER_MESSAGES = {
  messageRequired: 'Message is required.',
  messageTooLong: `Message must be at most ${OFFER_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  offerNotFound: 'Offer not found.',
  notYourOffer: 'You can only change offers that you have made.',
  notPending: 'This offer is no longer pending.',
  alreadyOffered: 'You already have an offer on this task. Edit it instead.',
  alreadyDeclined: 'The poster has declined your offer on this task.',
  alreadyHired: 'You were already hired for this task once.',
  reasonRequired: 'Please say why the assignment ends.',
  changedWhilePaying: 'The freelancer changed this offer while you were paying.',
  checkoutOpen: 'The poster is paying for this offer now. It cannot change while they pay.',
  reasonTooLong: `The reason must be at most ${REOPEN_REASON_MAX_LENGTH.toLocaleString('en-US')} characters.`,
} as const;

const M = OFFER_MESSAGES;

/** The body of POST /tasks/{id}/offers and PUT /offers/{id}: the budget's rules for the price. */
export const offerInputSchema = z.object({
  amount: budgetSchema.describe('USD, above 0, at most 1,000,000, whole cents'),
  message: requiredText(M.messageRequired, OFFER_MESSAGE_MAX_LENGTH, M.messageTooLong),
});
export type OfferInput = z.infer<typeof offerInputSchema>;
export type OfferInputDraft = z.input<typeof offerInputSchema>;

/** The body of POST /tasks/{id}/reopen. */
export const reopenInputSchema = z.object({
  reason: requiredText(M.reasonRequired, REOPEN_REASON_MAX_LENGTH, M.reasonTooLong),
});
export type ReopenInput = z.infer<typeof reopenInputSchema>;

/** The answer of POST /tasks/{id}/reopen: the spec's, and `disputed` when it opened a dispute. */
export const reopenAnswerSchema = z.object({
  modifiedCount: z.number().int(),
  disputed: z.literal(true).optional().describe('Issue 21: a dispute was opened instead'),
});

/** A bidder as the poster compares them: public figures only, never an email. */
export const bidderSchema = userSummarySchema.extend({
  rating: z.number().nullable().describe('Average of public reviews, null when none'),
  reviewsCount: z.number().int(),
  completedCount: z.number().int().describe('Jobs completed as a freelancer'),
});

/** How an assignment ended early (POST /tasks/{id}/reopen), as its two parties read it. */
export const assignmentEndedSchema = z.object({
  by: z.enum(['poster', 'freelancer']),
  reason: z.string(),
  at: z.string(),
});
export type AssignmentEnded = z.infer<typeof assignmentEndedSchema>;

/** An offer, as its author and the task's poster see it (nobody else sees price or message). */
export const offerSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  amount: z.number().describe('USD'),
  message: z.string(),
  status: z.enum(OFFER_STATUSES),
  declinedBecause: z
    .enum(OFFER_DECLINED_BECAUSE)
    .nullable()
    .describe('Declined only: `poster` said no, or `hired` another freelancer. Null otherwise'),
  assignmentEnded: assignmentEndedSchema
    .nullable()
    .describe('Released only: who ended the assignment and why. Null otherwise'),
  createdAt: z.string(),
  updatedAt: z.string(),
  bidder: bidderSchema,
});
export type Offer = z.infer<typeof offerSchema>;

/** GET /me/offers: my offers, each with the task it is on. */
export const myOfferSchema = offerSchema.omit({ bidder: true }).extend({
  task: z.object({
    _id: z.string(),
    title: z.string(),
    status: z.enum(TASK_STATUSES),
    expired: z.boolean(),
    budget: z.number().describe('USD'),
    deadline: z.string().describe('YYYY-MM-DD'),
  }),
});
export type MyOffer = z.infer<typeof myOfferSchema>;

export const offerIdParamsSchema = z.object({ id: z.string() });
