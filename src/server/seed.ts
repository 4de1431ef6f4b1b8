import { parseArgs } from 'node:util';
import { createAuthForScripts } from './auth/auth.ts';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedBulkTasks } from './seed/bulk-tasks.ts';
import { SeedRefusedError, seedDemoData } from './seed/demo-data.ts';

/**
 * `npm run seed [-- --force] [-- --tasks N]`: demo users and tasks in the database the server
 * would use; `--tasks N` adds N generated tasks as well (issue 11: search at 100,000 tasks).
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
  const result = await seedDemoData(handle, auth, {
    publicUrl: config.publicUrl,
    force: values.force,
  });
  const where = handle.engine === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(
    `Added ${result.tasks} tasks, ${result.offers} offers and ${result.reviews} reviews (${where}).`,
  );
  if (bulkCount > 0) {
    const startedAt = performance.now();
    await seedBulkTasks(handle.db, { count: bulkCount, auth });
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.log(`Added ${bulkCount.toLocaleString('en-US')} generated tasks in ${seconds} s.`);
  }
  console.log('Demo accounts:');
  for (const user of result.users) {
    const note = user.created ? '' : '  (existed already: password as it was)';
    console.log(`  ${user.email.padEnd(28)} ${user.password}${note}`);
  }
} catch (error) {
  if (!(error instanceof SeedRefusedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
