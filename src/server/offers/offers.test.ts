import { beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES } from '../../shared/offers.ts';
import { TASK_ACTIONS, TASK_FIELD_MESSAGES, TASK_MESSAGES } from '../../shared/tasks.ts';
import {
  act,
  call,
  expireTask,
  hiredTask,
  makeOffer,
  postTask,
  readOfferRow,
  readTask,
  readTaskRow,
  refused,
  validOffer,
} from '../../../tests/support/marketplace.ts';
import { useTestApp, validTask, type TestUser } from '../../../tests/support/test-app.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';

const t = useTestApp();
const [poster, ada] = t.users('Paula Poster', 'Ada Freelancer');
const [bo, cy] = t.users('Bo Freelancer', 'Cy Stranger');

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('POST /api/tasks/:id/offers', () => {
  it('records a pending offer in cents and raises bidsCount by one', async () => {
    const taskId = await postTask(t, poster);
    const answer = await call(t, 'POST', `/api/tasks/${taskId}/offers`, ada, {
      amount: '99.95',
      message: '  Happy to help.  ',
    });
    expect(answer.status).toBe(201);
    const offerId = (answer.body as { insertedId: string }).insertedId;
    expect(await readOfferRow(t, offerId)).toMatchObject({
      task_id: taskId,
      bidder_id: ada.id,
      amount_cents: 9995,
      message: 'Happy to help.',
      status: 'pending',
    });
    expect((await readTask(t, taskId)).bidsCount).toBe(1);
  });

  it.each([
    ['amount zero', { amount: 0 }, TASK_MESSAGES.budgetZero],
    ['amount negative', { amount: -5 }, TASK_MESSAGES.budgetNegative],
    ['amount missing', { amount: undefined }, TASK_FIELD_MESSAGES.budgetRequired],
    ['amount text', { amount: 'cheap' }, TASK_FIELD_MESSAGES.budgetNotNumber],
    ['amount fractions of cents', { amount: 10.005 }, TASK_FIELD_MESSAGES.budgetCents],
    ['amount too large', { amount: 1_000_001 }, TASK_FIELD_MESSAGES.budgetTooLarge],
    ['message missing', { message: undefined }, OFFER_MESSAGES.messageRequired],
    ['message blank', { message: '   ' }, OFFER_MESSAGES.messageRequired],
    [
      'message too long',
      { message: 'x'.repeat(OFFER_MESSAGE_MAX_LENGTH + 1) },
      OFFER_MESSAGES.messageTooLong,
    ],
  ])('refuses a bad %s with 400 and stores nothing', async (_name, overrides, message) => {
    const taskId = await postTask(t, poster);
    const answer = await refused(
      t,
      'POST',
      `/api/tasks/${taskId}/offers`,
      ada,
      validOffer(overrides),
    );
    expect(answer).toEqual({ status: 400, body: { message } });
  });

  it('accepts the largest amount and a message of the longest length', async () => {
    const taskId = await postTask(t, poster);
    await makeOffer(t, ada, taskId, {
      amount: 1_000_000,
      message: 'x'.repeat(OFFER_MESSAGE_MAX_LENGTH),
    });
  });

  it('refuses anonymous visitors (401), the poster (403) and unknown tasks (404)', async () => {
    const taskId = await postTask(t, poster);
    const url = `/api/tasks/${taskId}/offers`;
    expect(await refused(t, 'POST', url, undefined, validOffer())).toEqual({
      status: 401,
      body: { message: SIGN_IN_REQUIRED },
    });
    expect(await refused(t, 'POST', url, poster, validOffer())).toEqual({
      status: 403,
      body: { message: TASK_ACTIONS.offer.notActor },
    });
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(await refused(t, 'POST', `/api/tasks/${id}/offers`, ada, validOffer())).toEqual({
        status: 404,
        body: { message: TASK_FIELD_MESSAGES.taskNotFound },
      });
    }
  });

  it('refuses expired, assigned and completed tasks with 409', async () => {
    const expired = await postTask(t, poster);
    await expireTask(t, expired);
    expect(await refused(t, 'POST', `/api/tasks/${expired}/offers`, ada, validOffer())).toEqual({
      status: 409,
      body: { message: TASK_ACTIONS.offer.refused.expired },
    });
    const assigned = (await hiredTask(t, poster, ada)).taskId;
    expect(await refused(t, 'POST', `/api/tasks/${assigned}/offers`, bo, validOffer())).toEqual({
      status: 409,
      body: { message: TASK_ACTIONS.offer.refused.assigned },
    });
    const completed = (await hiredTask(t, poster, ada, 'completed')).taskId;
    expect(await refused(t, 'POST', `/api/tasks/${completed}/offers`, bo, validOffer())).toEqual({
      status: 409,
      body: { message: TASK_ACTIONS.offer.refused.completed },
    });
  });

  it('takes one offer per freelancer per task: a second is refused while the first is pending', async () => {
    const taskId = await postTask(t, poster);
    await makeOffer(t, ada, taskId);
    expect(await refused(t, 'POST', `/api/tasks/${taskId}/offers`, ada, validOffer())).toEqual({
      status: 409,
      body: { message: OFFER_MESSAGES.alreadyOffered },
    });
    expect((await readTask(t, taskId)).bidsCount).toBe(1);
  });

  it('takes a withdrawn offer again, in the same row, counted again', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    await act(t, ada, `offers/${offerId}/withdraw`);
    expect((await readTask(t, taskId)).bidsCount).toBe(0);
    const again = await makeOffer(t, ada, taskId, { amount: 80, message: 'Second thoughts.' });
    expect(again).toBe(offerId);
    expect(await readOfferRow(t, offerId)).toMatchObject({
      status: 'pending',
      amount_cents: 8000,
      message: 'Second thoughts.',
    });
    expect((await readTask(t, taskId)).bidsCount).toBe(1);
  });

  it('refuses a new offer from a freelancer whose offer was declined', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    await act(t, poster, `offers/${offerId}/decline`);
    expect(await refused(t, 'POST', `/api/tasks/${taskId}/offers`, ada, validOffer())).toEqual({
      status: 409,
      body: { message: OFFER_MESSAGES.alreadyDeclined },
    });
  });
});

