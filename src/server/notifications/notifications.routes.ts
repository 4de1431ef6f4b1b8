import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markReadInputSchema,
  markReadResultSchema,
  notificationListQuerySchema,
  notificationPageSchema,
} from '../../shared/notifications.ts';
import { requireUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { listMyNotifications, markMyNotificationsRead } from './notifications.service.ts';

/** My notifications under /api (issue 10): each user reads and marks only their own. */
export const notificationsRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (
  app,
  { auth, db },
) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        summary: 'My notifications, newest first, a page at a time (signed in)',
        description:
          'What others did that concerns me, never my own acts. `before` is the `_id` of the last item of the previous page; `unreadCount` counts all my unread notifications.',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return listMyNotifications(db, user.id, request.query);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        summary: 'Mark some or all of my notifications read (signed in)',
        description:
          '`{ids}` marks those of them that are mine and unread; `{link}` every unread one of mine whose `link` is exactly that one (the web app sends the link of the conversation or question thread the user is reading); `{all: true}` every unread one of mine. `modifiedCount` says how many changed, `unreadCount` how many of mine are unread now. When any changed, each of my open event streams gets `event: unread` with the new count.',
        body: markReadInputSchema,
        response: { 200: markReadResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return markMyNotificationsRead(db, user.id, request.body);
    },
  );
};
