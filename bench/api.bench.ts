import { printDirectoryReport, runDirectoryBench } from './directory-bench.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../src/server/config.ts';
import { BIDDER, seedBenchData } from './bench-data.ts';
import {
  CONNECTIONS,
  formatInt,
  formatLoad,
  formatMicros,
  formatPercent,
  loadRoute,
  log,
  mark,
  printFailures,
  printTable,
  SECONDS,
  startBareServer,
  serverEnv,
  sessionCookieOf,
  startServer,
  WARMUP_SECONDS,
  type Route,
  type RouteResult,
} from './bench-server.ts';
import type { LoadResult } from './load.ts';
import { printEnumerationReport, runEnumerationBench } from './enumeration-bench.ts';
import { printMarketReport, runMarketBench } from './market-bench.ts';
import { printSearchReport, runSearchBenches } from './search-bench.ts';
import { stopAllChildren, stopChild } from './processes.ts';
import { printUploadReport, runUploadBench } from './upload-bench.ts';

/**
 * `npm run bench`: the API budgets of DESIGN.md "Budgets", measured against a bare node:http
 * server answering the same bytes in the same run, then search at 100,000 tasks on SQLite and
 * PostgreSQL (search-bench.ts). Reports; never fails on a missed target.
 * BENCH_SECONDS (default 10) and BENCH_WARMUP_SECONDS (default 2) set each run's length;
 * BENCH_ONLY a part of the route labels to run (see ONLY); BENCH_SERVER_ARGS Node options for
 * the server (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it). Issue 49's uploads
 * (upload-bench.ts) run with everything, or alone with BENCH_UPLOADS_ONLY=1.
 */
const TASK_COUNT = 10_000;
/** BENCH_ONLY: run only the routes whose label holds it (`bids`, `search`, …); all when unset. */
const ONLY = process.env.BENCH_ONLY ?? '';
/** BENCH_DIRECTORY_ONLY=1: issue 50's freelancer directory bench alone. */
const DIRECTORY_ONLY = Boolean(process.env.BENCH_DIRECTORY_ONLY);
/** BENCH_UPLOADS_ONLY=1: issue 49's upload bench alone. */
const UPLOADS_ONLY = Boolean(process.env.BENCH_UPLOADS_ONLY);
const isChosen = (label: string) => label.includes(ONLY);
/** BENCH_ROUNDS: how many times each route is loaded, real and bare in turn (3). */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS) || 3));
const ratioOf = ({ real, bare }: RouteResult) => real.requestsPerSecond / bare.requestsPerSecond;
/** A route's median round, and the ratio of each round in the order run. */
type Measured = RouteResult & { rounds: number[] };
const P99_TARGET_MS = 10;
const START_TARGET_MS = 1000;
const LIST_PATH = '/api/tasks?limit=8&sort=deadline';

/** The session cookie of the bidder, signed in the way the browser does it. */
async function signInBidder(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email: BIDDER.email, password: BIDDER.password }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`bidder sign-in: ${response.status} ${body}`);
  return sessionCookieOf(response);
}

function printReport(
  results: Measured[],
  start: { first: number; restart: number; restartCpuMs: number | undefined },
  loadAtStart: string,
) {
  const header = [
    'Route',
    'req/s',
    'p99 ms',
    'bare req/s',
    'bare p99',
    'real/bare',
    'rounds',
    'target',
    'CPU µs/req',
    'bare CPU µs/req',
  ];
  const rows = results.map(({ route, real, bare, rounds }) => {
    const ratio = real.requestsPerSecond / bare.requestsPerSecond;
    const target =
      route.minRatio === undefined
        ? '-'
        : `≥ ${formatPercent(route.minRatio)} ${ratio >= route.minRatio ? '✓' : '✗'}`;
    return [
      route.label,
      formatInt(real.requestsPerSecond),
      String(real.p99Ms),
      formatInt(bare.requestsPerSecond),
      String(bare.p99Ms),
      formatPercent(ratio),
      rounds.map(formatPercent).join(' '),
      target,
      formatMicros(real.serverCpuMicros),
      formatMicros(bare.serverCpuMicros),
    ];
  });
  console.log('');
  console.log(
    `Tasklane API bench: SQLite, ${formatInt(TASK_COUNT)} tasks, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, ${ROUNDS} rounds of real and ` +
      `bare in turn (the median's shown), Node ${process.version}, ` +
      `${os.availableParallelism()} cores`,
  );
  console.log('');
  printTable(header, rows);
  printFailures(
    results.flatMap(({ route, real, bare }): [string, LoadResult][] => [
      [`${route.label} (real)`, real],
      [`${route.label} (bare)`, bare],
    ]),
  );

  console.log('');
  console.log(
    `Machine load (1-min average) ${loadAtStart} at start, ${formatLoad()} at end: other ` +
      'processes on the cores lower req/s; CPU µs/req moves much less.',
  );
  console.log('');
  console.log('Targets (DESIGN.md "Budgets"):');
  for (const { route, real, bare } of results) {
    if (route.minRatio === undefined) continue;
    const ratio = real.requestsPerSecond / bare.requestsPerSecond;
    // What the ratio would be with a core for each server and one for the load.
    const cpuRatio =
      real.serverCpuMicros && bare.serverCpuMicros
        ? `; by CPU per request ${formatPercent(bare.serverCpuMicros / real.serverCpuMicros)}`
        : '';
    console.log(
      `  ${mark(ratio >= route.minRatio)}  ${route.label} at ≥ ${formatPercent(route.minRatio)} ` +
        `of bare: ${formatPercent(ratio)}${cpuRatio}`,
    );
  }
  for (const { route, real, bare } of results) {
    // The bare server's p99 at the same load says what the machine alone allows.
    console.log(
      `  ${mark(real.p99Ms < P99_TARGET_MS)}  ${route.label} p99 < ${P99_TARGET_MS} ms: ` +
        `${real.p99Ms} ms (bare server ${bare.p99Ms} ms)`,
    );
  }
  console.log(
    `  ${mark(start.restart < START_TARGET_MS)}  server start to first answer < ` +
      `${START_TARGET_MS} ms on an existing database: ${Math.round(start.restart)} ms ` +
      `(${start.restartCpuMs === undefined ? '' : `CPU ${Math.round(start.restartCpuMs)} ms; `}` +
      `first start: ${Math.round(start.first)} ms)`,
  );
}

