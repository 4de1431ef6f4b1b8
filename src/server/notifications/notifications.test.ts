import { describe, expect, it } from 'vitest';
import { offerLink, profileLink, taskLink } from '../../shared/links.ts';
import {
  NOTIFICATION_LINK_MAX_LENGTH,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationPage,
} from '../../shared/notifications.ts';
import { REVIEW_BLIND_DAYS } from '../../shared/reviews.ts';
import {
  notificationsOf,
  sendMessage,
  watchNotifications,
} from '../../../tests/support/conversations.ts';
import {
  act,
  call,
  hiredTask,
  makeOffer,
  postTask,
  refused,
  signUpMany,
} from '../../../tests/support/marketplace.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';
import { autoCompleteTasks } from '../offers/offers.service.ts';
import { publishDueReviews } from '../reviews/reviews.service.ts';

/**
 * Notifications (issue 10) on both engines: each action tells the users it concerns and never
 * the one who did it; each user pages through and marks only their own. Questions and messages
 * are covered beside their code (conversations/*.test.ts).
 */

const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000' });
const [poster, ada] = t.users('Paula Poster', 'Ada Freelancer');
const [bo, cy] = t.users('Bo Freelancer', 'Cy Stranger');

const TITLE = '“Design a logo for a bakery”';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What each user was told after the watch began: [type, text, link] per notification. */
async function told(watch: Awaited<ReturnType<typeof watchNotifications>>, user: TestUser) {
  return (await watch.of(user)).map((n) => [n.type, n.text, n.link]);
}

describe('each action tells the users it concerns, never its actor', () => {
  it('an offer: the poster', async () => {
    const taskId = await postTask(t, poster);
    const watch = await watchNotifications(t, [poster, ada]);
    const offerId = await makeOffer(t, ada, taskId);
    expect(await told(watch, poster)).toEqual([
      ['offer_received', `Ada Freelancer made an offer on ${TITLE}.`, offerLink(taskId, offerId)],
    ]);
    expect(await told(watch, ada)).toEqual([]);
  });

  it('accepting: the hired freelancer, and every other pending bidder not chosen', async () => {
    const taskId = await postTask(t, poster);
    const adaOffer = await makeOffer(t, ada, taskId);
    const boOffer = await makeOffer(t, bo, taskId);
    const watch = await watchNotifications(t, [poster, ada, bo, cy]);
    await act(t, poster, `offers/${adaOffer}/accept`);
    expect(await told(watch, ada)).toEqual([
      [
        'offer_accepted',
        `Paula Poster accepted your offer on ${TITLE}.`,
        offerLink(taskId, adaOffer),
      ],
    ]);
    // Issue 17: told that someone else was hired, not that the poster declined them.
    expect(await told(watch, bo)).toEqual([
      [
        'offer_not_chosen',
        `Someone else was hired for ${TITLE}. Your offer was not chosen this time.`,
        offerLink(taskId, boOffer),
      ],
    ]);
    expect(await told(watch, poster)).toEqual([]);
    expect(await told(watch, cy)).toEqual([]);
  });

  it('declining: the bidder', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, bo, taskId);
    const watch = await watchNotifications(t, [poster, bo]);
    await act(t, poster, `offers/${offerId}/decline`);
    expect(await told(watch, bo)).toEqual([
      ['offer_declined', `Your offer on ${TITLE} was declined.`, offerLink(taskId, offerId)],
    ]);
    expect(await told(watch, poster)).toEqual([]);
  });

  it('delivering: the poster; confirming: the freelancer', async () => {
    const { taskId } = await hiredTask(t, poster, ada);
    const watch = await watchNotifications(t, [poster, ada]);
    await act(t, ada, `tasks/${taskId}/deliver`);
    expect(await told(watch, poster)).toEqual([
      ['task_delivered', `Ada Freelancer marked ${TITLE} as delivered.`, taskLink(taskId)],
    ]);
    expect(await told(watch, ada)).toEqual([]);
    await act(t, poster, `tasks/${taskId}/complete`);
    expect(await told(watch, ada)).toEqual([
      ['task_completed', `Paula Poster confirmed that ${TITLE} is completed.`, taskLink(taskId)],
    ]);
    expect(await told(watch, poster)).toHaveLength(1);
  });

  it.each([
    ['the poster ends it: the freelancer', () => poster, () => ada, 'Paula Poster'],
    ['the freelancer backs out: the poster', () => ada, () => poster, 'Ada Freelancer'],
  ])('reopening, when %s', async (_name, actor, other, actorName) => {
    const { taskId } = await hiredTask(t, poster, ada);
    const watch = await watchNotifications(t, [poster, ada]);
    await act(t, actor(), `tasks/${taskId}/reopen`, { reason: 'Plans changed.' });
    expect(await told(watch, other())).toEqual([
      [
        'assignment_reopened',
        `${actorName} ended the assignment on ${TITLE}: “Plans changed.”. The task is open again.`,
        taskLink(taskId),
      ],
    ]);
    expect(await told(watch, actor())).toEqual([]);
  });

  it('completing on its own (the sweep): both parties, since neither did it', async () => {
    const { taskId } = await hiredTask(t, poster, ada, 'delivered');
    const watch = await watchNotifications(t, [poster, ada]);
    const later = new Date(Date.now() + 8 * DAY_MS);
    expect(await autoCompleteTasks(t.db, { delayMs: 7 * DAY_MS, now: later })).toBeGreaterThan(0);
    const expected = [
      [
        'task_completed',
        `${TITLE} is completed: it was delivered and nobody objected in time.`,
        taskLink(taskId),
      ],
    ];
    expect(await told(watch, poster)).toEqual(expected);
    expect(await told(watch, ada)).toEqual(expected);
    // A second sweep completes and announces nothing more.
    expect(await autoCompleteTasks(t.db, { delayMs: 7 * DAY_MS, now: later })).toBe(0);
    expect(await told(watch, poster)).toHaveLength(1);
  });

  it('a message: the other party only (conversations/messages.test.ts has more)', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    const watch = await watchNotifications(t, [poster, ada, cy]);
    await sendMessage(t, ada, offerId);
    expect((await told(watch, poster)).map(([type]) => type)).toEqual(['message_received']);
    expect(await told(watch, ada)).toEqual([]);
    expect(await told(watch, cy)).toEqual([]);
  });
});

