import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '../../shared/delivery.ts';
import { taskLink } from '../../shared/links.ts';
import { NOTIFICATION_TEXTS } from '../../shared/notifications.ts';
import { OFFER_MESSAGES, REOPEN_REASON_MAX_LENGTH } from '../../shared/offers.ts';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { TASK_ACTIONS } from '../../shared/tasks.ts';
import { watchNotifications } from '../../../tests/support/conversations.ts';
import {
  act,
  call,
  conflict,
  forbidden,
  hiredTask,
  makeOffer,
  postTask,
  readTaskRow,
  refused,
} from '../../../tests/support/marketplace.ts';
import { paidHire, pay, PAYMENTS_ENV } from '../../../tests/support/payments.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { parseConfig } from '../config.ts';
import { autoCompleteTasks } from '../offers/offers.service.ts';

/**
 * Issue 47 on both engines: the poster sends delivered work back with a note (the same
 * freelancer is told, delivers again, and the auto-complete clock starts again), a limited
 * number of times per hire; and disputes delivered work as its own step, only where money is
 * held. Only the poster, only while delivered; both parties read the rounds.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TITLE = 'Design a logo for a bakery';
const RULES = TASK_ACTIONS.requestChanges;

// The outbox read as written: a mail the sender has logged keeps no subject (mail-sender.ts), so
// it polls once a minute, not once a second, and no mail of this file is logged meanwhile.
const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000', MAIL_POLL_MS: '60000' });
const [paula, gina, stranger] = t.users('Paula Poster', 'Gina Freelancer', 'Sam Stranger');

const askChanges = (taskId: string, note: string, user: TestUser = paula) =>
  call(t, 'POST', `/api/tasks/${taskId}/changes`, user, { note });

const deliveryOf = async (taskId: string, user: TestUser) => {
  const answer = await call(t, 'GET', `/api/tasks/${taskId}/delivery`, user);
  expect(answer.status).toBe(200);
  return answer.body as {
    rounds: {
      note: string;
      deliveredAt: string;
      requestedAt: string;
      redeliveredAt: string | null;
    }[];
    roundsMax: number;
    roundsLeft: number;
    isPaymentHeld: boolean;
    hasDelivered: boolean;
  };
};

const mailsTo = (userId: string) =>
  t.db
    .selectFrom('outbox')
    .select(['kind', 'subject'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'task_progress')
    // The oldest first: on PostgreSQL a row the sender updated moves to the heap's end.
    .orderBy('created_at')
    .orderBy('id')
    .execute();

describe('asking for changes', () => {
  it('sends the work back to the same freelancer, who is told the note in the app and by mail', async () => {
    const { taskId, offerId } = await hiredTask(t, paula, gina, 'delivered');
    const delivered = (await readTaskRow(t, taskId)).delivered_at!;
    const watch = await watchNotifications(t, [gina, paula]);
    const mailsBefore = (await mailsTo(gina.id)).length;

    const note = 'Please use the bakery’s green, and a larger wordmark.';
    expect(await askChanges(taskId, note)).toEqual({ status: 200, body: { modifiedCount: 1 } });

    expect(await readTaskRow(t, taskId)).toMatchObject({
      status: 'assigned',
      assignee_id: gina.id,
      accepted_offer_id: offerId,
      delivered_at: null,
      completed_at: null,
    });
    const rows = await t.db
      .selectFrom('change_requests')
      .selectAll()
      .where('task_id', '=', taskId)
      .execute();
    expect(rows).toMatchObject([{ offer_id: offerId, note, delivered_at: delivered }]);
    const text = NOTIFICATION_TEXTS.changes_requested({
      name: 'Paula Poster',
      title: TITLE,
      reason: note,
    });
    expect(text).toBe(
      `Paula Poster asked for changes on “${TITLE}”: “${note}”. Deliver again when they are done.`,
    );
    expect((await watch.of(gina)).map((n) => [n.type, n.text, n.link])).toEqual([
      ['changes_requested', text, taskLink(taskId)],
    ]);
    expect(await watch.of(paula)).toEqual([]);
    // Mailed per her preferences: task progress is instant by default.
    const mails = await mailsTo(gina.id);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)).toMatchObject({ subject: text });

    // Both parties read the round; it waits for the new delivery.
    for (const user of [paula, gina]) {
      expect(await deliveryOf(taskId, user)).toMatchObject({
        rounds: [{ note, deliveredAt: delivered, redeliveredAt: null }],
        roundsMax: 3,
        roundsLeft: 2,
        isPaymentHeld: false,
        hasDelivered: true,
        isDisputed: false,
      });
    }
    // She delivers again; the round shows when, and the poster may confirm.
    await act(t, gina, `tasks/${taskId}/deliver`);
    const again = (await readTaskRow(t, taskId)).delivered_at!;
    expect(again > delivered).toBe(true);
    expect((await deliveryOf(taskId, paula)).rounds).toMatchObject([{ redeliveredAt: again }]);
    await act(t, paula, `tasks/${taskId}/complete`);
    expect((await readTaskRow(t, taskId)).status).toBe('completed');
    expect((await deliveryOf(taskId, gina)).rounds).toHaveLength(1);
  });

  it('mails nothing when the freelancer turned task progress mails off', async () => {
    const { taskId } = await hiredTask(t, paula, stranger, 'delivered');
    await call(t, 'PUT', '/api/me/mail-preferences', stranger, { task_progress: 'off' });
    const before = (await mailsTo(stranger.id)).length;
    expect((await askChanges(taskId, 'Another colour.')).status).toBe(200);
    expect((await mailsTo(stranger.id)).length).toBe(before);
    await call(t, 'PUT', '/api/me/mail-preferences', stranger, { task_progress: 'instant' });
  });

  it('restarts the auto-complete clock at the new delivery', async () => {
    const { taskId } = await hiredTask(t, paula, gina, 'delivered');
    const delayMs = 7 * DAY_MS;
    // Delivered eight days ago: due, had the poster said nothing.
    const old = new Date(Date.now() - 8 * DAY_MS).toISOString();
    await t.db.updateTable('tasks').set({ delivered_at: old }).where('id', '=', taskId).execute();
    expect((await askChanges(taskId, 'The colours are off.')).status).toBe(200);
    await autoCompleteTasks(t.db, { delayMs });
    expect((await readTaskRow(t, taskId)).status).toBe('assigned');

    await act(t, gina, `tasks/${taskId}/deliver`);
    const sixDaysOn = new Date(Date.now() + 6 * DAY_MS);
    await autoCompleteTasks(t.db, { delayMs, now: sixDaysOn });
    expect((await readTaskRow(t, taskId)).status).toBe('assigned');
    const eightDaysOn = new Date(Date.now() + 8 * DAY_MS);
    await autoCompleteTasks(t.db, { delayMs, now: eightDaysOn });
    expect((await readTaskRow(t, taskId)).status).toBe('completed');
  });

  it('allows three rounds per hire, then only confirming or ending it', async () => {
    const { taskId } = await hiredTask(t, paula, gina, 'delivered');
    for (const round of [1, 2, 3]) {
      expect((await askChanges(taskId, `Round ${round}.`)).status).toBe(200);
      await act(t, gina, `tasks/${taskId}/deliver`);
    }
    const message = DELIVERY_MESSAGES.roundsUsed(3, false);
    expect(message).toBe(
      'You have asked for changes 3 times, the most for one hire. Confirm completion, or end the assignment.',
    );
    const url = `/api/tasks/${taskId}/changes`;
    expect(await refused(t, 'POST', url, paula, { note: 'Round 4.' })).toEqual(conflict(message));
    expect(await deliveryOf(taskId, gina)).toMatchObject({ roundsLeft: 0 });
    expect((await deliveryOf(taskId, gina)).rounds.map((round) => round.note)).toEqual([
      'Round 1.',
      'Round 2.',
      'Round 3.',
    ]);
    await act(t, paula, `tasks/${taskId}/complete`);
  });

  it('is the poster’s alone, on delivered work alone, with a note', async () => {
    const { taskId } = await hiredTask(t, paula, gina, 'delivered');
    const url = `/api/tasks/${taskId}/changes`;
    const body = { note: 'More red.' };
    expect(await refused(t, 'POST', url, gina, body)).toEqual(forbidden(RULES.notActor));
    expect(await refused(t, 'POST', url, stranger, body)).toEqual(forbidden(RULES.notActor));
    expect((await refused(t, 'POST', url, undefined, body)).status).toBe(401);
    expect(await refused(t, 'POST', url, paula, { note: '  ' })).toEqual({
      status: 400,
      body: { message: DELIVERY_MESSAGES.noteRequired },
    });
    expect(await refused(t, 'POST', url, paula, { note: 'x'.repeat(2001) })).toEqual({
      status: 400,
      body: { message: DELIVERY_MESSAGES.noteTooLong },
    });

    const hired = await hiredTask(t, paula, gina);
    const notYet = `/api/tasks/${hired.taskId}/changes`;
    expect(await refused(t, 'POST', notYet, paula, body)).toEqual(
      conflict(RULES.refused.undelivered),
    );
    const open = await postTask(t, paula);
    expect(await refused(t, 'POST', `/api/tasks/${open}/changes`, paula, body)).toEqual(
      conflict(RULES.refused.open),
    );
    const done = await hiredTask(t, paula, gina, 'completed');
    expect(await refused(t, 'POST', `/api/tasks/${done.taskId}/changes`, paula, body)).toEqual(
      conflict(RULES.refused.completed),
    );
    // The rounds are the two parties' to read.
    expect(await call(t, 'GET', `/api/tasks/${taskId}/delivery`, stranger)).toEqual(
      forbidden(DELIVERY_MESSAGES.notParty),
    );
  });

  it('takes one round of two racing on one delivery', async () => {
    const { taskId } = await hiredTask(t, paula, gina, 'delivered');
    const answers = await Promise.all([
      askChanges(taskId, 'First.'),
      askChanges(taskId, 'Second.'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await deliveryOf(taskId, gina)).rounds).toHaveLength(1);
  });

  it('counts the rounds of each hire apart: a new hire starts again', async () => {
    const { taskId, offerId } = await hiredTask(t, paula, gina, 'delivered');
    expect((await askChanges(taskId, 'Tweak it.')).status).toBe(200);
    await act(t, gina, `tasks/${taskId}/reopen`, { reason: 'I cannot finish it.' });
    expect(await deliveryOf(taskId, paula)).toMatchObject({ rounds: [], roundsLeft: 3 });
    // She offers again, which revives her offer's row, and is hired again: a hire of its own.
    expect(await makeOffer(t, gina, taskId)).toBe(offerId);
    await act(t, paula, `offers/${offerId}/accept`);
    expect(await deliveryOf(taskId, gina)).toMatchObject({
      rounds: [],
      roundsLeft: 3,
      hasDelivered: false,
    });
    await act(t, gina, `tasks/${taskId}/deliver`);
    expect((await askChanges(taskId, 'Tweak it again.')).status).toBe(200);
    expect(await deliveryOf(taskId, paula)).toMatchObject({
      rounds: [{ note: 'Tweak it again.' }],
      roundsLeft: 2,
    });
  });
});

describe('disputing without a payment held', () => {
  it('says there is nothing for an admin to decide, and changes nothing', async () => {
    const { taskId } = await hiredTask(t, paula, gina, 'delivered');
    const url = `/api/tasks/${taskId}/dispute`;
    expect(await refused(t, 'POST', url, paula, { reason: 'Not what I asked.' })).toEqual(
      conflict(DELIVERY_MESSAGES.nothingHeld),
    );
    expect(await refused(t, 'POST', url, gina, { reason: 'Hm.' })).toEqual(
      forbidden(TASK_ACTIONS.dispute.notActor),
    );
    expect(await refused(t, 'POST', url, paula, { reason: '' })).toEqual({
      status: 400,
      body: { message: DELIVERY_MESSAGES.disputeReasonRequired },
    });
    // A reopen's reason may open a dispute too: the same limit and message.
    const tooLong = { reason: 'x'.repeat(REOPEN_REASON_MAX_LENGTH + 1) };
    expect(await refused(t, 'POST', url, paula, tooLong)).toEqual({
      status: 400,
      body: { message: OFFER_MESSAGES.reasonTooLong },
    });
  });
});

describe('with payments', () => {
  const p = useTestApp({ ...PAYMENTS_ENV, CHANGE_ROUNDS_MAX: '1' });
  const [poster, freelancer] = p.users('Paula Poster', 'Fred Freelancer');

  it('keeps the money held through a round, and names the dispute once the rounds are used', async () => {
    const { taskId } = await paidHire(p, poster, freelancer, 'delivered');
    const changes = `/api/tasks/${taskId}/changes`;
    expect((await call(p, 'POST', changes, poster, { note: 'Fix the kerning.' })).status).toBe(200);
    const held = await call(p, 'GET', `/api/tasks/${taskId}/payment`, poster);
    expect(held.body).toMatchObject({ status: 'held' });
    expect((await call(p, 'POST', `/api/tasks/${taskId}/deliver`, freelancer)).status).toBe(200);
    expect(await refused(p, 'POST', changes, poster, { note: 'Again.' })).toEqual(
      conflict(DELIVERY_MESSAGES.roundsUsed(1, true)),
    );
    expect(DELIVERY_MESSAGES.roundsUsed(1, true)).toBe(
      'You have asked for changes once, the most for one hire. Confirm completion, or open a dispute.',
    );
    const delivery = await call(p, 'GET', `/api/tasks/${taskId}/delivery`, freelancer);
    expect(delivery.body).toMatchObject({
      roundsMax: 1,
      roundsLeft: 0,
      isPaymentHeld: true,
      isDisputed: false,
    });

    const reason = { reason: 'The kerning is still wrong.' };
    const dispute = `/api/tasks/${taskId}/dispute`;
    expect(await refused(p, 'POST', dispute, freelancer, reason)).toEqual(
      forbidden(TASK_ACTIONS.dispute.notActor),
    );
    expect(await call(p, 'POST', dispute, poster, reason)).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    expect(await readTaskRow(p, taskId)).toMatchObject({ status: 'assigned' });
    expect((await readTaskRow(p, taskId)).disputed_at).not.toBeNull();
    const during = await call(p, 'GET', `/api/tasks/${taskId}/delivery`, poster);
    expect(during.body).toMatchObject({ isPaymentHeld: true, isDisputed: true });
    const payment = await call(p, 'GET', `/api/tasks/${taskId}/payment`, freelancer);
    expect(payment.body).toMatchObject({
      status: 'disputed',
      dispute: { status: 'open', statements: [{ role: 'poster', text: reason.reason }] },
    });
    // The freelancer adds theirs; the dispute is not opened twice, and nothing else moves it.
    const statement = { text: 'I followed the brief.' };
    const statements = `/api/tasks/${taskId}/dispute/statements`;
    expect((await call(p, 'POST', statements, freelancer, statement)).status).toBeLessThan(300);
    expect(await refused(p, 'POST', dispute, poster, reason)).toEqual(
      conflict(PAYMENT_MESSAGES.disputed),
    );
  });

  it('work sent back for changes is still delivered: the poster disputes it, and cannot reopen it for a refund', async () => {
    const sentBack = async () => {
      const { taskId } = await paidHire(p, poster, freelancer, 'delivered');
      const changes = `/api/tasks/${taskId}/changes`;
      expect((await call(p, 'POST', changes, poster, { note: 'Redo it.' })).status).toBe(200);
      return taskId;
    };
    const reopened = await sentBack();
    const reason = { reason: 'I changed my mind.' };
    expect(await call(p, 'POST', `/api/tasks/${reopened}/reopen`, poster, reason)).toEqual({
      status: 200,
      body: { modifiedCount: 1, disputed: true },
    });
    expect(await readTaskRow(p, reopened)).toMatchObject({ status: 'assigned' });
    const held = await call(p, 'GET', `/api/tasks/${reopened}/payment`, poster);
    expect(held.body).toMatchObject({ status: 'disputed' });

    const disputed = await sentBack();
    expect(await call(p, 'POST', `/api/tasks/${disputed}/dispute`, poster, reason)).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
  });

  it('hired again on a revived offer, nothing is delivered yet: no dispute, and a reopen refunds', async () => {
    const { taskId, offerId } = await paidHire(p, poster, freelancer, 'delivered');
    const changes = `/api/tasks/${taskId}/changes`;
    expect((await call(p, 'POST', changes, poster, { note: 'Redo it.' })).status).toBe(200);
    await act(p, freelancer, `tasks/${taskId}/reopen`, { reason: 'I cannot finish it.' });
    expect(await makeOffer(p, freelancer, taskId)).toBe(offerId);
    expect((await pay(p, poster, offerId)).status).toBe(200);

    const delivery = await call(p, 'GET', `/api/tasks/${taskId}/delivery`, poster);
    expect(delivery.body).toMatchObject({
      rounds: [],
      roundsMax: 1,
      roundsLeft: 1,
      isPaymentHeld: true,
      hasDelivered: false,
    });
    const reason = { reason: 'Nothing yet.' };
    expect(await refused(p, 'POST', `/api/tasks/${taskId}/dispute`, poster, reason)).toEqual(
      conflict(TASK_ACTIONS.dispute.refused.undelivered),
    );
    expect(await call(p, 'POST', `/api/tasks/${taskId}/reopen`, poster, reason)).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    expect(await readTaskRow(p, taskId)).toMatchObject({ status: 'open', disputed_at: null });
    const payment = await call(p, 'GET', `/api/tasks/${taskId}/payment`, poster);
    expect(payment.body).toMatchObject({ status: 'refunded' });
  });

  it('refuses a dispute before delivery', async () => {
    const { taskId } = await paidHire(p, poster, freelancer);
    const url = `/api/tasks/${taskId}/dispute`;
    expect(await refused(p, 'POST', url, poster, { reason: 'Too slow.' })).toEqual(
      conflict(TASK_ACTIONS.dispute.refused.undelivered),
    );
  });
});

describe('the calls, described and configured', () => {
  it('are in the OpenAPI document with their summaries and refusals', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    const calls: Array<[string, string, string]> = [
      ['/api/tasks/{id}/changes', 'post', '409'],
      ['/api/tasks/{id}/dispute', 'post', '409'],
      ['/api/tasks/{id}/delivery', 'get', '403'],
    ];
    for (const [path, method, refusal] of calls) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(Object.keys(paths[path][method].responses), `${method} ${path}`).toContain(refusal);
    }
  });

  it('allows CHANGE_ROUNDS_MAX rounds, 3 by default', () => {
    expect(parseConfig({}).changeRoundsMax).toBe(3);
    expect(parseConfig({ CHANGE_ROUNDS_MAX: '5' }).changeRoundsMax).toBe(5);
    expect(() => parseConfig({ CHANGE_ROUNDS_MAX: 'many' })).toThrow(/CHANGE_ROUNDS_MAX/);
  });
});
