import { describe, expect, it } from 'vitest';
import { offerLink, taskLink } from '../../shared/links.ts';
import { watchNotifications } from '../../../tests/support/conversations.ts';
import {
  act,
  call,
  expireTask,
  makeOffer,
  postTask,
  readOfferRow,
  readTask,
  readTaskRow,
  refused,
  validOffer,
} from '../../../tests/support/marketplace.ts';
import { useTestApp, validTask, type TestUser } from '../../../tests/support/test-app.ts';

/**
 * Issue 17, "Reopening and declining", on both engines: a reopen gives the task its market back
 * (offers a hire declined are pending again, offers the poster declined stay so), the released
 * freelancer may offer again, a losing bidder hears that someone else was hired, the reason of a
 * reopen reaches the other party, and a task whose deadline has passed is not hired from.
 */

const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000' });
const [paula, gina] = t.users('Paula Poster', 'Gina Freelancer');
const [frank, dora] = t.users('Frank Freelancer', 'Dora Freelancer');

const TITLE = '“Design a logo for a bakery”';

async function told(watch: Awaited<ReturnType<typeof watchNotifications>>, user: TestUser) {
  return (await watch.of(user)).map((n) => [n.type, n.text, n.link]);
}

async function hiresOf(user: TestUser): Promise<number> {
  const profile = await call(t, 'GET', `/api/users/${user.id}`);
  expect(profile.status).toBe(200);
  return (profile.body as { client: { hires: number } }).client.hires;
}

const offersOf = async (user: TestUser, taskId: string) => {
  const answer = await call(t, 'GET', `/api/tasks/${taskId}/offers`, user);
  expect(answer.status).toBe(200);
  return answer.body as Array<Record<string, unknown>>;
};

/** Gina hired on Paula's task over Frank's pending offer; Dora's offer declined by Paula. */
async function ginaHired() {
  const taskId = await postTask(t, paula);
  const ginaOffer = await makeOffer(t, gina, taskId);
  const frankOffer = await makeOffer(t, frank, taskId);
  const doraOffer = await makeOffer(t, dora, taskId);
  await act(t, paula, `offers/${doraOffer}/decline`);
  await act(t, paula, `offers/${ginaOffer}/accept`);
  return { taskId, ginaOffer, frankOffer, doraOffer };
}

describe('a hire declines the other offers because someone else was hired', () => {
  it('records why each offer was declined, and tells the loser that someone else was hired', async () => {
    const taskId = await postTask(t, paula);
    const ginaOffer = await makeOffer(t, gina, taskId);
    const frankOffer = await makeOffer(t, frank, taskId);
    const watch = await watchNotifications(t, [frank]);
    await act(t, paula, `offers/${ginaOffer}/accept`);
    expect(await told(watch, frank)).toEqual([
      [
        'offer_not_chosen',
        `Someone else was hired for ${TITLE}. Your offer was not chosen this time.`,
        offerLink(taskId, frankOffer),
      ],
    ]);
    expect(await readOfferRow(t, frankOffer)).toMatchObject({
      status: 'declined',
      declined_because: 'hired',
    });
    const [frankSees] = await offersOf(frank, taskId);
    expect(frankSees).toMatchObject({ status: 'declined', declinedBecause: 'hired' });
  });

  it('a poster’s own decline says so, and is recorded as the poster’s', async () => {
    const taskId = await postTask(t, paula);
    const offerId = await makeOffer(t, frank, taskId);
    const watch = await watchNotifications(t, [frank]);
    await act(t, paula, `offers/${offerId}/decline`);
    expect(await told(watch, frank)).toEqual([
      ['offer_declined', `Your offer on ${TITLE} was declined.`, offerLink(taskId, offerId)],
    ]);
    expect(await readOfferRow(t, offerId)).toMatchObject({
      status: 'declined',
      declined_because: 'poster',
    });
    const [frankSees] = await offersOf(frank, taskId);
    expect(frankSees).toMatchObject({ declinedBecause: 'poster', assignmentEnded: null });
  });
});

