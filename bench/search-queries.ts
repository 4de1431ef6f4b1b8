import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { printTable } from './bench-server.ts';
import { SEARCH_TIMING_HEADER, searchTimingRow, timeSearches } from './search-timings.ts';

/**
 * `DATA_DIR=… node bench/search-queries.ts` (or with DATABASE_URL): each kind of search timed
 * alone (search-timings.ts) on a database seeded with `npm run seed -- --tasks 100000`, ROUNDS
 * times each (40).
 */
const rounds = Number(process.env.ROUNDS) || 40;
const config = parseConfig(process.env);
const handle = await openDatabase(config);
try {
  const timings = await timeSearches(handle.db, rounds);
  console.log(`${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${rounds} rounds each`);
  printTable(SEARCH_TIMING_HEADER, timings.map(searchTimingRow));
} finally {
  await handle.close();
}
