import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../shared/tasks.ts';
import {
  LIVE_EVENTS_PATH,
  LIVE_EVENTS_READ_AGO_PARAM,
  LIVE_EVENTS_TASK_PARAM,
} from '../../shared/live-events.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSession } from '../auth/session.ts';
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
        querystring: z.object({
          [LIVE_EVENTS_TASK_PARAM]: z
            .string()
            .max(100)
            .optional()
            .describe('A task whose page is open: `event: task` with `{taskId}` when it changes'),
          [LIVE_EVENTS_READ_AGO_PARAM]: z.coerce
            .number()
            .int()
            .min(0)
            .max(365 * 86_400_000)
            .optional()
            .describe(
              'With `task`: how long ago (ms, by the page’s clock) the page began reading the task; a change heard since is told at once with `event: task`, as one heard while a reconnecting stream (Last-Event-ID) was away is',
            ),
          lastEventId: z
            .string()
            .max(200)
            .optional()
            .describe('As the Last-Event-ID header, for a client opening a new stream'),
        }),
        description: [
          'For the standard EventSource. `event: notification` with `{notification, unreadCount}` for each new notification of mine;',
          '`event: message` with the message (as in GET /offers/{id}/messages, masked for me) for each new message in my offer conversations, mine included.',
          'Each event has an `id`; a client that reconnects with `Last-Event-ID` first gets what it missed, from the tables.',
          'The first lines give the reconnection delay (`retry`) and the starting id; comment lines every EVENTS_HEARTBEAT_SECONDS keep proxies from closing it.',
          'The stream ends when the session does (at once on sign-out through this instance, within SESSION_CACHE_SECONDS elsewhere) and when the server stops; browsers then reconnect.',
          'When it ends because the account was suspended or banned, its last event is `event: ended` with `{message}`, what sign-in now answers, so the page can leave at once.',
          'One user may hold 20 streams (429 beyond); an instance keeps EVENT_STREAMS_MAX (503 with Retry-After beyond: try again later, or another instance).',
        ].join(' '),
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(auth, request);
      const query = request.query;
      streams.open(
        request,
        reply,
        session,
        query[LIVE_EVENTS_TASK_PARAM],
        query[LIVE_EVENTS_READ_AGO_PARAM],
      );
    },
  );
};
