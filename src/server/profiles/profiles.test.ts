import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../shared/profiles.ts';
import { act, call, hiredTask, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { EMPTY_FREELANCER_PROFILE } from '../../shared/freelancer-profiles.ts';
import { deletedAddress } from '../accounts/deleted-accounts.ts';

const t = useTestApp();
const [client, otherClient] = t.users('Cleo Client', 'Otis Client');
const [freelancer, newcomer] = t.users('Fern Freelancer', 'Nell Newcomer');
const admin = t.user({ name: 'Ada Admin' }, { admin: true });

/**
 * The freelancer completes two jobs (one for each client), backs out of one, and is let go from
 * one by the client; the clients and the freelancer review each other on both completed jobs.
 */
beforeAll(async () => {
  const first = await hiredTask(t, client, freelancer, 'completed');
  const second = await hiredTask(t, otherClient, freelancer, 'completed');
  const backedOut = await hiredTask(t, client, freelancer);
  await act(t, freelancer, `tasks/${backedOut.taskId}/reopen`, { reason: 'Double-booked.' });
  const letGo = await hiredTask(t, client, freelancer, 'delivered');
  await act(t, client, `tasks/${letGo.taskId}/reopen`, { reason: 'Not what I asked.' });
  await postTask(t, client); // posted, never hired

  const reviews: Array<[TestUser, string, number, string]> = [
    [client, first.taskId, 5, 'Great logo.'],
    [freelancer, first.taskId, 4, 'Clear brief.'],
    [otherClient, second.taskId, 4, 'Good, a bit slow.'],
    [freelancer, second.taskId, 3, 'Changed the brief twice.'],
  ];
  for (const [user, taskId, rating, comment] of reviews) {
    const answer = await call(t, 'POST', `/api/tasks/${taskId}/reviews`, user, {
      rating,
      comment,
    });
    expect(answer.status).toBe(201);
  }
});

const profileOf = async (user: TestUser, reader?: TestUser) => {
  const answer = await call(t, 'GET', `/api/users/${user.id}`, reader);
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown>;
};

describe('GET /api/users/:id', () => {
  it('a freelancer: rating, jobs completed, completion rate and public reviews, newest first', async () => {
    const profile = await profileOf(freelancer);
    expect(profile).toEqual({
      _id: freelancer.id,
      name: 'Fern Freelancer',
      image: expect.any(String),
      memberSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      rating: { average: 4.5, count: 2 },
      // 2 completed ÷ (2 completed + 1 ended by the freelancer); the client's reopening is not theirs.
      // Issue 50: three deliveries, all well before the deadline; no question or message yet.
      freelancer: {
        jobsCompleted: 2,
        assignmentsEnded: 1,
        completionRate: 0.667,
        onTimeRate: 1,
        onTimeCount: 3,
        deliveredCount: 3,
        responseTimeMinutes: null,
      },
      client: {
        tasksPosted: 0,
        hires: 0,
        hireRate: null,
        paymentsMade: 0,
        reviewsFromFreelancers: 0,
      },
      trust: {
        lastActiveDay: new Date().toISOString().slice(0, 10),
        badges: {
          emailVerified: false,
          payoutAccountSet: false,
          paymentMethodUsed: false,
          noUpheldReports: true,
        },
      },
      // Issue 50: nothing said of themselves yet.
      freelancerProfile: EMPTY_FREELANCER_PROFILE,
      reviews: [
        {
          _id: expect.any(String),
          rating: 4,
          comment: 'Good, a bit slow.',
          createdAt: expect.any(String),
          role: 'freelancer',
          reviewer: { _id: otherClient.id, name: 'Otis Client', image: expect.any(String) },
          revieweeId: freelancer.id,
          task: { _id: expect.any(String), title: 'Design a logo for a bakery' },
        },
        expect.objectContaining({
          rating: 5,
          comment: 'Great logo.',
          reviewer: expect.objectContaining({ _id: client.id, name: 'Cleo Client' }),
        }),
      ],
    });
  });

  it('a client: tasks posted and hires, and what freelancers said', async () => {
    const profile = await profileOf(client);
    expect(profile).toMatchObject({
      name: 'Cleo Client',
      rating: { average: 4, count: 1 },
      freelancer: { jobsCompleted: 0, assignmentsEnded: 0, completionRate: null },
      client: {
        tasksPosted: 4,
        hires: 3,
        hireRate: 0.75,
        paymentsMade: 0,
        reviewsFromFreelancers: 1,
      },
      reviews: [expect.objectContaining({ role: 'client', rating: 4, comment: 'Clear brief.' })],
    });
  });

  it('a newcomer: no figures yet', async () => {
    expect(await profileOf(newcomer)).toMatchObject({
      rating: { average: null, count: 0 },
      freelancer: { jobsCompleted: 0, assignmentsEnded: 0, completionRate: null },
      client: { tasksPosted: 0, hires: 0 },
      reviews: [],
    });
  });

  it('shows no email to anyone, signed in or not', async () => {
    const emails = [client, otherClient, freelancer, newcomer].map((user) => user.email);
    for (const reader of [undefined, client, freelancer]) {
      const text = JSON.stringify(await profileOf(freelancer, reader));
      for (const email of emails) expect(text).not.toContain(email);
    }
  });

  it('answers 404 for an unknown user', async () => {
    expect(await call(t, 'GET', '/api/users/no-such-user')).toEqual({
      status: 404,
      body: { message: PROFILE_MESSAGES.userNotFound },
    });
  });

  it('answers any origin without credentials, like the task reads', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${freelancer.id}`,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('GET /api/users/:id/summary', () => {
  const summaryOf = (user: TestUser, reader?: TestUser) =>
    call(t, 'GET', `/api/users/${user.id}/summary`, reader);

  it('answers what a task page shows of its poster, as the profile says it', async () => {
    for (const user of [freelancer, client, newcomer]) {
      const profile = await profileOf(user);
      const summary = await summaryOf(user);
      expect(summary).toEqual({
        status: 200,
        body: {
          _id: user.id,
          name: profile.name,
          image: profile.image,
          memberSince: profile.memberSince,
          rating: profile.rating,
          trust: { badges: { emailVerified: false, paymentMethodUsed: false } },
        },
      });
    }
    expect((await summaryOf(client)).body).toMatchObject({ rating: { average: 4, count: 1 } });
    // A verified address earns its badge, as on the profile.
    await t.db
      .updateTable('user')
      .set({ emailVerified: sql<boolean>`true` })
      .where('id', '=', newcomer.id)
      .execute();
    expect((await summaryOf(newcomer)).body).toMatchObject({
      trust: { badges: { emailVerified: true, paymentMethodUsed: false } },
    });
  });

  it('is read as the profile is: 404 when unknown, deleted, or hidden from others', async () => {
    const notFound = { status: 404, body: { message: PROFILE_MESSAGES.userNotFound } };
    expect(await call(t, 'GET', '/api/users/no-such-user/summary')).toEqual(notFound);
    const hidden = await t.signUp({ name: 'Hana Hidden' });
    await t.db
      .updateTable('user')
      .set({ moderation: 'hidden' })
      .where('id', '=', hidden.id)
      .execute();
    for (const path of [`/api/users/${hidden.id}`, `/api/users/${hidden.id}/summary`]) {
      expect(await call(t, 'GET', path, client)).toEqual(notFound);
      expect(await call(t, 'GET', path)).toEqual(notFound);
      expect((await call(t, 'GET', path, hidden)).status).toBe(200);
      expect((await call(t, 'GET', path, admin)).status).toBe(200);
    }
    await t.db
      .updateTable('user')
      .set({ email: deletedAddress(hidden.id), moderation: null })
      .where('id', '=', hidden.id)
      .execute();
    expect(await call(t, 'GET', `/api/users/${hidden.id}/summary`, admin)).toEqual(notFound);
    expect(await call(t, 'GET', `/api/users/${hidden.id}`, admin)).toEqual(notFound);
    // A blocked pair reads it as they read the profile.
    expect((await call(t, 'POST', `/api/users/${client.id}/block`, freelancer)).status).toBe(200);
    expect((await summaryOf(client, freelancer)).status).toBe(
      (await call(t, 'GET', `/api/users/${client.id}`, freelancer)).status,
    );
    expect((await summaryOf(freelancer, client)).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/users/${client.id}/block`, freelancer)).status).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const answer = spec.paths['/api/users/{id}/summary']?.get?.responses?.['200'];
    expect(answer?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { _id: {}, name: {}, image: {}, memberSince: {}, rating: {}, trust: {} },
    });
  });
});

describe('a bidder beside their offer', () => {
  it('shows the rating, reviews count and jobs completed from the profile', async () => {
    const taskId = await postTask(t, newcomer);
    await makeOffer(t, freelancer, taskId);
    const offers = await call(t, 'GET', `/api/tasks/${taskId}/offers`, newcomer);
    expect(offers.body).toEqual([
      expect.objectContaining({
        bidder: {
          _id: freelancer.id,
          name: 'Fern Freelancer',
          image: expect.any(String),
          rating: 4.5,
          reviewsCount: 2,
          completedCount: 2,
        },
      }),
    ]);
  });
});
