import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/types.ts';
import { searchTasks } from '../src/server/search/search.store.ts';
import { taskSearchQuerySchema } from '../src/shared/search.ts';

/**
 * Issue 11: how long each kind of search takes alone, one at a time, without the answer cache,
 * in this process. Wall-clock p99 under load moves with whatever else a shared machine runs;
 * these per-search times are the figures to compare before and after a change
 * (docs/decisions/012-search.md). On SQLite the database runs in this process, so its CPU time
 * per search is the search's own cost; on PostgreSQL it is only the client's share.
 */

export const SEARCH_KINDS: Record<string, string> = {
  keyword: 'q=logo',
  'keyword + category + budget': 'q=shopify&category=Web+Development&maxBudget=500',
  'filters only': 'category=Design&minBudget=100&maxBudget=1000',
  'keyword, page 5': 'q=logo&page=5',
  'two words': 'q=website+redesign',
  'prefix (2 letters)': 'q=lo',
  'keyword, newest': 'q=logo&sort=newest',
  'keyword, bids': 'q=design&sort=bids',
  'browse (nothing)': '',
  'all statuses, deadline': 'status=all&sort=deadline',
  'budget high first': 'sort=budget_desc',
  'cheap writing': 'category=Writing&maxBudget=50',
};

export interface SearchTiming {
  label: string;
  /** The total answered, with `+` when it is a lower bound. */
  total: string;
  medianMs: number;
  p95Ms: number;
  cpuMedianMs: number;
}

const WARM_UP_ROUNDS = 3;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function timeSearches(db: Kysely<Database>, rounds: number): Promise<SearchTiming[]> {
  const timings: SearchTiming[] = [];
  for (const [label, queryString] of Object.entries(SEARCH_KINDS)) {
    const query = taskSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let total = '';
    for (let round = 0; round < rounds + WARM_UP_ROUNDS; round++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const answer = await searchTasks(db, query, { includeEmail: false });
      const { user, system } = process.cpuUsage(cpu);
      if (round >= WARM_UP_ROUNDS) {
        times.push(performance.now() - start);
        cpuTimes.push((user + system) / 1000);
      }
      total = `${answer.total}${answer.totalIsLowerBound ? '+' : ''}`;
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    timings.push({
      label,
      total,
      medianMs: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      cpuMedianMs: percentile(cpuTimes, 0.5),
    });
  }
  return timings;
}

export const SEARCH_TIMING_HEADER = ['Search alone', 'total', 'median ms', 'p95 ms', 'CPU ms'];

export const searchTimingRow = (timing: SearchTiming) => [
  timing.label,
  timing.total,
  timing.medianMs.toFixed(2),
  timing.p95Ms.toFixed(2),
  timing.cpuMedianMs.toFixed(2),
];
