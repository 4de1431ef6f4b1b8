import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { MessageEvent, NotificationEvent } from '../../shared/live-events.ts';
import {
  openEventStream,
  type EventStreamClient,
  type StreamEvent,
} from '../../../tests/support/event-stream.ts';
import { callOverHttp, useTwoInstances } from '../../../tests/support/instances.ts';
import { signUpOverHttp } from '../../../tests/support/server-process.ts';
import { validOffer } from '../../../tests/support/marketplace.ts';
import { validTask } from '../../../tests/support/test-app.ts';
import { TEST_ENGINE } from '../../../tests/support/test-database.ts';

/**
 * Issue 10's proof across instances: two server processes on one PostgreSQL database. A user
 * listening on instance A hears within a second of what was done through instance B; after
 * A's database connections are killed, A listens again by itself and events flow on, with
 * the same stream open and no restart. Then A stops promptly on SIGTERM with the stream open.
 */

const SLOW = 120_000;
const SECRET = 'two-instances-secret-0123456789-abcdefghij';
const WITHIN_A_SECOND = 1_000;

/** The test database's URL with an application_name, so a test can find the instance's backends. */
function withName(databaseUrl: string | undefined, name: string): string {
  const url = new URL(databaseUrl!);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/** A JSON request through one instance, as its own pages send it. */
async function api(...args: Parameters<typeof callOverHttp>) {
  const answer = await callOverHttp(...args);
  return { status: answer.status, body: answer.body ?? {} };
}

/** The backends of instance A, from an administrator's connection. */
async function backendsOf(name: string, admin: pg.Client) {
  const { rows } = await admin.query<{ pid: number; query: string }>(
    'select pid, query from pg_stat_activity where application_name = $1',
    [name],
  );
  return rows;
}

const named = (name: string) => (event: StreamEvent) => event.event === name;

describe.runIf(TEST_ENGINE === 'postgres')('two instances on one PostgreSQL', () => {
  const instances = useTwoInstances(
    { BETTER_AUTH_SECRET: SECRET, EVENTS_HEARTBEAT_SECONDS: '1' },
    (index, url) => ({ DATABASE_URL: withName(url, index ? 'tasklane-b' : 'tasklane-a') }),
  );

  it(
    'carries events from B to a stream on A within a second, also after A lost its connections',
    async () => {
      const { a, b } = instances;
      const poster = await signUpOverHttp(b, { name: 'Paula Poster' });
      const freelancer = await signUpOverHttp(b, { name: 'Ada Freelancer' });
      const posted = await api(b, 'POST', '/api/tasks', poster, validTask());
      expect(posted.status).toBe(201);
      const taskId = posted.body.insertedId as string;

      // The poster listens on A (a session made through B works on A: one database, one secret).
      const stream: EventStreamClient = await openEventStream(`${a.url}/api/events`, {
        cookie: poster,
      });
      expect(stream.response.status).toBe(200);
      await expect.poll(() => stream.lastEventId()).toBeDefined();

      const offer = await api(b, 'POST', `/api/tasks/${taskId}/offers`, freelancer, validOffer());
      expect(offer.status).toBe(201);
      const offerId = offer.body.insertedId as string;
      const offered = await stream.next(named('notification'), WITHIN_A_SECOND);
      expect((JSON.parse(offered.data) as NotificationEvent).notification).toMatchObject({
        type: 'offer_received',
        link: `/task/${taskId}?offer=${offerId}`,
      });

      const say = async (text: string) => {
        const sent = await api(b, 'POST', `/api/offers/${offerId}/messages`, freelancer, { text });
        expect(sent.status).toBe(201);
        const event = await stream.next(named('message'), WITHIN_A_SECOND);
        expect(JSON.parse(event.data) as MessageEvent).toMatchObject({
          _id: sent.body.insertedId,
          text,
        });
        const told = await stream.next(named('notification'), WITHIN_A_SECOND);
        expect((JSON.parse(told.data) as NotificationEvent).notification.type).toBe(
          'message_received',
        );
      };
      await say('Hello from instance B.');

      // Kill every database connection of instance A, its LISTEN connection among them.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const before = await backendsOf('tasklane-a', admin);
        expect(before.some((backend) => backend.query.startsWith('LISTEN'))).toBe(true);
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          ['tasklane-a'],
        );
        expect(killed.rowCount).toBeGreaterThanOrEqual(before.length);
        // A listens again by itself, on a new connection.
        await expect
          .poll(
            async () =>
              (await backendsOf('tasklane-a', admin)).some(
                (backend) =>
                  backend.query.startsWith('LISTEN') &&
                  !before.some((old) => old.pid === backend.pid),
              ),
            { timeout: 10_000, interval: 50 },
          )
          .toBe(true);
      } finally {
        await admin.end();
      }

      await say('Still there?');
      // The same stream, never ended, and A answers requests again.
      const read = await api(a, 'GET', '/api/notifications', poster);
      expect(read.status).toBe(200);
      expect(read.body.unreadCount).toBe(3);

      // SIGTERM with the stream open: A ends it and exits promptly.
      const stopping = Date.now();
      expect(await a.stop(5_000)).toEqual({ code: 0, signal: null });
      expect(Date.now() - stopping).toBeLessThan(5_000);
      await stream.ended;
    },
    SLOW,
  );
});
