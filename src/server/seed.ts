import { createAuthForScripts } from './auth/auth.ts';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { SeedRefusedError, seedDemoData } from './seed/demo-data.ts';

/** `npm run seed [-- --force]`: demo users and tasks in the database the server would use. */
const force = process.argv.slice(2).includes('--force');
const config = parseConfig();
const handle = await openDatabase(config);

try {
  const auth = createAuthForScripts(config, handle);
  const result = await seedDemoData(handle, auth, { publicUrl: config.publicUrl, force });
  const where = handle.engine === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(
    `Added ${result.tasks} tasks, ${result.bids} bids, ${result.offers} offers and ${result.reviews} reviews (${where}).`,
  );
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
