import { z } from 'zod';
import { moderationApiPaths } from '../moderation/moderation-paths.ts';
import {
  adminActionSchema,
  adminUserDetailSchema,
  adminUserSchema,
  AUDIT_ACTIONS,
  marketStatsSchema,
  messageAnswerSchema,
  reportedItemSchema,
  type AdminUser,
  type AdminUserDetail,
  type ReportedItemAnswer as ReportedItem,
  type Role,
} from '../../../shared/moderation.ts';
import { ApiError, requestAs } from '../../lib/api.ts';

const messageSchema = messageAnswerSchema;

/** Issue 47's `restore-group` undoes all that the item's reporters hid. */
export type ItemDecision = 'dismiss' | 'remove' | 'restore-group';

/** What an operator can do to an account, each with a reason (issue 20). */
export type UserAction =
  | { kind: 'suspend'; days: number }
  | { kind: 'ban' }
  | { kind: 'lift' }
  | { kind: 'warn' }
  | { kind: 'role'; role: Role };

export { AUDIT_ACTIONS };
export type { AdminUser, AdminUserDetail, ReportedItem };

const message = async (answer: Promise<{ message: string }>) => (await answer).message;

/** Issue 20: the operator console's calls, each answer read with its schema. */
export const adminApi = {
  /** Open reports grouped by item, most reported and oldest first. */
  listReports: () => requestAs(z.array(reportedItemSchema), 'GET', moderationApiPaths.adminReports),
  /** Resolves to the server's message for the toast. */
  decideOnItem: (item: ReportedItem, decision: ItemDecision, reason: string) =>
    message(
      requestAs(
        messageSchema,
        'POST',
        moderationApiPaths.adminItemDecision(item.itemType, item.itemId, decision),
        { reason },
      ),
    ),
  /** Users whose name or email contains `q`, newest first (all of them, 50 at most, for ''). */
  findUsers: (q: string) =>
    requestAs(z.array(adminUserSchema), 'GET', moderationApiPaths.adminUsers(q)),
  /** One user's latest tasks, offers, reports and history; null when there is no such user. */
  userDetail: async (id: string): Promise<AdminUserDetail | null> => {
    try {
      return await requestAs(adminUserDetailSchema, 'GET', moderationApiPaths.adminUserDetail(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /** Resolves to the server's message for the toast. */
  actOnUser: (userId: string, action: UserAction, reason: string) => {
    const [path, body] =
      action.kind === 'suspend'
        ? (['suspend', { reason, days: action.days }] as const)
        : action.kind === 'ban'
          ? (['suspend', { reason }] as const)
          : action.kind === 'role'
            ? (['role', { reason, role: action.role }] as const)
            : ([action.kind, { reason }] as const);
    return message(
      requestAs(messageSchema, 'POST', moderationApiPaths.adminUser(userId, path), body),
    );
  },
  /** The audit log, newest first. */
  listActions: (action: string) =>
    requestAs(
      z.array(adminActionSchema),
      'GET',
      moderationApiPaths.adminActions(action ? { action } : {}),
    ),
  /** The market's last 30 days, oldest first. */
  marketStats: () => requestAs(marketStatsSchema, 'GET', moderationApiPaths.adminStats),
};
