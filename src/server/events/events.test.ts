import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MASKS } from '../../shared/conversations.ts';
import type { MessageEvent, NotificationEvent, UnreadEvent } from '../../shared/live-events.ts';
import { offerLink } from '../../shared/links.ts';
import { sendMessage } from '../../../tests/support/conversations.ts';
import {
  openEventStream,
  type EventStreamClient,
  type StreamEvent,
} from '../../../tests/support/event-stream.ts';
import { call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import {
  createTestApp,
  useTestApp,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';
import { STREAMS_FULL, STREAMS_FULL_RETRY_SECONDS, TOO_MANY_STREAMS } from './event-streams.ts';

/**
 * GET /api/events in the process (issue 10), on both engines: the in-process bus on SQLite,
 * LISTEN/NOTIFY on PostgreSQL. Two instances as processes: events.postgres.test.ts; the listener
 * coming back after its connection is killed: listen-reconnect.postgres.test.ts.
 */

const HEARTBEAT = { EVENTS_HEARTBEAT_SECONDS: '0.2', MESSAGE_RATE_LIMIT_MAX: '10000' };

const t = useTestApp(HEARTBEAT);
const [poster, ada, cy] = t.users('Paula Poster', 'Ada Freelancer', 'Cy Stranger');
let base: string;
const streams: EventStreamClient[] = [];

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  base = await listen(t);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function open(user: TestUser, lastEventId?: string, url = base): Promise<EventStreamClient> {
  const stream = await openEventStream(`${url}/api/events`, {
    cookie: user.cookie,
    ...(lastEventId === undefined ? {} : { lastEventId }),
  });
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  // The stream's first lines name its position: from then on nothing is missed.
  await expect.poll(() => stream.lastEventId()).toBeDefined();
  return stream;
}

const named = (name: string) => (event: StreamEvent) => event.event === name;
const notificationOf = (event: StreamEvent) => JSON.parse(event.data) as NotificationEvent;
const messageOf = (event: StreamEvent) => JSON.parse(event.data) as MessageEvent;
const unreadOf = (event: StreamEvent) => JSON.parse(event.data) as UnreadEvent;

describe('GET /api/events', () => {
  it('refuses anonymous visitors with 401 {message}', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: SIGN_IN_REQUIRED });
  });

  it('is an uncompressed, uncached event stream with heartbeats', async () => {
    const stream = await openEventStream(`${base}/api/events`, {
      cookie: poster.cookie,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    streams.push(stream);
    const { headers } = stream.response;
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(headers.get('cache-control')).toContain('no-cache');
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(headers.get('content-encoding')).toBeNull();
    await stream.untilComments(3);
    expect(stream.events).toEqual([]);
  });

  it('brings a notification and a message to the users they concern, and only them', async () => {
    const taskId = await postTask(t, poster);
    const [posterStream, adaStream, cyStream] = [
      await open(poster),
      await open(ada),
      await open(cy),
    ];

    const offerId = await makeOffer(t, ada, taskId);
    const offered = notificationOf(await posterStream.next(named('notification')));
    expect(offered.notification).toMatchObject({ type: 'offer_received', readAt: null });
    expect(offered.unreadCount).toBeGreaterThan(0);

    const messageId = await sendMessage(t, ada, offerId, 'Call me on 555 123 4567.');
    const forPoster = messageOf(await posterStream.next(named('message')));
    expect(forPoster).toEqual({
      _id: messageId,
      offerId,
      taskId,
      text: `Call me on ${CONTACT_MASKS.phone}.`,
      createdAt: expect.any(String),
      author: { _id: ada.id, name: 'Ada Freelancer', image: expect.any(String) },
    });
    // The author's other tabs get it too, as written.
    const forAda = messageOf(await adaStream.next(named('message')));
    expect(forAda).toMatchObject({ _id: messageId, text: 'Call me on 555 123 4567.' });
    const told = notificationOf(await posterStream.next(named('notification')));
    expect(told.notification.type).toBe('message_received');

    // The actor is told nothing, the stranger sees nothing.
    await cyStream.untilComments(cyStream.comments() + 2);
    expect(adaStream.events.filter(named('notification'))).toEqual([]);
    expect(cyStream.events).toEqual([]);
  });

  it('tells every stream of a user the new count when theirs are marked read, and only then', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    await sendMessage(t, ada, offerId, 'Hello?');
    const [tabOne, tabTwo, adaStream] = [await open(poster), await open(poster), await open(ada)];
    const position = tabOne.lastEventId();

    const marked = await call(t, 'POST', '/api/notifications/read', poster, {
      link: offerLink(taskId, offerId),
    });
    expect(marked.status).toBe(200);
    const { unreadCount } = marked.body as UnreadEvent;
    for (const tab of [tabOne, tabTwo]) {
      expect(unreadOf(await tab.next(named('unread')))).toEqual({ unreadCount });
    }
    // No position of its own: a reconnect resumes where the rows left off.
    expect(tabOne.lastEventId()).toBe(position);

    // Nothing changed, nothing told; the other user is never told.
    await call(t, 'POST', '/api/notifications/read', poster, { link: offerLink(taskId, offerId) });
    await tabOne.untilComments(tabOne.comments() + 2);
    expect(tabOne.events.filter(named('unread'))).toHaveLength(1);
    expect(adaStream.events).toEqual([]);
  });

  it('replays what was missed after Last-Event-ID, once, then goes on live', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId); // before: never replayed
    const first = await open(poster);
    const since = first.lastEventId()!;
    first.close();

    // While the poster is away: a message, and its notification.
    const missed = await sendMessage(t, ada, offerId, 'Are you there?');
    const again = await open(poster, since);
    const replayed = [await again.next(named('notification')), await again.next(named('message'))];
    expect(notificationOf(replayed[0]!).notification.type).toBe('message_received');
    expect(messageOf(replayed[1]!)._id).toBe(missed);
    expect(again.events.filter(named('notification'))).toHaveLength(1);

    // Live from there; a reconnect from the latest id replays nothing already seen.
    const live = await sendMessage(t, poster, offerId, 'Yes!');
    expect(messageOf(await again.next(named('message')))._id).toBe(live);
    const latest = again.lastEventId()!;
    again.close();
    const third = await open(poster, latest);
    await third.untilComments(3);
    expect(third.events).toEqual([]);

    // A malformed id is a fresh start, not an error.
    const fresh = await open(poster, 'not-an-id');
    await fresh.untilComments(2);
    expect(fresh.events).toEqual([]);
  });

  it('forgets a stream when its client leaves, and refuses a 21st stream of one user', async () => {
    // The streams of the tests before are closed by their clients.
    await expect.poll(() => t.app.streams.size).toBe(0);
    const opened: EventStreamClient[] = [];
    for (let i = 0; i < 20; i += 1) opened.push(await open(cy));
    await expect.poll(() => t.app.streams.size).toBe(20);
    const refused = await fetch(`${base}/api/events`, { headers: { cookie: cy.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_STREAMS });
    for (const stream of opened) stream.close();
    await expect.poll(() => t.app.streams.size).toBe(0);
  });

  it('keeps EVENT_STREAMS_MAX streams on an instance: 503 with Retry-After beyond (issue 47)', async () => {
    const small = await createTestApp({ ...HEARTBEAT, EVENT_STREAMS_MAX: '3' });
    try {
      const url = await listen(small);
      const [one, two] = [await small.signUp(), await small.signUp()];
      const held = [await open(one, undefined, url), await open(one, undefined, url)];
      held.push(await open(two, undefined, url));
      const refused = await fetch(`${url}/api/events`, { headers: { cookie: two.cookie } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe(String(STREAMS_FULL_RETRY_SECONDS));
      expect(await refused.json()).toEqual({ message: STREAMS_FULL });
      expect(small.app.streams.size).toBe(3);
      // A stream that ends makes room for the next.
      held.pop()!.close();
      await expect.poll(() => small.app.streams.size).toBe(2);
      await open(two, undefined, url);
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await small.close();
    }
  });

  it('ends open streams when the server closes, without waiting for them', async () => {
    const other = await createTestApp(HEARTBEAT);
    try {
      const url = await listen(other);
      const user = await other.signUp();
      const stream = await open(user, undefined, url);
      const started = Date.now();
      await other.app.close();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await other.close();
    }
  });
});
