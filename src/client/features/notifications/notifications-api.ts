import { modifiedSchema } from '../../../shared/tasks.ts';
import { notificationPageSchema, type MarkReadInput } from '../../../shared/notifications.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** The notification calls of issue 10, each answer read with its shared schema. */
export const notificationsApi = {
  /** A page of my notifications, newest first: the first, or those older than `before`. */
  listNotifications: (before?: string) =>
    requestAs(notificationPageSchema, 'GET', apiPaths.notifications(before ? { before } : {})),
  /** How many of mine are unread (the list's count, with the smallest page). */
  readUnreadCount: async () =>
    (await requestAs(notificationPageSchema, 'GET', apiPaths.notifications({ limit: '1' })))
      .unreadCount,
  markRead: (input: MarkReadInput) =>
    requestAs(modifiedSchema, 'POST', apiPaths.notificationsRead, input),
};