describe('PUT /api/offers/:id', () => {
  it('lets the author change a pending offer, counting only real changes', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    const change = { amount: 75.25, message: 'A better price.' };
    expect(await call(t, 'PUT', `/api/offers/${offerId}`, ada, change)).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    const row = await readOfferRow(t, offerId);
    expect(row).toMatchObject({ amount_cents: 7525, message: 'A better price.' });
    expect(row.updated_at >= row.created_at).toBe(true);
    expect(await call(t, 'PUT', `/api/offers/${offerId}`, ada, change)).toEqual({
      status: 200,
      body: { modifiedCount: 0 },
    });
    expect((await readTask(t, taskId)).bidsCount).toBe(1);
  });

  it('refuses anybody but the author, bad input, unknown offers and offers no longer pending', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    const url = `/api/offers/${offerId}`;
    expect(await refused(t, 'PUT', url, undefined, validOffer())).toMatchObject({ status: 401 });
    for (const user of [poster, bo]) {
      expect(await refused(t, 'PUT', url, user, validOffer({ amount: 1 }))).toEqual({
        status: 403,
        body: { message: OFFER_MESSAGES.notYourOffer },
      });
    }
    expect(await refused(t, 'PUT', url, ada, validOffer({ amount: 0 }))).toEqual({
      status: 400,
      body: { message: TASK_MESSAGES.budgetZero },
    });
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(await refused(t, 'PUT', `/api/offers/${id}`, ada, validOffer())).toEqual({
        status: 404,
        body: { message: OFFER_MESSAGES.offerNotFound },
      });
    }
    await act(t, poster, `offers/${offerId}/decline`);
    expect(await refused(t, 'PUT', url, ada, validOffer({ amount: 1 }))).toEqual({
      status: 409,
      body: { message: OFFER_MESSAGES.notPending },
    });
  });

  it('refuses a change once the task has expired', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    await expireTask(t, taskId);
    expect(
      await refused(t, 'PUT', `/api/offers/${offerId}`, ada, validOffer({ amount: 1 })),
    ).toEqual({
      status: 409,
      body: { message: TASK_ACTIONS.offer.refused.expired },
    });
  });
});

