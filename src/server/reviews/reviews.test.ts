import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../shared/profiles.ts';
import {
  REVIEW_BLIND_DAYS,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
} from '../../shared/reviews.ts';
import { TASK_ACTIONS, TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import {
  call,
  hiredTask,
  postTask,
  readTaskRow,
  refused,
} from '../../../tests/support/marketplace.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';

const t = useTestApp();
const [poster, ada, bo] = t.users('Paula Poster', 'Ada Freelancer', 'Bo Stranger');

const DAY_MS = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const review = (user: TestUser | undefined, taskId: string, body: unknown) =>
  call(t, 'POST', `/api/tasks/${taskId}/reviews`, user, body);

async function reviewRows(taskId: string) {
  return t.db
    .selectFrom('reviews')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();
}

describe('POST /api/tasks/:id/reviews', () => {
  it('lets each party of a completed task review the other once', async () => {
    const { taskId } = await hiredTask(t, poster, ada, 'completed');
    const byPoster = await review(poster, taskId, { rating: 5, comment: '  Superb work.  ' });
    expect(byPoster.status).toBe(201);
    const byFreelancer = await review(ada, taskId, { rating: 4, comment: '   ' });
    expect(byFreelancer.status).toBe(201);

    const completedAt = Date.parse((await readTaskRow(t, taskId)).completed_at!);
    const publicAt = new Date(completedAt + REVIEW_BLIND_DAYS * DAY_MS).toISOString();
    // Both reviews can be written in the same millisecond: their order is not asserted.
    const rows = await reviewRows(taskId);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: (byPoster.body as { insertedId: string }).insertedId,
          reviewer_id: poster.id,
          reviewee_id: ada.id,
          reviewee_role: 'freelancer',
          rating: 5,
          comment: 'Superb work.',
          public_at: publicAt,
        }),
        expect.objectContaining({
          reviewer_id: ada.id,
          reviewee_id: poster.id,
          reviewee_role: 'client',
          rating: 4,
          comment: null,
          public_at: publicAt,
        }),
      ]),
    );

    for (const user of [poster, ada]) {
      expect(await refused(t, 'POST', `/api/tasks/${taskId}/reviews`, user, { rating: 1 })).toEqual(
        { status: 409, body: { message: REVIEW_MESSAGES.alreadyReviewed } },
      );
    }
  });

  it.each([
    ['rating 0', { rating: 0 }, REVIEW_MESSAGES.ratingInvalid],
    ['rating 6', { rating: 6 }, REVIEW_MESSAGES.ratingInvalid],
    ['half a star', { rating: 3.5 }, REVIEW_MESSAGES.ratingInvalid],
    ['rating as text', { rating: '5' }, REVIEW_MESSAGES.ratingInvalid],
    ['no rating', { comment: 'Nice' }, REVIEW_MESSAGES.ratingInvalid],
    [
      'a long comment',
      { rating: 5, comment: 'x'.repeat(REVIEW_COMMENT_MAX_LENGTH + 1) },
      REVIEW_MESSAGES.commentTooLong,
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, body, message) => {
    const { taskId } = await hiredTask(t, poster, ada, 'completed');
    expect(await refused(t, 'POST', `/api/tasks/${taskId}/reviews`, poster, body)).toEqual({
      status: 400,
      body: { message },
    });
  });

  it('refuses strangers, signed-out visitors, tasks not completed and unknown tasks', async () => {
    const { taskId } = await hiredTask(t, poster, ada, 'completed');
    const url = `/api/tasks/${taskId}/reviews`;
    expect(await refused(t, 'POST', url, bo, { rating: 1 })).toEqual({
      status: 403,
      body: { message: TASK_ACTIONS.review.notActor },
    });
    expect(await refused(t, 'POST', url, undefined, { rating: 1 })).toMatchObject({
      status: 401,
    });
    const assigned = (await hiredTask(t, poster, ada, 'delivered')).taskId;
    const open = await postTask(t, poster);
    for (const [id, user] of [
      [assigned, ada],
      [open, poster],
    ] as const) {
      expect(await refused(t, 'POST', `/api/tasks/${id}/reviews`, user, { rating: 5 })).toEqual({
        status: 409,
        body: { message: TASK_ACTIONS.review.refused.open },
      });
    }
    expect(
      await refused(t, 'POST', `/api/tasks/${UNKNOWN_ID}/reviews`, poster, { rating: 5 }),
    ).toEqual({ status: 404, body: { message: TASK_FIELD_MESSAGES.taskNotFound } });
  });
});

describe('double-blind reviews', () => {
  const profile = async (user: TestUser) =>
    (await call(t, 'GET', `/api/users/${user.id}`)).body as {
      rating: { average: number | null; count: number };
      reviews: Array<{ _id: string; rating: number }>;
    };
  const taskReviews = async (taskId: string, user?: TestUser) =>
    (await call(t, 'GET', `/api/tasks/${taskId}/reviews`, user)).body as Array<{
      _id: string;
      isPublic: boolean;
      reviewer: { _id: string };
    }>;

  it('hides a review until the other party has reviewed too', async () => {
    const fresh = await t.signUp({ name: 'Fay Fresh' });
    const { taskId } = await hiredTask(t, poster, fresh, 'completed');
    await review(poster, taskId, { rating: 2, comment: 'Late.' });

    expect(await profile(fresh)).toMatchObject({
      rating: { average: null, count: 0 },
      reviews: [],
    });
    expect(await taskReviews(taskId)).toEqual([]);
    expect(await taskReviews(taskId, fresh)).toEqual([]);
    expect(await taskReviews(taskId, bo)).toEqual([]);
    // Its author sees it, marked as not public yet.
    expect(await taskReviews(taskId, poster)).toEqual([
      expect.objectContaining({
        isPublic: false,
        reviewer: expect.objectContaining({ _id: poster.id }),
      }),
    ]);

    await review(fresh, taskId, { rating: 5, comment: 'Clear brief.' });
    expect(await profile(fresh)).toMatchObject({ rating: { average: 2, count: 1 } });
    for (const reader of [undefined, poster, fresh, bo]) {
      const seen = await taskReviews(taskId, reader);
      expect(seen).toHaveLength(2);
      expect(seen.every((one) => one.isPublic)).toBe(true);
    }
  });

  it(`shows a lone review ${REVIEW_BLIND_DAYS} days after completion`, async () => {
    const fresh = await t.signUp({ name: 'Gus Lone' });
    const { taskId } = await hiredTask(t, poster, fresh, 'completed');
    await review(poster, taskId, { rating: 4 });
    expect((await profile(fresh)).reviews).toEqual([]);
    // Time passes: the review's public time (completion + 14 days) is reached.
    await t.db
      .updateTable('reviews')
      .set({ public_at: new Date(Date.now() - 1000).toISOString() })
      .where('task_id', '=', taskId)
      .execute();
    expect(await profile(fresh)).toMatchObject({ rating: { average: 4, count: 1 } });
    expect(await taskReviews(taskId)).toEqual([expect.objectContaining({ isPublic: true })]);
  });

  it('answers 404 for the reviews of an unknown task, and 404 for an unknown user', async () => {
    expect(await call(t, 'GET', `/api/tasks/${UNKNOWN_ID}/reviews`)).toEqual({
      status: 404,
      body: { message: TASK_FIELD_MESSAGES.taskNotFound },
    });
    expect(await call(t, 'GET', '/api/users/nobody')).toEqual({
      status: 404,
      body: { message: PROFILE_MESSAGES.userNotFound },
    });
  });
});
