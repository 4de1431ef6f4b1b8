import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { SEARCH_TOTAL_CAP } from '../../shared/search-rules.ts';
import type { Database } from './types.ts';

/**
 * A search's total counted up to SEARCH_TOTAL_CAP: the count stops at the cap's next match, so a
 * broad search costs no more than a narrow one (docs/decisions/012-search.md). The task search
 * and the freelancer directory (issue 50) both answer it as `total` and `totalIsLowerBound`.
 */

export interface Total {
  total: number;
  totalIsLowerBound: boolean;
}

export const totalOf = (counted: number): Total => ({
  total: Math.min(counted, SEARCH_TOTAL_CAP),
  totalIsLowerBound: counted > SEARCH_TOTAL_CAP,
});

export async function countUpToCap<DB extends Database, From extends keyof DB>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<DB, From, object>,
): Promise<Total> {
  const row = await db
    .selectFrom(
      matches
        .select(sql<number>`1`.as('one'))
        .limit(SEARCH_TOTAL_CAP + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return totalOf(Number(row?.total ?? 0));
}