describe('a review made public tells its reviewee, once', () => {
  const review = (user: TestUser, taskId: string, rating: number) =>
    call(t, 'POST', `/api/tasks/${taskId}/reviews`, user, { rating, comment: 'Fine.' });

  it('when the second review comes in: the first reviewer, not the second', async () => {
    const { taskId } = await hiredTask(t, poster, ada, 'completed');
    const watch = await watchNotifications(t, [poster, ada]);
    expect((await review(poster, taskId, 5)).status).toBe(201);
    // Blind: nothing is public yet, so nobody is told.
    expect(await told(watch, ada)).toEqual([]);
    expect((await review(ada, taskId, 4)).status).toBe(201);
    expect(await told(watch, poster)).toEqual([
      [
        'review_published',
        `Ada Freelancer’s review of you on ${TITLE} is now public.`,
        profileLink(poster.id),
      ],
    ]);
    // Ada made both public by reviewing: she is not told of Paula's review of her.
    expect(await told(watch, ada)).toEqual([]);
    expect(await publishDueReviews(t.db, new Date(Date.now() + 30 * DAY_MS))).toBe(0);
    expect(await told(watch, ada)).toEqual([]);
  });

  it('when the blind time is over without the other review (the sweep)', async () => {
    const { taskId } = await hiredTask(t, poster, ada, 'completed');
    const watch = await watchNotifications(t, [poster, ada]);
    expect((await review(poster, taskId, 3)).status).toBe(201);
    expect(await publishDueReviews(t.db, new Date())).toBe(0);
    const due = new Date(Date.now() + (REVIEW_BLIND_DAYS + 1) * DAY_MS);
    // Sweeps racing on several instances announce it once.
    const swept = await Promise.all([publishDueReviews(t.db, due), publishDueReviews(t.db, due)]);
    expect(swept.sort()).toEqual([0, 1]);
    expect(await told(watch, ada)).toEqual([
      [
        'review_published',
        `Paula Poster’s review of you on ${TITLE} is now public.`,
        profileLink(ada.id),
      ],
    ]);
    expect(await told(watch, poster)).toEqual([]);
  });
});

describe('GET /api/notifications', () => {
  it('pages newest first with `before` and `limit`, and counts all unread', async () => {
    const reader = await t.signUp({ name: 'Rita Reader' });
    const taskId = await postTask(t, reader);
    const offers: string[] = [];
    for (const bidder of await signUpMany(t, 25)) offers.push(await makeOffer(t, bidder, taskId));
    const page = async (query: string) => {
      const answer = await call(t, 'GET', `/api/notifications${query}`, reader);
      expect(answer.status).toBe(200);
      return answer.body as NotificationPage;
    };
    const first = await page('');
    expect(first.unreadCount).toBe(25);
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    const links = (items: Notification[]) => items.map((item) => item.link);
    const newestFirst = offers.map((offerId) => offerLink(taskId, offerId)).reverse();
    expect(links(first.items)).toEqual(newestFirst.slice(0, 20));
    expect(first.items[0]).toEqual({
      _id: expect.any(String),
      type: 'offer_received',
      text: expect.stringContaining('made an offer on'),
      link: newestFirst[0],
      createdAt: expect.any(String),
      readAt: null,
    });
    const second = await page(`?limit=10&before=${first.items[19]!._id}`);
    expect(links(second.items)).toEqual(newestFirst.slice(20));
    expect(second.unreadCount).toBe(25);
    const small = await page('?limit=3');
    expect(links(small.items)).toEqual(newestFirst.slice(0, 3));
  });

  it('refuses anonymous visitors (401), a bad limit and a foreign `before` (400)', async () => {
    expect(await call(t, 'GET', '/api/notifications', undefined)).toEqual({
      status: 401,
      body: { message: SIGN_IN_REQUIRED },
    });
    for (const limit of ['0', '101', 'many', '2.5']) {
      expect(await call(t, 'GET', `/api/notifications?limit=${limit}`, ada)).toEqual({
        status: 400,
        body: { message: NOTIFICATION_MESSAGES.limitInvalid },
      });
    }
    const [someoneElses] = (await notificationsOf(t, poster)).items;
    for (const before of [someoneElses!._id, 'nope']) {
      expect(await call(t, 'GET', `/api/notifications?before=${before}`, ada)).toEqual({
        status: 400,
        body: { message: NOTIFICATION_MESSAGES.beforeUnknown },
      });
    }
  });
});

