import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../shared/tasks.ts';
import { LIVE_EVENTS_PATH } from '../../shared/live-events.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/session.ts';
import type { EventStreams } from './event-streams.ts';

/** GET /api/events: the signed-in user's live events as Server-Sent Events (issue 10). */
export const eventsRoutes: FastifyPluginAsyncZod<{ auth: Auth; streams: EventStreams }> = async (
  app,
  { auth, streams },
) => {
  app.get(
    LIVE_EVENTS_PATH,
    {
      schema: {
        summary: 'My live events: a Server-Sent Events stream (signed in)',
        description: [
          'For the standard EventSource. `event: notification` with `{notification, unreadCount}` for each new notification of mine;',
          '`event: message` with the message (as in GET /offers/{id}/messages, masked for me) for each new message in my offer conversations, mine included.',
          'Each event has an `id`; a client that reconnects with `Last-Event-ID` first gets what it missed, from the tables.',
          'The first lines give the reconnection delay (`retry`) and the starting id; comment lines every EVENTS_HEARTBEAT_SECONDS keep proxies from closing it.',
          'The stream ends when the session does (checked every minute) and when the server stops; browsers then reconnect.',
        ].join(' '),
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      streams.open(request, reply, user.id);
    },
  );
};
