import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createAuthForScripts } from '../src/server/auth/auth.ts';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { seedBulkTasks } from '../src/server/seed/bulk-tasks.ts';
import {
  CONNECTIONS,
  formatInt,
  formatMb,
  formatMicros,
  formatMs,
  formatPercent,
  loadRoute,
  log,
  mark,
  printFailures,
  printTable,
  startBareServer,
  serverEnv,
  startServer,
  type Route,
} from './bench-server.ts';
import type { LoadResult, MeasuredLoad } from './load.ts';
import {
  MIX_TARGETS,
  ONE_SEARCH_P99_TARGET_MS,
  SLOW_PARTS,
  RSS_TARGET_MB,
  TASK_WHILE_SEARCHING_P99_TARGET_MS,
  readMixPools,
  runMixBench,
  type MixPools,
  type MixResult,
} from './mix-bench.ts';
import { stopChild } from './processes.ts';
import {
  SEARCH_TIMING_HEADER,
  searchTimingRow,
  timeSearches,
  type SearchTiming,
} from './search-timings.ts';

/**
 * Issue 11: GET /api/tasks/search at 100,000 tasks on SQLite and, when a server answers at
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres), on PostgreSQL in a
 * database of its own that it drops afterwards. Each search is loaded on the server as `npm
 * start` runs it (answers kept while the database is unchanged), on the same server without
 * that cache (SEARCH_CACHE_SIZE=0: every request reads the database), and on the bare server.
 */

/** BENCH_SEARCH_TASKS sets another count (a quick try of the bench itself). */
export const SEARCH_TASK_COUNT = Number(process.env.BENCH_SEARCH_TASKS) || 100_000;
const ANSWER_TARGET_BYTES = 30 * 1024;
const P99_TARGET_MS = { sqlite: 20, postgres: 30 } as const;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Engine = keyof typeof P99_TARGET_MS;

const SEARCH_ROUTES: Route[] = [
  { label: 'keyword', method: 'GET', path: '/api/tasks/search?q=logo', headers: {} },
  {
    label: 'keyword + category + budget',
    method: 'GET',
    path: '/api/tasks/search?q=shopify&category=Web+Development&maxBudget=500',
    headers: {},
  },
  {
    label: 'filters only',
    method: 'GET',
    path: '/api/tasks/search?category=Design&minBudget=100&maxBudget=1000',
    headers: {},
  },
];

export interface SearchRouteResult {
  route: Route;
  answerBytes: number;
  total: number;
  cached: MeasuredLoad;
  uncached: MeasuredLoad;
  bare: MeasuredLoad;
}

export interface SearchBench {
  engine: Engine;
  seedSeconds: number;
  /** Each kind of search alone in this process, without the cache (search-timings.ts). */
  timings: SearchTiming[];
  results: SearchRouteResult[];
  /** Issue 18's real-traffic loads (mix-bench.ts), when run. */
  mix: MixResult | undefined;
}

/** Which parts run: the search loads of issue 11, the real-traffic mix of issue 18. */
export interface SearchBenchParts {
  search: boolean;
  mix: boolean;
}

/** Rounds of each search timed alone. */
const TIMING_ROUNDS = 20;

/** An admin connection to PostgreSQL, or null when none answers. */
async function connectAdmin(): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch {
    return null;
  }
}

