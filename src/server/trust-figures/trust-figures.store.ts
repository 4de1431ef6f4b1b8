import type { Kysely } from 'kysely';
import { TRUST_FIGURE_MIN, type TrustFigures } from '../../shared/trust-figures.ts';
import type { Database } from '../db/types.ts';
import { publicRatingOverall } from '../reviews/reviews.store.ts';

type Db = Kysely<Database>;

/** SQL of the home page's trust figures (issue 51): three counts, each one aggregate. */
export async function readTrustFigures(db: Db, now = new Date()): Promise<TrustFigures> {
  const [completed, payments, rating] = await Promise.all([
    db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow(),
    // Every payment that was held in escrow, released or refunded since: money the poster paid.
    db
      .selectFrom('payments')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('count'),
        eb.fn.sum<string | number | null>('amount_cents').as('cents'),
      ])
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    publicRatingOverall(db, now),
  ]);
  const tasksCompleted = Number(completed.count);
  return {
    tasksCompleted: tasksCompleted >= TRUST_FIGURE_MIN ? tasksCompleted : null,
    paymentsHeldUsd:
      Number(payments.count) >= TRUST_FIGURE_MIN ? Number(payments.cents ?? 0) / 100 : null,
    averageRating: rating.count >= TRUST_FIGURE_MIN ? rating : null,
  };
}
