import { z } from 'zod';
import { directoryItemSchema } from './freelancer-directory.ts';

/**
 * Issue 50 "Invitations": a poster asks a freelancer to make an offer on an open task, with an
 * optional note. The freelancer is told (in the app, live, and by mail as they chose), sees
 * "Invited" on the task and may decline with a reason; making an offer answers it.
 */

/** Invitations one poster may send in 24 hours. */
export const INVITATIONS_PER_DAY = 20;
export const INVITATION_NOTE_MAX_LENGTH = 500;
/** Freelancers a task's page suggests to its poster. */
export const SUGGESTED_FREELANCERS_MAX = 5;
export const INVITATION_DECLINE_REASON_MAX_LENGTH = 500;

export const INVITATION_STATUSES = ['pending', 'declined', 'offered'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Invited',
  declined: 'Declined',
  offered: 'Offer made',
};

export const INVITATION_MESSAGES = {
  freelancerRequired: 'Please choose whom to invite.',
  noteTooLong: `A note must be at most ${INVITATION_NOTE_MAX_LENGTH} characters.`,
  reasonTooLong: `A reason must be at most ${INVITATION_DECLINE_REASON_MAX_LENGTH} characters.`,
  notPoster: 'Only the poster of this task can invite freelancers to it.',
  notOpen: 'Only an open task that has not expired can take invitations.',
  self: 'You cannot invite yourself to your own task.',
  noSuchFreelancer: 'No such freelancer.',
  alreadyInvited: 'This freelancer is already invited to this task.',
  alreadyOffered: 'This freelancer has already made an offer on this task.',
  perDay: `You may send ${INVITATIONS_PER_DAY} invitations a day. Please try again tomorrow.`,
  notFound: 'No such invitation.',
  notYours: 'Only the invited freelancer can answer this invitation.',
  notPending: 'This invitation has already been answered.',
  invited: 'Invitation sent.',
  declined: 'Invitation declined.',
} as const;

const M = INVITATION_MESSAGES;

/** POST /api/tasks/{id}/invitations. */
export const invitationInputSchema = z.object({
  freelancerId: z
    .string({ error: M.freelancerRequired })
    .trim()
    .min(1, M.freelancerRequired)
    .max(64, M.noSuchFreelancer)
    .describe('The id of the user invited'),
  note: z
    .string()
    .trim()
    .max(INVITATION_NOTE_MAX_LENGTH, M.noteTooLong)
    .optional()
    .describe('A few words for the freelancer: why them, what matters'),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** POST /api/invitations/{id}/decline. */
export const invitationDeclineSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(INVITATION_DECLINE_REASON_MAX_LENGTH, M.reasonTooLong)
    .optional()
    .describe('Why not, for the poster'),
});
export type InvitationDecline = z.infer<typeof invitationDeclineSchema>;

export const invitationIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const invitationSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  posterId: z.string(),
  posterName: z.string(),
  freelancerId: z.string(),
  freelancerName: z.string(),
  note: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({
  items: z.array(invitationSchema).describe('Newest first'),
});
export type InvitationList = z.infer<typeof invitationListSchema>;

/** GET /api/tasks/{id}/suggested-freelancers: directory cards of whom to invite. */
export const suggestedFreelancersSchema = z.object({
  items: z
    .array(directoryItemSchema)
    .max(SUGGESTED_FREELANCERS_MAX)
    .describe("Sharing the most of the task's skills first"),
});
export type SuggestedFreelancers = z.infer<typeof suggestedFreelancersSchema>;
