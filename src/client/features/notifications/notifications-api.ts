import {
  markReadResultSchema,
  notificationPageSchema,
  type MarkReadInput,
} from '../../../shared/notifications.ts';
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
  /** Marks the given ones, those of one link, or all read; answers the count unread now. */
  markRead: (input: MarkReadInput) =>
    requestAs(markReadResultSchema, 'POST', apiPaths.notificationsRead, input),
};
