import { sql } from 'kysely';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { seedBulkTasks } from './bulk-tasks.ts';
import { seedDemoData } from './demo-data.ts';
import { DEMO_FREELANCERS } from './demo-freelancers.ts';
import { seedDemoPortfolios } from './demo-portfolios.ts';

export interface RunSeedOptions {
  force: boolean;
  /** Generated tasks to add after the demo's (issue 11: search at 100,000 tasks). */
  bulkCount: number;
}

/**
 * What `npm run seed` does, printing each line through `print`: the demo users, tasks and
 * money story, the generated tasks asked for, and the accounts to sign in with. Throws
 * SeedRefusedError on a database that holds tasks, without `force`.
 */
export async function runSeed(
  handle: Pick<DatabaseHandle, 'db' | 'engine'>,
  auth: Auth,
  config: Config,
  { force, bulkCount }: RunSeedOptions,
  print: (line: string) => void,
): Promise<void> {
  const result = await seedDemoData(handle, auth, {
    publicUrl: config.publicUrl,
    force,
    payments: config.payments,
  });
  const where = handle.engine === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  print(
    `Added ${result.tasks} tasks, ${result.offers} offers and ${result.reviews} reviews (${where}).`,
  );
  // Issue 50: two pieces of past work on each demo freelancer's profile, from their jobs.
  const owners = result.freelancers.map((freelancer) => ({
    id: freelancer.id,
    name: freelancer.name,
    pieces: (DEMO_FREELANCERS.find((demo) => demo.email === freelancer.email)?.jobs ?? [])
      .slice(0, 2)
      .map((job) => job.title),
  }));
  const pieces = await seedDemoPortfolios(handle.db, config.files, owners);
  print(`Added ${pieces} portfolio pieces to the demo freelancers' profiles.`);
  if (result.money) {
    const { held, released, refunded, split } = result.money.payments;
    print(
      `Payments: ${held} held, ${released} released, ${refunded} refunded, and ${split} dispute decided with a split.`,
    );
  } else {
    print(`No payments: they play only with PAYMENTS=test (now ${config.payments.mode}).`);
  }
  if (bulkCount > 0) {
    const startedAt = performance.now();
    await seedBulkTasks(handle.db, { count: bulkCount, auth });
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    print(`Added ${bulkCount.toLocaleString('en-US')} generated tasks in ${seconds} s.`);
  }
  // Issue 47: PostgreSQL plans by its statistics, which a bulk load leaves stale until
  // autovacuum comes round (100,000 tasks served 92 req/s before ANALYZE and 2,800 after).
  if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
  const existed = '  (existed already: password as it was)';
  print('Demo accounts:');
  for (const user of result.users) {
    print(`  ${user.email.padEnd(28)} ${user.password}${user.created ? '' : existed}`);
  }
  // Issue 50: the freelancers are there to be found (/freelancers); one signs in as any.
  const [freelancer] = result.freelancers;
  if (freelancer) {
    print(
      `Demo freelancers: ${result.freelancers.length} in /freelancers, e.g. ${freelancer.email} ${freelancer.password}`,
    );
  }
  print('Demo operator (the admin console at /admin):');
  const { operator } = result;
  // Its password is made with the account (demo-data.ts): one that existed keeps its own.
  print(`  ${operator.email.padEnd(28)} ${operator.password ?? existed.trim()}`);
}
