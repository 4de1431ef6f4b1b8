import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, hiredTask, postTask } from '../../../tests/support/marketplace.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { Task } from '../../shared/tasks.ts';
import * as posterRatings from '../db/migrations/0031-poster-ratings.ts';
import { setModeration } from '../moderation/reports.service.ts';

/**
 * Issue 51, "Cards and lists: the poster's avatar and rating": every task answer carries its
 * poster's rating (their public reviews, as their profile's) once they have one, kept on their
 * row (migration 0031) and fresh in the rows a search keeps. Both engines.
 */
const t = useTestApp();
const [poster, freelancer] = t.users('Pia Poster', 'Finn Freelancer');
const word = `zebu${Date.now().toString(36)}`;

async function answers(taskId: string) {
  const read = await call(t, 'GET', `/api/tasks/${taskId}`);
  const list = await call(t, 'GET', '/api/tasks?limit=50');
  const search = await call(t, 'GET', `/api/tasks/search?q=${word}&status=all`);
  for (const answer of [read, list, search]) expect(answer.status).toBe(200);
  return [
    read.body as Task,
    (list.body as Task[]).find((task) => task._id === taskId),
    (search.body as { items: Task[] }).items.find((task) => task._id === taskId),
  ];
}
/** The poster's and the freelancer's kept sums and counts, the freelancer first. */
const keptRatings = () =>
  t.db
    .selectFrom('user')
    .select(['id', 'rating_sum', 'rating_count'])
    .where('id', 'in', [poster.id, freelancer.id])
    .orderBy('name')
    .execute();
const ratingsOn = async (taskId: string) =>
  (await answers(taskId)).map((task) => task && (task.userRating ?? 'none'));

describe("the poster's rating on task answers", () => {
  it('is absent without public reviews, and appears and changes as reviews become public or are hidden', async () => {
    const openId = await postTask(t, poster, { title: `Open ${word} task` });
    expect(await ratingsOn(openId)).toEqual(['none', 'none', 'none']);

    const { taskId } = await hiredTask(t, poster, freelancer, 'completed');
    const reviewed = await call(t, 'POST', `/api/tasks/${taskId}/reviews`, freelancer, {
      rating: 4,
    });
    expect(reviewed.status).toBe(201);
    // Blind until the poster reviews too (or 14 days pass): still none.
    expect(await ratingsOn(openId)).toEqual(['none', 'none', 'none']);
    const back = await call(t, 'POST', `/api/tasks/${taskId}/reviews`, poster, { rating: 5 });
    expect(back.status).toBe(201);
    const rated = { average: 4, count: 1 };
    expect(await ratingsOn(openId)).toEqual([rated, rated, rated]);
    // As on the profile.
    const profile = await call(t, 'GET', `/api/users/${poster.id}`);
    expect((profile.body as { rating: unknown }).rating).toEqual(rated);

    // A second job, rated 5: 4.5 from 2, on every answer (the search's kept row read again).
    const second = await hiredTask(t, poster, freelancer, 'completed');
    for (const [user, rating] of [
      [freelancer, 5],
      [poster, 5],
    ] as const) {
      const answer = await call(t, 'POST', `/api/tasks/${second.taskId}/reviews`, user, {
        rating,
      });
      expect(answer.status).toBe(201);
    }
    const twice = { average: 4.5, count: 2 };
    expect(await ratingsOn(openId)).toEqual([twice, twice, twice]);

    // Hidden by moderation, restored: counted out and in at once.
    const review = await t.db
      .selectFrom('reviews')
      .select('id')
      .where('reviewee_id', '=', poster.id)
      .where('rating', '=', 4)
      .executeTakeFirstOrThrow();
    expect(await setModeration(t.db, 'review', review.id, 'hidden', 'Spam')).toBe(true);
    const once = { average: 5, count: 1 };
    expect(await ratingsOn(openId)).toEqual([once, once, once]);
    expect(await setModeration(t.db, 'review', review.id, null, null)).toBe(true);
    expect(await ratingsOn(openId)).toEqual([twice, twice, twice]);

    // The freelancer, reviewed by the poster, carries no rating of the poster's.
    const kept = await keptRatings();
    expect(kept.map((row) => [Number(row.rating_sum), Number(row.rating_count)])).toEqual([
      [10, 2],
      [9, 2],
    ]);

    // Migration 0031 fills the same figures from the reviews there are, in plain SQL.
    const db = t.db as Kysely<unknown>;
    await posterRatings.down(db);
    await posterRatings.up(db);
    const filled = await keptRatings();
    expect(filled).toEqual(kept);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const answer = spec.paths['/api/tasks/{id}']?.get?.responses?.['200'];
    expect(answer?.content?.['application/json']?.schema?.properties?.userRating).toMatchObject({
      type: 'object',
      properties: { average: {}, count: {} },
    });
  });
});
