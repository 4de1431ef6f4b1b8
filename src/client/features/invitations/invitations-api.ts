import {
  invitationListSchema,
  suggestedFreelancersSchema,
  type InvitationDecline,
  type InvitationInput,
} from '../../../shared/invitations.ts';
import {
  LIST_LIMIT_MAX,
  insertedSchema,
  modifiedSchema,
  type Task,
} from '../../../shared/tasks.ts';
import { request, requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

const taskInvitations = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/invitations`;

/** Issue 50: invitations to make an offer, each answer read with its shared schema. */
export const invitationsApi = {
  /**
   * The tasks one may invite to: one's own newest open ones, not expired (status=open, at most
   * LIST_LIMIT_MAX); one's own list keeps a task hidden by reports, which takes no invitations.
   */
  ownOpenTasks: async (email: string) =>
    (
      await request<Task[]>(
        'GET',
        apiPaths.taskList({ email, status: 'open', limit: LIST_LIMIT_MAX }),
      )
    ).filter((task) => !task.moderation),
  invite: (taskId: string, input: InvitationInput) =>
    requestAs(insertedSchema, 'POST', taskInvitations(taskId), input),
  /** The poster reads all of a task's; anyone else their own. */
  listForTask: async (taskId: string) =>
    (await requestAs(invitationListSchema, 'GET', taskInvitations(taskId))).items,
  /** The poster's suggestions of whom to invite to an open task. */
  suggested: async (taskId: string) =>
    (
      await requestAs(
        suggestedFreelancersSchema,
        'GET',
        `/api/tasks/${encodeURIComponent(taskId)}/suggested-freelancers`,
      )
    ).items,
  decline: (invitationId: string, input: InvitationDecline) =>
    requestAs(
      modifiedSchema,
      'POST',
      `/api/invitations/${encodeURIComponent(invitationId)}/decline`,
      input,
    ),
};
