import { parseArgs } from 'node:util';
import { createAuthForScripts } from './auth/auth.ts';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { SeedRefusedError } from './seed/demo-data.ts';
import { runSeed } from './seed/run-seed.ts';

/**
 * `npm run seed [-- --force] [-- --tasks N]`: demo users, tasks and payments in the database the
 * server would use; `--tasks N` adds N generated tasks as well (issue 11: search at 100,000 tasks).
 */
const { values } = parseArgs({
  options: { force: { type: 'boolean', default: false }, tasks: { type: 'string' } },
});
const bulkCount = values.tasks === undefined ? 0 : Number(values.tasks);
if (!Number.isInteger(bulkCount) || bulkCount < 0) {
  console.error('--tasks takes a whole number of tasks, such as --tasks 100000.');
  process.exit(1);
}

const config = parseConfig();
const handle = await openDatabase(config);

try {
  const auth = createAuthForScripts(config, handle);
  await runSeed(handle, auth, config, { force: values.force, bulkCount }, (line) =>
    console.log(line),
  );
} catch (error) {
  if (!(error instanceof SeedRefusedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