async function runBench(dataDir: string): Promise<void> {
  const loadAtStart = formatLoad();
  // The budgets are about the embedded store, whatever the shell points at.
  const { baseUrl, env } = await serverEnv(dataDir);

  const seedStart = performance.now();
  const { taskIds } = await seedBenchData(parseConfig(env), TASK_COUNT);
  log(`seeded ${formatInt(TASK_COUNT)} tasks in ${Math.round(performance.now() - seedStart)} ms`);

  const first = await startServer(env, baseUrl);
  let server = first.child;
  log(`server answering after ${Math.round(first.firstAnswerMs)} ms`);

  const cookie = await signInBidder(baseUrl);
  const taskPath = `/api/tasks/${taskIds[Math.floor(TASK_COUNT / 3)]}`;
  // Targets of issue 8, on the default configuration.
  const routes: Route[] = [
    { label: 'GET /api/tasks/:id', method: 'GET', path: taskPath, headers: {}, minRatio: 0.45 },
    { label: `GET ${LIST_PATH}`, method: 'GET', path: LIST_PATH, headers: {}, minRatio: 0.35 },
    {
      // Every task details page is a signed-in read: the session check is on this path.
      label: 'GET /api/tasks/:id signed in',
      method: 'GET',
      path: taskPath,
      headers: { cookie },
      minRatio: 0.3,
    },
    {
      // Another task than the one read, so the bytes read stay the same.
      label: 'PATCH /api/tasks/:id/bids',
      method: 'PATCH',
      path: `/api/tasks/${taskIds[Math.floor((TASK_COUNT * 2) / 3)]}/bids`,
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    },
  ];

  const chosen = routes.filter((route) => isChosen(route.label));
  const bare = await startBareServer(baseUrl, chosen, dataDir);
  const results: Measured[] = [];
  for (const route of chosen) {
    // Real and bare in turn, ROUNDS times: a machine whose load changes over a minute moves
    // both of a round alike, and the round of the median ratio is the one reported.
    const rounds: RouteResult[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      log(`loading ${route.label}: real server, round ${round} of ${ROUNDS}…`);
      const real = await loadRoute(baseUrl, route, server);
      log(`loading ${route.label}: bare server, round ${round} of ${ROUNDS}…`);
      rounds.push({ route, real, bare: await loadRoute(bare.url, route, bare.child) });
    }
    const byRatio = rounds.toSorted((a, b) => ratioOf(a) - ratioOf(b));
    results.push({
      ...byRatio[Math.floor((byRatio.length - 1) / 2)]!,
      rounds: rounds.map(ratioOf),
    });
  }
  await stopChild(bare.child);

  await stopChild(server);
  const restart = await startServer(env, baseUrl);
  server = restart.child;
  log(`restarted server answering after ${Math.round(restart.firstAnswerMs)} ms`);
  await stopChild(server);

  printReport(
    results,
    { first: first.firstAnswerMs, restart: restart.firstAnswerMs, restartCpuMs: restart.cpuMs },
    loadAtStart,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-bench-'));
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await stopAllChildren();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/** Everything but the uploads, as BENCH_ONLY chooses. */
async function runOtherBenches(): Promise<void> {
  // `search` names the search benches alone, `mix` the real-traffic loads alone (both at
  // 100,000 tasks), `market` the operator's figures, `enumeration` forgot-password's timing;
  // anything else the API routes.
  const onlySearch = ONLY.includes('search');
  const onlyMix = ONLY.includes('mix');
  const onlyMarket = ONLY.includes('market');
  if (!ONLY || ONLY.includes('enumeration')) printEnumerationReport(await runEnumerationBench());
  if (!ONLY || onlyMarket) {
    const engines = [undefined, process.env.TEST_DATABASE_URL].filter(
      (url, index) => index === 0 || url,
    );
    const results = [];
    for (const url of engines) results.push(await runMarketBench(url));
    printMarketReport(results);
  }
  const onlyOthers = onlySearch || onlyMix || onlyMarket || ONLY.includes('enumeration');
  if (!onlyOthers) await runBench(dataDir);
  if (!ONLY || onlySearch || onlyMix) {
    const parts = { search: !onlyMix, mix: !onlySearch };
    printSearchReport(await runSearchBenches(parts));
  }
}

try {
  if (DIRECTORY_ONLY || (!ONLY && !UPLOADS_ONLY)) printDirectoryReport(await runDirectoryBench());
  if (!DIRECTORY_ONLY && (UPLOADS_ONLY || !ONLY)) printUploadReport(await runUploadBench());
  if (!UPLOADS_ONLY && !DIRECTORY_ONLY) await runOtherBenches();
} catch (error) {
  // After a signal the children were stopped under the bench's feet: that is no failure to report.
  if (!cleaned) console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
