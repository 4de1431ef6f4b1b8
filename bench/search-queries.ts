import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { searchTasks } from '../src/server/search/search.store.ts';
import { taskSearchQuerySchema } from '../src/shared/search.ts';

/**
 * Issue 11: how long each search takes in the database alone, one at a time, without the answer
 * cache: `DATA_DIR=… node bench/search-queries.ts` (or with DATABASE_URL) on a database seeded
 * with `npm run seed -- --tasks 100000`. Wall-clock p99 under load is noisy on a shared machine;
 * these per-query times are the figures to compare before and after a change
 * (docs/decisions/012-search.md).
 */

const ROUNDS = Number(process.env.ROUNDS) || 40;

export const SEARCH_QUERIES: Record<string, string> = {
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

const config = parseConfig(process.env);
const handle = await openDatabase(config);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
try {
  const rows: string[][] = [];
  for (const [label, queryString] of Object.entries(SEARCH_QUERIES)) {
    const query = taskSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let total = '';
    for (let round = 0; round < ROUNDS + 3; round++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const answer = await searchTasks(handle.db, query, { includeEmail: false });
      const { user, system } = process.cpuUsage(cpu);
      // The first rounds warm the caches.
      if (round >= 3) {
        times.push(performance.now() - start);
        cpuTimes.push((user + system) / 1000);
      }
      total = `${answer.total}${'totalIsLowerBound' in answer && answer.totalIsLowerBound ? '+' : ''}`;
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    rows.push([
      label,
      total,
      percentile(times, 0.5).toFixed(2),
      percentile(times, 0.95).toFixed(2),
      percentile(cpuTimes, 0.5).toFixed(2),
    ]);
  }
  // On SQLite the query runs in this process, so its CPU time is the query's own cost, whatever
  // else the machine runs; on PostgreSQL it is only the client's share.
  console.log(`${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${ROUNDS} rounds each, ms`);
  console.log(['search', 'total', 'median', 'p95', 'CPU median'].join('\t'));
  for (const row of rows) console.log(row.join('\t'));
} finally {
  await handle.close();
}