describe('POST /api/offers/:id/withdraw', () => {
  it('withdraws the author’s pending offer and takes its bid back', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    await call(t, 'PATCH', `/api/tasks/${taskId}/bids`, bo); // a spec counter bid stays counted
    expect((await readTask(t, taskId)).bidsCount).toBe(2);
    await act(t, ada, `offers/${offerId}/withdraw`);
    expect((await readOfferRow(t, offerId)).status).toBe('withdrawn');
    expect((await readTask(t, taskId)).bidsCount).toBe(1);
  });

  it('refuses anybody but the author, twice-withdrawn and unknown offers', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    const url = `/api/offers/${offerId}/withdraw`;
    expect(await refused(t, 'POST', url, undefined)).toMatchObject({ status: 401 });
    expect(await refused(t, 'POST', url, poster)).toEqual({
      status: 403,
      body: { message: OFFER_MESSAGES.notYourOffer },
    });
    expect(await refused(t, 'POST', `/api/offers/${UNKNOWN_ID}/withdraw`, ada)).toMatchObject({
      status: 404,
    });
    await act(t, ada, `offers/${offerId}/withdraw`);
    expect(await refused(t, 'POST', url, ada)).toEqual({
      status: 409,
      body: { message: OFFER_MESSAGES.notPending },
    });
    expect((await readTask(t, taskId)).bidsCount).toBe(0);
  });

  it('refuses to withdraw an accepted offer', async () => {
    const { offerId } = await hiredTask(t, poster, ada);
    expect(await refused(t, 'POST', `/api/offers/${offerId}/withdraw`, ada)).toEqual({
      status: 409,
      body: { message: OFFER_MESSAGES.notPending },
    });
  });
});

describe('POST /api/offers/:id/accept and /decline', () => {
  it('assigns the task at the offer, accepts it and declines every other pending offer', async () => {
    const taskId = await postTask(t, poster);
    const chosen = await makeOffer(t, ada, taskId, { amount: 90 });
    const other = await makeOffer(t, bo, taskId);
    const withdrawn = await makeOffer(t, cy, taskId);
    await act(t, cy, `offers/${withdrawn}/withdraw`);

    await act(t, poster, `offers/${chosen}/accept`);
    expect(await readTaskRow(t, taskId)).toMatchObject({
      status: 'assigned',
      assignee_id: ada.id,
      accepted_offer_id: chosen,
      delivered_at: null,
      completed_at: null,
    });
    expect((await readOfferRow(t, chosen)).status).toBe('accepted');
    expect((await readOfferRow(t, other)).status).toBe('declined');
    expect((await readOfferRow(t, withdrawn)).status).toBe('withdrawn');
    const task = await readTask(t, taskId);
    expect(task).toMatchObject({
      status: 'assigned',
      expired: false,
      userId: poster.id,
      assignee: { _id: ada.id, name: 'Ada Freelancer', image: expect.any(String) },
      deliveredAt: null,
      completedAt: null,
      bidsCount: 2,
    });
  });

  it('refuses to accept or decline for anybody but the poster', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    for (const action of ['accept', 'decline']) {
      const url = `/api/offers/${offerId}/${action}`;
      expect(await refused(t, 'POST', url, undefined)).toMatchObject({ status: 401 });
      for (const user of [ada, bo]) {
        expect(await refused(t, 'POST', url, user)).toEqual({
          status: 403,
          body: { message: TASK_ACTIONS.accept.notActor },
        });
      }
      expect(await refused(t, 'POST', `/api/offers/${UNKNOWN_ID}/${action}`, poster)).toEqual({
        status: 404,
        body: { message: OFFER_MESSAGES.offerNotFound },
      });
    }
  });

  it('refuses to accept a withdrawn or declined offer, and leaves the task open', async () => {
    const taskId = await postTask(t, poster);
    const withdrawn = await makeOffer(t, ada, taskId);
    await act(t, ada, `offers/${withdrawn}/withdraw`);
    const declined = await makeOffer(t, bo, taskId);
    await act(t, poster, `offers/${declined}/decline`);
    for (const offerId of [withdrawn, declined]) {
      expect(await refused(t, 'POST', `/api/offers/${offerId}/accept`, poster)).toEqual({
        status: 409,
        body: { message: OFFER_MESSAGES.notPending },
      });
      expect(await refused(t, 'POST', `/api/offers/${offerId}/decline`, poster)).toEqual({
        status: 409,
        body: { message: OFFER_MESSAGES.notPending },
      });
    }
    expect((await readTaskRow(t, taskId)).status).toBe('open');
  });

  it('refuses a second acceptance once the task is assigned', async () => {
    const taskId = await postTask(t, poster);
    const first = await makeOffer(t, ada, taskId);
    const second = await makeOffer(t, bo, taskId);
    await act(t, poster, `offers/${first}/accept`);
    expect(await refused(t, 'POST', `/api/offers/${second}/accept`, poster)).toEqual({
      status: 409,
      body: { message: TASK_ACTIONS.accept.refused.assigned },
    });
  });

  it('refuses to hire from an expired task’s offers until the deadline moves (issue 17)', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, ada, taskId);
    await expireTask(t, taskId);
    expect((await readTask(t, taskId)).expired).toBe(true);
    expect(await refused(t, 'POST', `/api/offers/${offerId}/accept`, poster)).toEqual({
      status: 409,
      body: { message: TASK_ACTIONS.accept.refused.expired },
    });
    expect((await call(t, 'PUT', `/api/tasks/${taskId}`, poster, validTask())).status).toBe(200);
    await act(t, poster, `offers/${offerId}/accept`);
    expect(await readTask(t, taskId)).toMatchObject({ status: 'assigned', expired: false });
  });
});

