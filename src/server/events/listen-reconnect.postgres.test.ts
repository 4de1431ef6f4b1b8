import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageEvent } from '../../shared/live-events.ts';
import { sendMessage } from '../../../tests/support/conversations.ts';
import { openEventStream, type StreamEvent } from '../../../tests/support/event-stream.ts';
import { makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';

/**
 * The PostgreSQL event bus in the process (issue 10): its dedicated LISTEN connection killed,
 * it listens again by itself and the open stream catches up. Runs in the postgres project only.
 */

const t = useTestApp({ EVENTS_HEARTBEAT_SECONDS: '0.2', MESSAGE_RATE_LIMIT_MAX: '10000' });
let base: string;
let poster: TestUser;
let ada: TestUser;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  poster = await t.signUp({ name: 'Paula Poster' });
  ada = await t.signUp({ name: 'Ada Freelancer' });
});

async function open(user: TestUser) {
  const stream = await openEventStream(`${base}/api/events`, { cookie: user.cookie });
  expect(stream.response.status).toBe(200);
  await expect.poll(() => stream.lastEventId()).toBeDefined();
  return stream;
}

const named = (name: string) => (event: StreamEvent) => event.event === name;
const messageOf = (event: StreamEvent) => JSON.parse(event.data) as MessageEvent;

describe('the PostgreSQL listener', () => {
  it('listens again by itself after its database connection is killed', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    const stream = await open(poster);
    try {
      const listeners = sql<{ pid: number }>`
        select pid from pg_stat_activity
        where datname = current_database() and query like 'LISTEN %' and state = 'idle'`;
      await expect.poll(async () => (await listeners.execute(t.db)).rows.length).toBe(1);
      await sql`select pg_terminate_backend(pid) from (${listeners}) as listening`.execute(t.db);

      // Sent while nobody listens: the stream catches up once the bus is back.
      const during = await sendMessage(t, ada, offerId, 'Sent during the outage.');
      expect(messageOf(await stream.next(named('message')))._id).toBe(during);
      await expect.poll(async () => (await listeners.execute(t.db)).rows.length).toBe(1);
      const after = await sendMessage(t, ada, offerId, 'Sent after it.');
      expect(messageOf(await stream.next(named('message')))._id).toBe(after);
    } finally {
      stream.close();
    }
  });
});