async function runOnEngine(
  engine: Engine,
  dataDir: string,
  databaseUrl: string,
  parts: SearchBenchParts,
): Promise<SearchBench> {
  const { baseUrl, env } = await serverEnv(dataDir, databaseUrl);

  const seedStart = performance.now();
  const config = parseConfig(env);
  const handle = await openDatabase(config);
  let timings: SearchTiming[] = [];
  let pools: MixPools | undefined;
  try {
    const auth = createAuthForScripts(config, handle);
    await seedBulkTasks(handle.db, { count: SEARCH_TASK_COUNT, auth });
    // What autovacuum does soon after a load: statistics for the planner, and the visibility
    // map that lets counts read an index alone.
    if (engine === 'postgres') await sql`vacuum analyze tasks`.execute(handle.db);
    if (parts.search) {
      log(`${engine}: timing each search alone…`);
      timings = await timeSearches(handle.db, TIMING_ROUNDS);
    }
    if (parts.mix) pools = await readMixPools(handle.db);
  } finally {
    await handle.close();
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  log(`${engine}: seeded ${formatInt(SEARCH_TASK_COUNT)} tasks in ${seedSeconds.toFixed(1)} s`);

  const results = parts.search ? await loadSearches(engine, env, baseUrl, dataDir) : [];
  const mix = pools ? await runMixBench(env, baseUrl, dataDir, pools) : undefined;
  return { engine, seedSeconds, timings, results, mix };
}

/** Each search of SEARCH_ROUTES, with its answers kept, without, and on the bare server. */
async function loadSearches(
  engine: Engine,
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  dataDir: string,
): Promise<SearchRouteResult[]> {
  const cachedServer = await startServer(env, baseUrl);
  const bare = await startBareServer(baseUrl, SEARCH_ROUTES, dataDir);
  const partial: Omit<SearchRouteResult, 'uncached'>[] = [];
  for (const route of SEARCH_ROUTES) {
    const answer = bare.answers[`GET ${route.path}`];
    const body = JSON.parse(answer?.body ?? '{}') as { total?: number };
    log(`${engine} search ${route.label}: real server…`);
    const cached = await loadRoute(baseUrl, route, cachedServer.child);
    log(`${engine} search ${route.label}: bare server…`);
    partial.push({
      route,
      answerBytes: Buffer.byteLength(answer?.body ?? ''),
      total: body.total ?? 0,
      cached,
      bare: await loadRoute(bare.url, route, bare.child),
    });
  }
  await stopChild(bare.child);
  await stopChild(cachedServer.child);

  const uncachedServer = await startServer({ ...env, SEARCH_CACHE_SIZE: '0' }, baseUrl);
  const results: SearchRouteResult[] = [];
  for (const result of partial) {
    log(`${engine} search ${result.route.label}: real server without the cache…`);
    const uncached = await loadRoute(baseUrl, result.route, uncachedServer.child);
    results.push({ ...result, uncached });
  }
  await stopChild(uncachedServer.child);
  return results;
}

/** BENCH_ENGINES: the engines of the search benches, `sqlite,postgres` unless set. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');

/** The search bench on SQLite, then on PostgreSQL when one answers. */
export async function runSearchBenches(parts: SearchBenchParts): Promise<SearchBench[]> {
  const benches: SearchBench[] = [];
  if (ENGINES.includes('sqlite')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-search-bench-'));
    try {
      benches.push(await runOnEngine('sqlite', dataDir, '', parts));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!ENGINES.includes('postgres')) return benches;

  const admin = await connectAdmin();
  if (!admin) {
    log(`PostgreSQL: nothing answers at ${ADMIN_URL}; its search bench is skipped`);
    return benches;
  }
  const name = `tasklane_bench_${crypto.randomBytes(6).toString('hex')}`;
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-search-bench-pg-'));
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    benches.push(await runOnEngine('postgres', pgDir, url.toString(), parts));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  return benches;
}

const ENGINE_NAMES: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export function printSearchReport(benches: SearchBench[]): void {
  for (const { engine, seedSeconds, timings, results, mix } of benches) {
    if (mix) printMixReport(engine, mix);
    if (results.length === 0) continue;
    console.log('');
    console.log(
      `Search at ${formatInt(SEARCH_TASK_COUNT)} tasks: ${ENGINE_NAMES[engine]}, ` +
        `${CONNECTIONS} connections (seeded in ${seedSeconds.toFixed(1)} s)`,
    );
    console.log('');
    printTable(
      [
        'Search',
        'total',
        'answer KB',
        'req/s',
        'p99 ms',
        'no cache req/s',
        'no cache p99 ms',
        'bare req/s',
        'real/bare',
        'no cache/bare',
        'CPU µs/req',
        'no cache CPU µs/req',
      ],
      results.map(({ route, total, answerBytes, cached, uncached, bare }) => [
        route.label,
        formatInt(total),
        (answerBytes / 1024).toFixed(1),
        formatInt(cached.requestsPerSecond),
        String(cached.p99Ms),
        formatInt(uncached.requestsPerSecond),
        String(uncached.p99Ms),
        formatInt(bare.requestsPerSecond),
        formatPercent(cached.requestsPerSecond / bare.requestsPerSecond),
        formatPercent(uncached.requestsPerSecond / bare.requestsPerSecond),
        formatMicros(cached.serverCpuMicros),
        formatMicros(uncached.serverCpuMicros),
      ]),
    );
    console.log('');
    console.log(`Paths: ${results.map(({ route }) => route.path).join('  ')}`);
    console.log('');
    console.log(
      `Each search alone, without the cache, ${TIMING_ROUNDS} times (bench/search-timings.ts; ` +
        `CPU is the search's own cost on SQLite, only the client's on PostgreSQL):`,
    );
    printTable(SEARCH_TIMING_HEADER, timings.map(searchTimingRow));
    printFailures(
      results.flatMap(({ route, cached, uncached, bare }): [string, LoadResult][] => [
        [`${route.label} (real)`, cached],
        [`${route.label} (no cache)`, uncached],
        [`${route.label} (bare)`, bare],
      ]),
    );
    const target = P99_TARGET_MS[engine];
    console.log(`Targets (issue 11), ${ENGINE_NAMES[engine]}:`);
    for (const { route, cached, uncached, answerBytes } of results) {
      console.log(
        `  ${mark(cached.p99Ms < target)}  ${route.label} p99 < ${target} ms: ${cached.p99Ms} ms ` +
          `(without the cache: ${uncached.p99Ms} ms ${uncached.p99Ms < target ? '✓' : '✗'})`,
      );
      console.log(
        `  ${mark(answerBytes < ANSWER_TARGET_BYTES)}  ${route.label} answer < 30 KB: ` +
          `${(answerBytes / 1024).toFixed(1)} KB`,
      );
    }
  }
}

function printMixReport(engine: Engine, mix: MixResult): void {
  const name = ENGINE_NAMES[engine];
  const targets = MIX_TARGETS[engine];
  console.log('');
  console.log(
    `Real traffic at ${formatInt(SEARCH_TASK_COUNT)} tasks (issue 18): ${name}, ${CONNECTIONS} ` +
      `connections; every request drawn at random (${formatInt(mix.taskIdCount)} task ids, thousands of searches, bids all along)`,
  );
  console.log(
    `The server was ready (GET /api/ready: its search index built) ${(mix.readyMs / 1000).toFixed(1)} s after it started; the loads began then.`,
  );
  console.log('');
  const row = (label: string, load: MeasuredLoad, bare?: MeasuredLoad) => [
    label,
    formatInt(load.requestsPerSecond),
    String(load.p50Ms),
    String(load.p99Ms),
    String(load.maxMs),
    bare ? formatInt(bare.requestsPerSecond) : '-',
    bare ? formatPercent(load.requestsPerSecond / bare.requestsPerSecond) : '-',
    formatMicros(load.serverCpuMicros),
  ];
  printTable(
    ['Load', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'bare req/s', 'real/bare', 'CPU µs/req'],
    [
      row('mix: 35% task, 30% search, 10% home, 15% task signed in, 10% bid', mix.mix, mix.bareMix),
      row('different searches alone', mix.searches),
      row('tasks by id, beside 50 connections searching', mix.taskWhileSearching),
      row('  (the searches beside them)', mix.searchesBesideTasks),
    ],
  );
  console.log('');
  console.log(
    'One search at a time, different queries none of the loads asked (HTTP, ms; a client process of its own, asking for gzip as browsers do; each kind timed after up to 40 of its kind, not timed, from other terms).\n' +
      "The server's own part of each: from the request's arrival to its answer ready to send, as its Server-Timing header says:",
  );
  printTable(
    [
      'Search',
      'queries',
      'p50',
      'p99',
      'max',
      `over ${ONE_SEARCH_P99_TARGET_MS} ms`,
      'server: p99',
      `over ${ONE_SEARCH_P99_TARGET_MS} ms`,
    ],
    [...mix.oneAtATime, mix.bareOneAtATime].map(
      ({ kind, count, p50Ms, p99Ms, maxMs, overTarget, server }) => [
        kind,
        formatInt(count),
        formatMs(p50Ms),
        formatMs(p99Ms),
        formatMs(maxMs),
        formatInt(overTarget),
        server ? formatMs(server.p99Ms) : '-',
        server ? formatInt(server.overTarget) : '-',
      ],
    ),
  );
  printFailures([
    ['mix (real)', mix.mix],
    ['mix (bare)', mix.bareMix],
    ['searches', mix.searches],
    ['tasks beside searches', mix.taskWhileSearching],
  ]);
  const rss = mix.peakRssMb === undefined ? undefined : Math.round(mix.peakRssMb);
  console.log(`Targets (issue 18), ${name}:`);
  const check = (ok: boolean, text: string) => console.log(`  ${mark(ok)}  ${text}`);
  check(
    mix.mix.requestsPerSecond >= targets.mix.rps && mix.mix.p99Ms <= targets.mix.p99,
    `mix ≥ ${formatInt(targets.mix.rps)} req/s, p99 ≤ ${targets.mix.p99} ms: ` +
      `${formatInt(mix.mix.requestsPerSecond)} req/s, p99 ${mix.mix.p99Ms} ms`,
  );
  check(
    mix.searches.requestsPerSecond >= targets.searches.rps &&
      mix.searches.p99Ms <= targets.searches.p99,
    `different searches ≥ ${formatInt(targets.searches.rps)}/s, p99 ≤ ${targets.searches.p99} ms: ` +
      `${formatInt(mix.searches.requestsPerSecond)}/s, p99 ${mix.searches.p99Ms} ms`,
  );
  const worst = mix.oneAtATime.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
  const slow = mix.oneAtATime.reduce((sum, kind) => sum + kind.overTarget, 0);
  const slowInServer = mix.oneAtATime.reduce(
    (sum, kind) => sum + (kind.server?.overTarget ?? 0),
    0,
  );
  const asked = mix.oneAtATime.reduce((sum, kind) => sum + kind.count, 0);
  check(
    worst.p99Ms <= ONE_SEARCH_P99_TARGET_MS,
    `one search at a time p99 ≤ ${ONE_SEARCH_P99_TARGET_MS} ms for every kind: worst ${worst.p99Ms.toFixed(2)} ms (${worst.kind}); ` +
      `over ${ONE_SEARCH_P99_TARGET_MS} ms: ${slow} of ${formatInt(asked)}, ${slowInServer} of them in the server's own part ` +
      `(the bare server: ${mix.bareOneAtATime.overTarget}, p99 ${mix.bareOneAtATime.p99Ms.toFixed(2)} ms)`,
  );
  const slowParts = SLOW_PARTS.map((part) => {
    const count = mix.oneAtATime.reduce((sum, kind) => sum + (kind.slowParts?.[part] ?? 0), 0);
    return `${part} ${count}`;
  });
  console.log(
    `     where each of those ${slow} was slowest (Server-Timing's parts): ${slowParts.join(', ')}`,
  );
  check(
    mix.taskWhileSearching.p99Ms <= TASK_WHILE_SEARCHING_P99_TARGET_MS,
    `a task by id while 50 connections search, p99 ≤ ${TASK_WHILE_SEARCHING_P99_TARGET_MS} ms: ` +
      `${mix.taskWhileSearching.p99Ms} ms`,
  );
  check(
    rss !== undefined && rss < RSS_TARGET_MB,
    `server RSS under the mix < ${RSS_TARGET_MB} MB: peak ${formatMb(rss)} MB ` +
      `(${formatMb(mix.rssAfterMixMb)} MB at its end)`,
  );
  console.log(
    `  (server RSS, peak over every load above, the searches one at a time last: ` +
      `${formatMb(mix.peakRssAfterAllMb)} MB; not a target, decision 037)`,
  );
}