describe('who sees which offers', () => {
  let taskId: string;
  let adaOffer: string;
  let boOffer: string;
  beforeAll(async () => {
    taskId = await postTask(t, poster);
    adaOffer = await makeOffer(t, ada, taskId, { amount: 111.11, message: 'Ada’s secret pitch' });
    // Newest first is by time: two offers in one millisecond would tie (then by id, at random).
    await new Promise((resolve) => setTimeout(resolve, 5));
    boOffer = await makeOffer(t, bo, taskId, { amount: 222.22, message: 'Bo’s secret pitch' });
  });

  const offersAs = (user?: TestUser) => call(t, 'GET', `/api/tasks/${taskId}/offers`, user);
  const everyEmail = () => [poster, ada, bo, cy].map((user) => user.email);
  /** Bo's offer as both the task's list and Bo's own list show it. */
  const boOfferFields = () => ({
    _id: boOffer,
    taskId,
    amount: 222.22,
    message: 'Bo’s secret pitch',
    status: 'pending',
    declinedBecause: null,
    assignmentEnded: null,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });

  it('anonymous visitors: 401', async () => {
    expect(await offersAs()).toEqual({ status: 401, body: { message: SIGN_IN_REQUIRED } });
  });

  it('the poster: every offer, newest first, in the issue’s shape, with no email', async () => {
    const { status, body } = await offersAs(poster);
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        ...boOfferFields(),
        bidder: {
          _id: bo.id,
          name: 'Bo Freelancer',
          image: expect.any(String),
          rating: null,
          reviewsCount: 0,
          completedCount: 0,
        },
      },
      expect.objectContaining({ _id: adaOffer, amount: 111.11, message: 'Ada’s secret pitch' }),
    ]);
    for (const email of everyEmail()) expect(JSON.stringify(body)).not.toContain(email);
  });

  it('an offer’s author: only their own', async () => {
    const { body } = await offersAs(ada);
    expect(body).toEqual([expect.objectContaining({ _id: adaOffer, amount: 111.11 })]);
    expect(JSON.stringify(body)).not.toContain('Bo’s secret pitch');
  });

  it('another bidder: only their own', async () => {
    const { body } = await offersAs(bo);
    expect(body).toEqual([expect.objectContaining({ _id: boOffer, amount: 222.22 })]);
    expect(JSON.stringify(body)).not.toContain('Ada’s secret pitch');
  });

  it('a signed-in stranger: none', async () => {
    expect(await offersAs(cy)).toEqual({ status: 200, body: [] });
  });

  it('everybody reading the task: the count, never a price or a message', async () => {
    for (const user of [undefined, poster, ada, bo, cy]) {
      const task = await readTask(t, taskId, user);
      expect(task.bidsCount).toBe(2);
      const text = JSON.stringify(task);
      for (const secret of ['111.11', '222.22', 'secret pitch']) expect(text).not.toContain(secret);
      const list = await call(t, 'GET', '/api/tasks', user);
      for (const secret of ['111.11', '222.22', 'secret pitch']) {
        expect(JSON.stringify(list.body)).not.toContain(secret);
      }
    }
  });

  it('unknown and malformed tasks: 404', async () => {
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(await call(t, 'GET', `/api/tasks/${id}/offers`, poster)).toEqual({
        status: 404,
        body: { message: TASK_FIELD_MESSAGES.taskNotFound },
      });
    }
  });

  it('GET /api/me/offers: each user’s own offers with their tasks; 401 signed out', async () => {
    expect(await call(t, 'GET', '/api/me/offers')).toMatchObject({ status: 401 });
    const mine = await call(t, 'GET', '/api/me/offers', bo);
    expect(mine.status).toBe(200);
    const offers = mine.body as Array<Record<string, unknown>>;
    const onTask = offers.find((offer) => offer._id === boOffer);
    expect(onTask).toEqual({
      ...boOfferFields(),
      task: {
        _id: taskId,
        title: 'Design a logo for a bakery',
        status: 'open',
        expired: false,
        budget: 150,
        deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    expect(offers.every((offer) => offer.message !== 'Ada’s secret pitch')).toBe(true);
    const posterOffers = await call(t, 'GET', '/api/me/offers', poster);
    expect(posterOffers).toEqual({ status: 200, body: [] });
  });
});
