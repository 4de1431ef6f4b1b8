import {
  invitationListSchema,
  type InvitationDecline,
  type InvitationInput,
} from '../../../shared/invitations.ts';
import { insertedSchema, modifiedSchema } from '../../../shared/tasks.ts';
import { requestAs } from '../../lib/api.ts';

const taskInvitations = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/invitations`;

/** Issue 50: invitations to make an offer, each answer read with its shared schema. */
export const invitationsApi = {
  invite: (taskId: string, input: InvitationInput) =>
    requestAs(insertedSchema, 'POST', taskInvitations(taskId), input),
  /** The poster reads all of a task's; anyone else their own. */
  listForTask: async (taskId: string) =>
    (await requestAs(invitationListSchema, 'GET', taskInvitations(taskId))).items,
  decline: (invitationId: string, input: InvitationDecline) =>
    requestAs(
      modifiedSchema,
      'POST',
      `/api/invitations/${encodeURIComponent(invitationId)}/decline`,
      input,
    ),
};
