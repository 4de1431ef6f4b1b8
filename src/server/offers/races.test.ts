import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hiredTask,
  makeOffer,
  postTask,
  readTask,
  readTaskRow,
  signUpMany,
  validOffer,
} from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { autoCompleteDeliveredTasks } from '../tasks/task-status.ts';

/**
 * Racing requests over real connections (issue 9): each rule is one conditional UPDATE in a
 * transaction, so of any number of racers only those the rule still allows win, on either engine.
 */

let t: TestApp;
let address: string;
let poster: TestUser;
let freelancers: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  poster = await t.signUp({ name: 'Paula Poster' });
  freelancers = await signUpMany(t, 100);
}, 180_000);
afterAll(async () => t.close());

/** Sends every request at once; resolves to their statuses. */
async function race(
  requests: Array<{ method: string; path: string; user: TestUser; body?: unknown }>,
): Promise<number[]> {
  const responses = await Promise.all(
    requests.map((request) =>
      fetch(`${address}${request.path}`, {
        method: request.method,
        headers: {
          'content-type': 'application/json',
          origin: t.config.publicUrl,
          cookie: request.user.cookie,
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      }),
    ),
  );
  return Promise.all(
    responses.map(async (response) => {
      await response.arrayBuffer();
      return response.status;
    }),
  );
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function offerStatuses(taskId: string) {
  const rows = await t.db
    .selectFrom('offers')
    .select(['id', 'status', 'bidder_id'])
    .where('task_id', '=', taskId)
    .execute();
  return rows;
}

describe('racing requests', () => {
  it('50 concurrent accepts of 50 different offers on one task: exactly one assignment', async () => {
    const taskId = await postTask(t, poster);
    const offers: string[] = [];
    for (const freelancer of freelancers.slice(0, 50)) {
      offers.push(await makeOffer(t, freelancer, taskId));
    }
    const statuses = await race(
      offers.map((id) => ({ method: 'POST', path: `/api/offers/${id}/accept`, user: poster })),
    );
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 409)).toBe(49);

    const winner = offers[statuses.indexOf(200)];
    const rows = await offerStatuses(taskId);
    expect(rows.filter((row) => row.status === 'accepted').map((row) => row.id)).toEqual([winner]);
    expect(rows.filter((row) => row.status === 'declined')).toHaveLength(49);
    const task = await readTaskRow(t, taskId);
    const winnerRow = rows.find((row) => row.id === winner)!;
    expect(task).toMatchObject({
      status: 'assigned',
      accepted_offer_id: winner,
      assignee_id: winnerRow.bidder_id,
    });
  });

  it('30 concurrent offers from one user: one offer, counted once', async () => {
    const taskId = await postTask(t, poster);
    const bidder = freelancers[0]!;
    const statuses = await race(
      Array.from({ length: 30 }, (_, i) => ({
        method: 'POST',
        path: `/api/tasks/${taskId}/offers`,
        user: bidder,
        body: validOffer({ amount: 100 + i }),
      })),
    );
    expect(count(statuses, 201)).toBe(1);
    expect(count(statuses, 409)).toBe(29);
    expect(await offerStatuses(taskId)).toHaveLength(1);
    expect((await readTask(t, taskId)).bidsCount).toBe(1);
  });

  it('100 offers from 100 users at once: 100 offers, bidsCount up by exactly 100', async () => {
    const taskId = await postTask(t, poster);
    await t.request('PATCH', `/api/tasks/${taskId}/bids`, { user: freelancers[0] });
    const statuses = await race(
      freelancers.map((user) => ({
        method: 'POST',
        path: `/api/tasks/${taskId}/offers`,
        user,
        body: validOffer(),
      })),
    );
    expect(count(statuses, 201)).toBe(100);
    expect(await offerStatuses(taskId)).toHaveLength(100);
    expect((await readTask(t, taskId)).bidsCount).toBe(101);
  });

  it('accepts racing withdrawals of the same offers: each offer ends one way, counts agree', async () => {
    const rounds = await Promise.all(
      freelancers.slice(0, 10).map(async (freelancer) => {
        const taskId = await postTask(t, poster);
        const offerId = await makeOffer(t, freelancer, taskId);
        return { taskId, offerId, freelancer };
      }),
    );
    const statuses = await race(
      rounds.flatMap(({ offerId, freelancer }) => [
        { method: 'POST', path: `/api/offers/${offerId}/accept`, user: poster },
        { method: 'POST', path: `/api/offers/${offerId}/withdraw`, user: freelancer },
      ]),
    );
    for (const [index, { taskId }] of rounds.entries()) {
      const [accepted, withdrawn] = [statuses[index * 2], statuses[index * 2 + 1]];
      expect([accepted, withdrawn].sort()).toEqual([200, 409]);
      const task = await readTaskRow(t, taskId);
      const [offer] = await offerStatuses(taskId);
      if (accepted === 200) {
        expect([task.status, offer!.status, task.bids_count]).toEqual(['assigned', 'accepted', 1]);
      } else {
        expect([task.status, offer!.status, task.bids_count]).toEqual(['open', 'withdrawn', 0]);
      }
    }
  });

  it('the auto-completion sweep run twice at once completes a task once', async () => {
    const { taskId } = await hiredTask(t, poster, freelancers[1]!, 'delivered');
    const later = new Date(Date.now() + 60_000);
    const sweeps = await Promise.all([
      autoCompleteDeliveredTasks(t.db, { delayMs: 1, now: later }),
      autoCompleteDeliveredTasks(t.db, { delayMs: 1, now: later }),
    ]);
    expect(sweeps.reduce((sum, completed) => sum + completed, 0)).toBe(1);
    expect(await readTaskRow(t, taskId)).toMatchObject({
      status: 'completed',
      completed_at: later.toISOString(),
    });
  });
});
