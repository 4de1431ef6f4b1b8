import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Insertable, type Kysely } from 'kysely';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import type { Database, OfferTable, TaskTable } from '../src/server/db/types.ts';
import { marketStats } from '../src/server/moderation/market-stats.ts';

/**
 * Issue 20: the operator's market figures at 100,000 tasks, all posted in the last 30 days (the
 * worst case: the whole table is in the window), with 150,000 offers, a third of the tasks hired
 * and a tenth completed. Beside it, in the same run, `select count(*) from tasks`: the least a
 * read of the whole table costs, as the baseline of the ratio.
 */
const TASKS = 100_000;
const OFFERS = 150_000;
const USERS = 200;
const RUNS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

async function seed(db: Kysely<Database>, engineIsPostgres: boolean) {
  const now = Date.now();
  const userIds: string[] = [];
  const users = [];
  for (let index = 0; index < USERS; index += 1) {
    const id = crypto.randomUUID();
    userIds.push(id);
    const at = new Date(now - (index % 30) * DAY_MS);
    users.push({
      id,
      name: `Market User ${index}`,
      email: `market${index}@example.com`,
      emailVerified: (engineIsPostgres ? false : 0) as boolean,
      createdAt: engineIsPostgres ? at : at.toISOString(),
      updatedAt: engineIsPostgres ? at : at.toISOString(),
    });
  }
  await db.insertInto('user').values(users).execute();
  const tasks: Insertable<TaskTable>[] = [];
  const offers: Insertable<OfferTable>[] = [];
  for (let index = 0; index < TASKS; index += 1) {
    const created = now - Math.floor((((index * 7919) % 1000) / 1000) * 29 * DAY_MS);
    const hired = index % 3 === 0 ? new Date(created + ((index % 48) + 1) * 3600_000) : null;
    tasks.push({
      id: crypto.randomUUID(),
      title: `Market task ${index}`,
      category: 'Web Development',
      description: 'A task of the market bench.',
      deadline: new Date(now + 60 * DAY_MS).toISOString().slice(0, 10),
      budget_cents: 10_000,
      user_id: userIds[index % USERS]!,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created).toISOString(),
      status: hired ? (index % 10 === 0 ? 'completed' : 'assigned') : 'open',
      assigned_at: hired?.toISOString() ?? null,
      completed_at:
        hired && index % 10 === 0 ? new Date(hired.getTime() + DAY_MS).toISOString() : null,
    });
  }
  for (let index = 0; index < OFFERS; index += 1) {
    const task = tasks[index % TASKS]!;
    const at = Date.parse(task.created_at) + ((index % 24) + 1) * 1800_000;
    offers.push({
      id: crypto.randomUUID(),
      task_id: task.id,
      bidder_id: userIds[(index * 7 + 1) % USERS]!,
      amount_cents: 9_000,
      message: 'Bench offer',
      status: 'pending',
      created_at: new Date(at).toISOString(),
      updated_at: new Date(at).toISOString(),
    });
  }
  for (let start = 0; start < tasks.length; start += 500) {
    await db
      .insertInto('tasks')
      .values(tasks.slice(start, start + 500))
      .execute();
  }
  const seen = new Set<string>();
  const unique = offers.filter((offer) => {
    const key = `${offer.task_id}|${offer.bidder_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  for (let start = 0; start < unique.length; start += 500) {
    await db
      .insertInto('offers')
      .values(unique.slice(start, start + 500))
      .execute();
  }
}

const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeRuns(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await run(); // warm
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return medianOf(times);
}

export interface MarketBenchResult {
  engine: string;
  statsMs: number;
  countMs: number;
}

export async function runMarketBench(databaseUrl?: string): Promise<MarketBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-market-'));
  let schema: string | undefined;
  let url = databaseUrl;
  if (databaseUrl) {
    // A database of its own, dropped after.
    schema = `market_bench_${process.pid}`;
    const admin = await openDatabase(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }));
    await sql`drop database if exists ${sql.id(schema)}`.execute(admin.db);
    await sql`create database ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    const parsed = new URL(databaseUrl);
    parsed.pathname = `/${schema}`;
    url = parsed.toString();
  }
  const handle = await openDatabase(
    parseConfig({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) }),
  );
  try {
    await seed(handle.db, handle.engine === 'postgres');
    if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
    const statsMs = await timeRuns(() => marketStats(handle.db));
    const countMs = await timeRuns(() => sql`select count(*) from tasks`.execute(handle.db));
    return { engine: handle.engine, statsMs, countMs };
  } finally {
    await handle.close();
    if (databaseUrl && schema) {
      const admin = await openDatabase(
        parseConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
      );
      await sql`drop database if exists ${sql.id(schema)}`.execute(admin.db);
      await admin.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printMarketReport(results: MarketBenchResult[]): void {
  console.log(
    `\nMarket figures (GET /api/admin/stats) at ${TASKS.toLocaleString('en')} tasks in 30 days, ${OFFERS.toLocaleString('en')} offers:`,
  );
  for (const { engine, statsMs, countMs } of results) {
    console.log(
      `  ${engine.padEnd(8)} ${statsMs.toFixed(1)} ms (median of ${RUNS}); count(*) of tasks ${countMs.toFixed(1)} ms; ratio ${(statsMs / Math.max(countMs, 0.01)).toFixed(1)}x`,
    );
  }
}
