import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { askQuestion, replyTo } from '../../../tests/support/conversations.ts';
import {
  openEventStream,
  type EventStreamClient,
  type StreamEvent,
} from '../../../tests/support/event-stream.ts';
import { act, call, hiredTask, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { grantAdmin } from '../moderation/admins.ts';
import { autoCompleteTasks } from '../offers/offers.service.ts';
import { publishDueReviews } from '../reviews/reviews.service.ts';
import { TASK_CHANGE_WINDOW_MS } from './task-changes.ts';
import { useTestApp, validTask, type TestUser } from '../../../tests/support/test-app.ts';
import { qualifyReporters } from '../../../tests/support/reporters.ts';

/**
 * Issue 17: a stream opened for a task page (`?task=`) hears of every change to that task that
 * its page shows, whoever made it, as its id only; other streams hear nothing of it. Both
 * engines (PostgreSQL: NOTIFY, so every instance's pages hear it).
 */
const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000' });
const [poster, ada, cy] = t.users('Paula Poster', 'Ada Freelancer', 'Cy Reader');
let base: string;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function watch(user: TestUser, taskId?: string): Promise<EventStreamClient> {
  const query = taskId ? `?task=${taskId}` : '';
  const stream = await openEventStream(`${base}/api/events${query}`, { cookie: user.cookie });
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  // A hijacked reply, written by hand: it still carries the security headers.
  expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");
  await expect.poll(() => stream.lastEventId()).toBeDefined();
  return stream;
}

const isTask = (event: StreamEvent) => event.event === 'task';
const taskEvents = (stream: EventStreamClient) => stream.events.filter(isTask);

describe('event: task', () => {
  it('reaches every reader of the task page for each change, with the id only', async () => {
    const taskId = await postTask(t, poster);
    const other = await postTask(t, poster);
    const readers = [await watch(poster, taskId), await watch(cy, taskId)];
    const elsewhere = await watch(ada, other);
    const noPage = await watch(cy);

    const changes: [string, () => Promise<unknown>][] = [
      ['an offer', () => makeOffer(t, ada, taskId)],
      ['a bid', () => call(t, 'PATCH', `/api/tasks/${taskId}/bids`, cy)],
      ['a question', () => askQuestion(t, cy, taskId)],
    ];
    for (const [label, change] of changes) {
      const before = readers.map((stream) => taskEvents(stream).length);
      await change();
      for (const [index, stream] of readers.entries()) {
        await expect
          .poll(() => taskEvents(stream).length, { message: label })
          .toBeGreaterThan(before[index]!);
      }
    }
    for (const stream of readers) {
      for (const event of taskEvents(stream)) {
        expect(JSON.parse(event.data)).toEqual({ taskId });
      }
    }
    expect(taskEvents(elsewhere)).toEqual([]);
    expect(taskEvents(noPage)).toEqual([]);
  });

  it('reaches each page when several tasks change within one window (one statement)', async () => {
    const taskIds = [
      await postTask(t, poster),
      await postTask(t, poster),
      await postTask(t, poster),
    ];
    const pages = await Promise.all(taskIds.map((taskId) => watch(cy, taskId)));
    // Bids on all three at once: their announcements go out together.
    const bids = await Promise.all(
      taskIds.map((taskId) => call(t, 'PATCH', `/api/tasks/${taskId}/bids`, ada)),
    );
    for (const bid of bids) expect(bid.status).toBe(200);
    for (const [index, page] of pages.entries()) {
      await expect.poll(() => taskEvents(page).length).toBe(1);
      expect(JSON.parse(taskEvents(page)[0]!.data)).toEqual({ taskId: taskIds[index] });
    }
  });

  it('follows the offer and question routes to their task: hire, reply', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    const questionId = await askQuestion(t, cy, taskId);
    const page = await watch(cy, taskId);
    await act(t, poster, `offers/${offerId}/accept`);
    await expect.poll(() => taskEvents(page).length).toBeGreaterThan(0);
    const afterHire = taskEvents(page).length;
    await replyTo(t, poster, questionId);
    await expect.poll(() => taskEvents(page).length).toBeGreaterThan(afterHire);
  });

  it('tells the page when reports hide the task and when an admin shows it again (issue 20)', async () => {
    const taskId = await postTask(t, poster);
    const admin = await t.signUp({ name: 'Ada Admin' });
    await grantAdmin(t.db, admin.id);
    const page = await watch(poster, taskId);
    // Issue 47: reporters whose reports count (old enough, verified, each from its own address).
    const reporters = await qualifyReporters(t.db, [
      ada,
      cy,
      await t.signUp({ name: 'Rex Reporter' }),
    ]);
    for (const reporter of reporters) {
      const body = { itemType: 'task', itemId: taskId, reason: 'spam' };
      expect((await call(t, 'POST', '/api/reports', reporter, body)).status).toBe(201);
    }
    await expect.poll(() => taskEvents(page).length).toBe(1);
    const dismiss = await call(t, 'POST', `/api/admin/items/task/${taskId}/dismiss`, admin, {
      reason: 'Fine',
    });
    expect(dismiss.status).toBe(200);
    await expect.poll(() => taskEvents(page).length).toBe(2);
  });

  it('is not sent for a refused write', async () => {
    const taskId = await postTask(t, poster);
    const page = await watch(cy, taskId);
    // Only the poster edits; an offer without a message is refused.
    const edit = await call(t, 'PUT', `/api/tasks/${taskId}`, cy, validTask({ title: 'Mine now' }));
    expect(edit.status).toBe(403);
    expect((await call(t, 'POST', `/api/tasks/${taskId}/offers`, ada, {})).status).toBe(400);
    // A change after them is the first thing the page hears.
    await call(t, 'PATCH', `/api/tasks/${taskId}/bids`, cy);
    await expect.poll(() => taskEvents(page).length).toBe(1);
  });

  it('is sent by the sweeps: a delivered task completing on its own, a review made public', async () => {
    const { taskId } = await hiredTask(t, poster, ada, 'delivered');
    // The hire's and the delivery's own announcement goes out first (one window later).
    await new Promise((resolve) => setTimeout(resolve, TASK_CHANGE_WINDOW_MS + 100));
    const page = await watch(cy, taskId);
    await autoCompleteTasks(t.db, { delayMs: 0, now: new Date(Date.now() + 1000) });
    await expect.poll(() => taskEvents(page).length).toBe(1);
    expect(JSON.parse(taskEvents(page)[0]!.data)).toEqual({ taskId });

    // Ada's review is blind until Paula's is in or 14 days have passed.
    const review = { rating: 5, comment: 'Clear brief, paid on time.' };
    expect((await call(t, 'POST', `/api/tasks/${taskId}/reviews`, ada, review)).status).toBe(201);
    await expect.poll(() => taskEvents(page).length).toBe(2);
    const later = new Date(Date.now() + 15 * 24 * 60 * 60 * 1000);
    expect(await publishDueReviews(t.db, later)).toBe(1);
    await expect.poll(() => taskEvents(page).length).toBe(3);
    // Nothing left to make public: nothing said.
    expect(await publishDueReviews(t.db, later)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(taskEvents(page)).toHaveLength(3);
  });

  it('tells a page whose stream opened after a change it had not read, and no other', async () => {
    const taskId = await postTask(t, poster);
    const witness = await watch(cy, taskId);
    const readAt = Date.now();
    await makeOffer(t, ada, taskId);
    await expect.poll(() => taskEvents(witness).length).toBe(1);
    // The page read the task before the offer; its stream opens after the event went out.
    const late = await openEventStream(
      `${base}/api/events?task=${taskId}&readAgo=${Date.now() - readAt}`,
      { cookie: poster.cookie },
    );
    streams.push(late);
    await expect
      .poll(() => taskEvents(late).map((event) => JSON.parse(event.data)))
      .toEqual([{ taskId }]);
    // A page that read it well after the last change hears nothing at opening.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const fresh = await openEventStream(`${base}/api/events?task=${taskId}&readAgo=0`, {
      cookie: poster.cookie,
    });
    streams.push(fresh);
    await expect.poll(() => fresh.lastEventId()).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(taskEvents(fresh)).toEqual([]);
  });

  it('tells a reconnecting stream (Last-Event-ID) of a change made while it was away', async () => {
    const taskId = await postTask(t, poster);
    const witness = await watch(cy, taskId);
    const first = await watch(poster, taskId);
    const position = first.lastEventId()!;
    first.close();
    await call(t, 'PATCH', `/api/tasks/${taskId}/bids`, cy);
    await expect.poll(() => taskEvents(witness).length).toBe(1);
    const again = await openEventStream(`${base}/api/events?task=${taskId}`, {
      cookie: poster.cookie,
      lastEventId: position,
    });
    streams.push(again);
    await expect.poll(() => taskEvents(again).length).toBe(1);
  });
});