describe('POST /api/notifications/read', () => {
  async function userWithNotifications(count: number) {
    const user = await t.signUp();
    const taskId = await postTask(t, user);
    for (let i = 0; i < count; i += 1) await makeOffer(t, await t.signUp(), taskId);
    return { user, items: (await notificationsOf(t, user)).items };
  }

  it('marks the given ones of mine read; others’ ids change nothing', async () => {
    const mine = await userWithNotifications(3);
    const theirs = await userWithNotifications(1);
    const ids = [mine.items[0]!._id, mine.items[1]!._id, theirs.items[0]!._id];
    expect(await call(t, 'POST', '/api/notifications/read', mine.user, { ids })).toEqual({
      status: 200,
      body: { modifiedCount: 2, unreadCount: 1 },
    });
    const after = await notificationsOf(t, mine.user);
    expect(after.unreadCount).toBe(1);
    expect(after.items.map((item) => item.readAt !== null)).toEqual([true, true, false]);
    expect((await notificationsOf(t, theirs.user)).unreadCount).toBe(1);
    // Already read: nothing more changes.
    expect(await call(t, 'POST', '/api/notifications/read', mine.user, { ids })).toEqual({
      status: 200,
      body: { modifiedCount: 0, unreadCount: 1 },
    });
  });

  it('marks all of mine read with {all: true}', async () => {
    const mine = await userWithNotifications(2);
    const theirs = await userWithNotifications(2);
    const all = { all: true };
    expect(await call(t, 'POST', '/api/notifications/read', mine.user, all)).toEqual({
      status: 200,
      body: { modifiedCount: 2, unreadCount: 0 },
    });
    expect((await notificationsOf(t, mine.user)).unreadCount).toBe(0);
    expect((await notificationsOf(t, theirs.user)).unreadCount).toBe(2);
  });

  it('marks those of mine about one page with {link}: its conversation, not the others', async () => {
    const taskId = await postTask(t, poster);
    const adaOffer = await makeOffer(t, ada, taskId);
    const boOffer = await makeOffer(t, bo, taskId);
    await sendMessage(t, ada, adaOffer, 'First');
    await sendMessage(t, ada, adaOffer, 'Second');
    await sendMessage(t, bo, boOffer, 'Hi');
    const before = await notificationsOf(t, poster);
    const link = offerLink(taskId, adaOffer);
    const ofLink = before.items.filter((item) => item.link === link && item.readAt === null);
    // The offer and its two messages point at Ada's conversation.
    expect(ofLink).toHaveLength(3);

    expect(await call(t, 'POST', '/api/notifications/read', poster, { link })).toEqual({
      status: 200,
      body: { modifiedCount: 3, unreadCount: before.unreadCount - 3 },
    });
    const after = await notificationsOf(t, poster);
    for (const item of after.items) {
      const wasUnread = before.items.find((old) => old._id === item._id)?.readAt === null;
      expect(item.readAt !== null).toBe(item.link === link || !wasUnread);
    }
    // Ada's own notifications with the same link, and a link without any, change nothing.
    const adaBefore = (await notificationsOf(t, ada)).unreadCount;
    expect(
      await call(t, 'POST', '/api/notifications/read', ada, { link: taskLink(taskId) }),
    ).toEqual({ status: 200, body: { modifiedCount: 0, unreadCount: adaBefore } });
    expect(await call(t, 'POST', '/api/notifications/read', poster, { link })).toEqual({
      status: 200,
      body: { modifiedCount: 0, unreadCount: before.unreadCount - 3 },
    });
  });

  it('refuses anonymous visitors (401) and bodies that are not ids, link or all (400)', async () => {
    const mine = await userWithNotifications(1);
    const ids = [mine.items[0]!._id];
    expect(await refused(t, 'POST', '/api/notifications/read', undefined, { ids })).toEqual({
      status: 401,
      body: { message: SIGN_IN_REQUIRED },
    });
    for (const body of [
      {},
      { ids: [] },
      { all: false },
      { ids, all: true },
      { ids: [42] },
      { ids: Array(101).fill(ids[0]) },
      { link: '' },
      { link: 42 },
      { link: '/task/x', all: true },
      { link: '/task/x', ids },
      { link: `/${'x'.repeat(NOTIFICATION_LINK_MAX_LENGTH)}` },
    ]) {
      expect(await refused(t, 'POST', '/api/notifications/read', mine.user, body)).toEqual({
        status: 400,
        body: { message: NOTIFICATION_MESSAGES.readInputInvalid },
      });
    }
    expect((await notificationsOf(t, mine.user)).unreadCount).toBe(1);
  });
});