describe('reopening gives the task its market back', () => {
  it('offers a hire declined are pending again and their authors told; the poster’s declines stay', async () => {
    const { taskId, ginaOffer, frankOffer, doraOffer } = await ginaHired();
    const watch = await watchNotifications(t, [frank, dora, gina]);
    await act(t, paula, `tasks/${taskId}/reopen`, { reason: 'The brief changed.' });

    expect(await readOfferRow(t, frankOffer)).toMatchObject({
      status: 'pending',
      declined_because: null,
    });
    expect(await readOfferRow(t, doraOffer)).toMatchObject({
      status: 'declined',
      declined_because: 'poster',
    });
    expect((await readOfferRow(t, ginaOffer)).status).toBe('released');
    expect(await told(watch, frank)).toEqual([
      [
        'offer_open_again',
        `${TITLE} is open again, and your offer on it stands.`,
        offerLink(taskId, frankOffer),
      ],
    ]);
    expect(await told(watch, dora)).toEqual([]);
    // Three offers made, none withdrawn: the count is what the poster can open.
    expect(await readTask(t, taskId)).toMatchObject({ status: 'open', bidsCount: 3 });
    expect(await offersOf(paula, taskId)).toHaveLength(3);

    // Frank's offer stands: he is told so rather than "declined", and Paula can hire him.
    expect(await refused(t, 'POST', `/api/tasks/${taskId}/offers`, frank, validOffer())).toEqual({
      status: 409,
      body: { message: 'You already have an offer on this task. Edit it instead.' },
    });
    expect(await refused(t, 'POST', `/api/tasks/${taskId}/offers`, dora, validOffer())).toEqual({
      status: 409,
      body: { message: 'The poster has declined your offer on this task.' },
    });
    await act(t, paula, `offers/${frankOffer}/accept`);
    expect(await readTask(t, taskId)).toMatchObject({
      status: 'assigned',
      assignee: { _id: frank.id },
    });
  });

  it('the released freelancer may offer again, in the same row, without counting it twice', async () => {
    const { taskId, ginaOffer } = await ginaHired();
    await act(t, gina, `tasks/${taskId}/reopen`, { reason: 'I fell ill.' });
    const hiresBefore = await hiresOf(paula);
    const again = await call(
      t,
      'POST',
      `/api/tasks/${taskId}/offers`,
      gina,
      validOffer({ amount: 99 }),
    );
    expect(again).toEqual({ status: 201, body: { insertedId: ginaOffer } });
    expect(await readOfferRow(t, ginaOffer)).toMatchObject({
      status: 'pending',
      amount_cents: 9900,
      declined_because: null,
    });
    expect((await readTask(t, taskId)).bidsCount).toBe(3);
    // The hire that ended still counts on Paula's profile; hiring Gina again is one more.
    expect(await hiresOf(paula)).toBe(hiresBefore);
    await act(t, paula, `offers/${ginaOffer}/accept`);
    expect(await hiresOf(paula)).toBe(hiresBefore + 1);
    await act(t, paula, `tasks/${taskId}/reopen`, { reason: 'Second try did not work.' });
    expect(await hiresOf(paula)).toBe(hiresBefore + 1);
  });
});

describe('the reason of a reopen reaches the other party', () => {
  it.each([
    [
      'the poster ends it: the freelancer reads it',
      () => paula,
      () => gina,
      'Paula Poster',
      'poster',
    ],
    [
      'the freelancer backs out: the poster reads it',
      () => gina,
      () => paula,
      'Gina Freelancer',
      'freelancer',
    ],
  ] as const)('%s', async (_name, actor, other, actorName, by) => {
    const { taskId, ginaOffer } = await ginaHired();
    const watch = await watchNotifications(t, [paula, gina]);
    await act(t, actor(), `tasks/${taskId}/reopen`, { reason: '  The files never arrived.  ' });
    expect(await told(watch, other())).toEqual([
      [
        'assignment_reopened',
        `${actorName} ended the assignment on ${TITLE}: “The files never arrived.”. The task is open again.`,
        taskLink(taskId),
      ],
    ]);
    const ended = { by, reason: 'The files never arrived.', at: expect.any(String) };
    // On the task page: the poster sees it on the released offer, the freelancer on their own.
    for (const party of [paula, gina]) {
      const released = (await offersOf(party, taskId)).find((offer) => offer._id === ginaOffer);
      expect(released).toMatchObject({ status: 'released', assignmentEnded: ended });
    }
    // Nobody else: another bidder sees only their own offer, and the task carries no reason.
    const frankSees = await offersOf(frank, taskId);
    expect(JSON.stringify(frankSees)).not.toContain('never arrived');
    expect(JSON.stringify(await readTask(t, taskId, frank))).not.toContain('never arrived');
  });
});

describe('hiring on a task whose deadline has passed', () => {
  it('is refused until the poster moves the deadline; declining still works', async () => {
    const taskId = await postTask(t, paula);
    const ginaOffer = await makeOffer(t, gina, taskId);
    const frankOffer = await makeOffer(t, frank, taskId);
    await expireTask(t, taskId);
    expect(await refused(t, 'POST', `/api/offers/${ginaOffer}/accept`, paula)).toEqual({
      status: 409,
      body: {
        message:
          "This task's deadline has passed. Move the deadline to a later day before you hire.",
      },
    });
    expect((await readOfferRow(t, ginaOffer)).status).toBe('pending');
    await act(t, paula, `offers/${frankOffer}/decline`);
    const moved = await call(t, 'PUT', `/api/tasks/${taskId}`, paula, validTask());
    expect(moved.status).toBe(200);
    await act(t, paula, `offers/${ginaOffer}/accept`);
    expect(await readTaskRow(t, taskId)).toMatchObject({
      status: 'assigned',
      assignee_id: gina.id,
    });
  });
});
