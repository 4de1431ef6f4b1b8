import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TRUST_FIGURE_MIN,
  TRUST_FIGURES_MAX_AGE_SECONDS,
  trustFiguresSchema,
} from '../../shared/trust-figures.ts';
import { act, call } from '../../../tests/support/marketplace.ts';
import { PAYMENTS_ENV, paidHire } from '../../../tests/support/payments.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';

/** Issue 51: GET /api/trust-figures, from known histories, hidden while too small, kept a minute. */

const t = useTestApp(PAYMENTS_ENV);
const [poster, freelancer] = t.users('Tia Trusting', 'Fey Figures');

/** How far past the real time the server's clock is, in seconds (its kept answer ages). */
let clockAhead = 0;
const realNow = Date.now.bind(Date);
const advanceClock = () => {
  clockAhead += TRUST_FIGURES_MAX_AGE_SECONDS + 1;
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockAhead * 1000);
};
afterEach(() => vi.restoreAllMocks());

async function readFigures() {
  // Signed out: anyone may ask.
  const response = await t.app.inject({ method: 'GET', url: '/api/trust-figures' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe(
    `public, max-age=${TRUST_FIGURES_MAX_AGE_SECONDS}`,
  );
  return trustFiguresSchema.strict().parse(response.json());
}

/** A paid hire the poster confirms; with `ratings`, both review (poster's stars, freelancer's). */
async function completedHire(amount: number, ratings?: [number, number]) {
  const { taskId } = await paidHire(t, poster, freelancer, 'delivered', amount);
  await act(t, poster, `tasks/${taskId}/complete`);
  if (!ratings) return;
  const reviews: [TestUser, number][] = [
    [poster, ratings[0]],
    [freelancer, ratings[1]],
  ];
  for (const [reviewer, rating] of reviews) {
    const answer = await call(t, 'POST', `/api/tasks/${taskId}/reviews`, reviewer, { rating });
    expect(answer.status).toBe(201);
  }
}

const hidden = { tasksCompleted: null, paymentsHeldUsd: null, averageRating: null };

describe('GET /api/trust-figures', () => {
  beforeAll(() => expect(TRUST_FIGURE_MIN).toBe(10));

  it('hides every figure on an empty marketplace', async () => {
    expect(await readFigures()).toEqual(hidden);
  });

  it(`hides each figure while fewer than ${TRUST_FIGURE_MIN} stand behind it, then shows it`, async () => {
    // 9 completed paid hires, 4 of them reviewed both ways: 9 tasks, 9 payments, 8 reviews.
    for (let i = 0; i < 9; i++) await completedHire(100, i < 4 ? [5, 4] : undefined);
    advanceClock();
    expect(await readFigures()).toEqual(hidden);

    // A tenth, reviewed: 10 of each.
    await completedHire(100.5, [5, 4]);
    advanceClock();
    expect(await readFigures()).toEqual({
      tasksCompleted: 10,
      paymentsHeldUsd: 1000.5,
      averageRating: { average: 4.5, count: 10 },
    });
  }, 120_000);

  it('keeps its answer a minute: a later hire shows once it has passed', async () => {
    // Payments count from when they are held, before the work is confirmed.
    const { taskId } = await paidHire(t, poster, freelancer, 'assigned', 50);
    expect((await readFigures()).paymentsHeldUsd).toBe(1000.5);
    advanceClock();
    expect(await readFigures()).toMatchObject({ tasksCompleted: 10, paymentsHeldUsd: 1050.5 });

    // A blind review (only one side) is not public: the average stays.
    await act(t, freelancer, `tasks/${taskId}/deliver`);
    await act(t, poster, `tasks/${taskId}/complete`);
    expect(
      (await call(t, 'POST', `/api/tasks/${taskId}/reviews`, poster, { rating: 1 })).status,
    ).toBe(201);
    advanceClock();
    expect(await readFigures()).toEqual({
      tasksCompleted: 11,
      paymentsHeldUsd: 1050.5,
      averageRating: { average: 4.5, count: 10 },
    });
  }, 60_000);

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const answer = spec.paths['/api/trust-figures']?.get?.responses?.['200'];
    expect(answer?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { tasksCompleted: {}, paymentsHeldUsd: {}, averageRating: {} },
    });
  });
});
