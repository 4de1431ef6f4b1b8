import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TEST_CARDS } from '../../shared/payments.ts';
import { act, call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { askQuestion, replyTo, sendMessage } from '../../../tests/support/conversations.ts';
import { PAYMENTS_ENV, paidHire, pay } from '../../../tests/support/payments.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { median } from './earned-figures.ts';

/** Issue 50: the earned figures of a profile, each from a known history. */

const t = useTestApp(PAYMENTS_ENV);
const [poster, freelancer, responder, asker, quiet] = t.users(
  'Pia Poster',
  'Finn Freelancer',
  'Rhea Responder',
  'Abe Asker',
  'Quinn Quiet',
);
const admin = t.user({ name: 'Ada Admin' }, { admin: true });

const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function profileOf(user: TestUser) {
  const answer = await call(t, 'GET', `/api/users/${user.id}`);
  expect(answer.status).toBe(200);
  return answer.body as {
    freelancer: Record<string, unknown>;
    client: Record<string, unknown>;
    trust: { lastActiveDay: string; badges: Record<string, boolean> };
  };
}

const setDeadline = (taskId: string, deadline: string) =>
  t.db.updateTable('tasks').set({ deadline }).where('id', '=', taskId).execute();

async function setWrittenAt(
  table: 'questions' | 'question_replies' | 'messages' | 'offers',
  id: string,
  at: string,
) {
  await t.db.updateTable(table).set({ created_at: at }).where('id', '=', id).execute();
}

const lastUsedSession = (user: TestUser, at: string) =>
  t.db.updateTable('session').set({ updatedAt: at }).where('userId', '=', user.id).execute();

beforeAll(async () => {
  // The poster hires the freelancer twice, paying (a declined card first on one), and posts
  // two tasks never hired: 2 hires of 4 tasks, 2 payments.
  const paidOnTime = await paidHire(t, poster, freelancer, 'delivered');
  await setDeadline(paidOnTime.taskId, today()); // delivered on the deadline day: on time
  const lateTaskId = await postTask(t, poster);
  const lateOfferId = await makeOffer(t, freelancer, lateTaskId);
  expect((await pay(t, poster, lateOfferId, TEST_CARDS.declined)).status).toBe(402);
  expect((await pay(t, poster, lateOfferId)).status).toBe(200);
  await act(t, freelancer, `tasks/${lateTaskId}/deliver`);
  await setDeadline(lateTaskId, dayOffset(-1)); // delivered the day after the deadline: late
  await postTask(t, poster);
  await postTask(t, poster);
}, 60_000);

describe('on-time delivery', () => {
  it('counts first deliveries on or before the deadline day (UTC)', async () => {
    const { freelancer: figures } = await profileOf(freelancer);
    expect(figures).toMatchObject({ onTimeCount: 1, deliveredCount: 2, onTimeRate: 0.5 });
  });

  it('is null before any delivery', async () => {
    expect((await profileOf(quiet)).freelancer).toMatchObject({
      onTimeRate: null,
      onTimeCount: 0,
      deliveredCount: 0,
    });
  });
});

describe('response time', () => {
  beforeAll(async () => {
    const taskId = await postTask(t, responder);
    // Questions on the responder's task: answered after 30 and 90 minutes by their first reply
    // (a later reply does not count), one unanswered, one from 100 days ago (outside 90 days).
    const answered = [
      [30, 600],
      [90, 500],
    ] as const;
    for (const [after, ago] of answered) {
      const questionId = await askQuestion(t, asker, taskId);
      await setWrittenAt('questions', questionId, minutesAgo(ago));
      const replyId = await replyTo(t, responder, questionId);
      await setWrittenAt('question_replies', replyId, minutesAgo(ago - after));
      const laterId = await replyTo(t, responder, questionId, 'And one more thing.');
      await setWrittenAt('question_replies', laterId, minutesAgo(ago - after - 200));
    }
    await askQuestion(t, asker, taskId, 'Still there?');
    const oldId = await askQuestion(t, asker, taskId, 'An old question?');
    await setWrittenAt('questions', oldId, minutesAgo(100 * 24 * 60));
    await setWrittenAt('question_replies', await replyTo(t, responder, oldId), minutesAgo(1));

    // A private message to the responder, and a second one before the answer: the turn began
    // with the first, answered 10 minutes later (the second alone would say 5).
    const offerId = await makeOffer(t, asker, taskId);
    // Joined, and made the offer, before its conversation: the asker's last write stays the
    // message of 140 minutes ago (lastActiveDay counts the sign-up and offers), whatever the hour.
    await setWrittenAt('offers', offerId, minutesAgo(301));
    await t.db
      .updateTable('user')
      .set({ createdAt: minutesAgo(302) })
      .where('id', '=', asker.id)
      .execute();
    const first = await sendMessage(t, asker, offerId, 'Can I start today?');
    await setWrittenAt('messages', first, minutesAgo(300));
    const second = await sendMessage(t, asker, offerId, 'Or tomorrow?');
    await setWrittenAt('messages', second, minutesAgo(295));
    const answer = await sendMessage(t, responder, offerId, 'Today is fine.');
    await setWrittenAt('messages', answer, minutesAgo(290));
    // The responder's own message answered by the asker: the asker's figure, not theirs.
    const mine = await sendMessage(t, responder, offerId, 'Send me the files.');
    await setWrittenAt('messages', mine, minutesAgo(200));
    const theirs = await sendMessage(t, asker, offerId, 'Sent.');
    await setWrittenAt('messages', theirs, minutesAgo(140));
  });

  it('is the median of the answers to questions and messages over the last 90 days', async () => {
    // Questions 30 and 90, the message turn 10: the median is 30.
    expect((await profileOf(responder)).freelancer.responseTimeMinutes).toBe(30);
    // The responder's turn (two messages) began 290 minutes ago; the asker answered 140 ago.
    expect((await profileOf(asker)).freelancer.responseTimeMinutes).toBe(150);
  });

  it('is null with nothing answered', async () => {
    expect((await profileOf(quiet)).freelancer.responseTimeMinutes).toBeNull();
  });

  it('the median of an even count is the mean of the middle two', () => {
    expect(median([])).toBeNull();
    expect(median([90, 10, 30])).toBe(30);
    expect(median([40, 10, 30, 90])).toBe(35);
  });
});

describe('last active day', () => {
  it('is the day of the last session activity when nothing was written since', async () => {
    await t.db
      .updateTable('user')
      .set({ createdAt: '2025-01-02T08:00:00.000Z' })
      .where('id', '=', quiet.id)
      .execute();
    await lastUsedSession(quiet, '2025-03-04T23:30:00.000Z');
    expect((await profileOf(quiet)).trust.lastActiveDay).toBe('2025-03-04');
  });

  it('is the day of the last write when later', async () => {
    await lastUsedSession(asker, '2025-03-04T23:30:00.000Z');
    // The asker's last message was written 140 minutes ago.
    expect((await profileOf(asker)).trust.lastActiveDay).toBe(minutesAgo(140).slice(0, 10));
  });
});

describe('client figures', () => {
  it('hire rate, payments made (declined cards not counted) and reviews from freelancers', async () => {
    expect((await profileOf(poster)).client).toEqual({
      tasksPosted: 4,
      hires: 2,
      hireRate: 0.5,
      paymentsMade: 2,
      reviewsFromFreelancers: 0,
    });
  });

  it('no hire rate before any task', async () => {
    expect((await profileOf(quiet)).client).toEqual({
      tasksPosted: 0,
      hires: 0,
      hireRate: null,
      paymentsMade: 0,
      reviewsFromFreelancers: 0,
    });
  });
});

describe('trust badges', () => {
  it('are all false but "no upheld reports" for a new account', async () => {
    expect((await profileOf(quiet)).trust.badges).toEqual({
      emailVerified: false,
      payoutAccountSet: false,
      paymentMethodUsed: false,
      noUpheldReports: true,
    });
  });

  it('email verified, payout account set, payment method used', async () => {
    await t.db
      .updateTable('user')
      .set({ emailVerified: sql<boolean>`true` })
      .where('id', '=', poster.id)
      .execute();
    const payout = await call(t, 'PUT', '/api/me/payout-account', freelancer, { name: 'Finn F' });
    expect(payout.status).toBe(200);
    expect((await profileOf(poster)).trust.badges).toEqual({
      emailVerified: true,
      payoutAccountSet: false,
      paymentMethodUsed: true,
      noUpheldReports: true,
    });
    expect((await profileOf(freelancer)).trust.badges).toMatchObject({
      payoutAccountSet: true,
      paymentMethodUsed: false,
    });
  });

  it('no upheld reports: a dismissed report keeps it, an upheld one takes it away', async () => {
    const taskId = await postTask(t, quiet);
    const dismissed = await askQuestion(t, responder, taskId, 'Is this a fair question?');
    const upheld = await askQuestion(t, asker, taskId, 'Buy followers cheap!');
    for (const [itemId, decision] of [
      [dismissed, 'dismiss'],
      [upheld, 'remove'],
    ] as const) {
      const report = { itemType: 'question', itemId, reason: 'spam' };
      expect((await call(t, 'POST', '/api/reports', quiet, report)).status).toBe(201);
      const decided = await call(
        t,
        'POST',
        `/api/admin/items/question/${itemId}/${decision}`,
        admin,
        {
          reason: 'Looked at it.',
        },
      );
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    }
    expect((await profileOf(responder)).trust.badges.noUpheldReports).toBe(true);
    expect((await profileOf(asker)).trust.badges.noUpheldReports).toBe(false);
  });
});
