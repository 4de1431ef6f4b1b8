import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../src/server/config.ts';
import { answerKey, type BareAnswer, type BareAnswers } from './bare-answers.ts';
import { BIDDER, seedBenchData } from './bench-data.ts';
import { runLoad, type LoadResult, type LoadSpec, type MeasuredLoad } from './load.ts';
import {
  findFreePort,
  readCpuSeconds,
  spawnChild,
  stopAllChildren,
  stopChild,
  waitUntilAnswering,
} from './processes.ts';

/**
 * `npm run bench`: the API budgets of DESIGN.md "Budgets", measured against a bare node:http
 * server answering the same bytes in the same run. Reports; never fails on a missed target.
 * BENCH_SECONDS (default 10) and BENCH_WARMUP_SECONDS (default 2) set each run's length.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const TASK_COUNT = 10_000;
const CONNECTIONS = 50;
const P99_TARGET_MS = 10;
const START_TARGET_MS = 1000;
const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 10);
const WARMUP_SECONDS = positiveNumber(process.env.BENCH_WARMUP_SECONDS, 2);
const LIST_PATH = '/api/tasks?limit=8&sort=deadline';

interface Route {
  label: string;
  method: 'GET' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  /** DESIGN.md's floor for real req/s over bare req/s, when it sets one. */
  minRatio?: number;
}

interface RouteResult {
  route: Route;
  real: MeasuredLoad;
  bare: MeasuredLoad;
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

async function startServer(env: NodeJS.ProcessEnv, baseUrl: string) {
  const startedAt = performance.now();
  const child = spawnChild(['src/server/main.ts'], { cwd: ROOT, env });
  const firstAnswerMs = await waitUntilAnswering(`${baseUrl}/api/tasks?limit=1`, child, startedAt);
  const cpuSeconds = child.process.pid ? readCpuSeconds(child.process.pid) : undefined;
  return { child, firstAnswerMs, cpuMs: cpuSeconds === undefined ? undefined : cpuSeconds * 1000 };
}

/** The session cookie of the bidder, signed in the way the browser does it. */
async function signInBidder(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email: BIDDER.email, password: BIDDER.password }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`bidder sign-in: ${response.status} ${body}`);
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error('bidder sign-in set no cookie');
  return cookie;
}

async function captureAnswer(baseUrl: string, route: Route): Promise<BareAnswer> {
  const response = await fetch(`${baseUrl}${route.path}`, {
    method: route.method,
    headers: route.headers,
  });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`${route.method} ${route.path}: ${response.status} ${body}`);
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body,
  };
}

function loadSpec(baseUrl: string, route: Route): LoadSpec {
  return {
    url: `${baseUrl}${route.path}`,
    method: route.method,
    headers: route.headers,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  };
}

function describeFailures(result: LoadResult): string {
  const problems = [
    result.non2xx ? `${result.non2xx} non-2xx` : '',
    result.errors ? `${result.errors} errors` : '',
    result.timeouts ? `${result.timeouts} timeouts` : '',
  ].filter(Boolean);
  return problems.join(', ');
}

const mark = (ok: boolean) => (ok ? '✓ PASS' : '✗ FAIL');
const formatInt = (value: number) => Math.round(value).toLocaleString('en-US');
// Rounded down, so that a ratio shown as 40% has met a 40% floor.
const formatPercent = (ratio: number) => `${Math.floor(ratio * 100 + 1e-9)}%`;
const formatMicros = (micros: number | undefined) =>
  micros === undefined ? '-' : String(Math.round(micros));
const formatLoad = () => os.loadavg()[0]?.toFixed(1) ?? '?';

function printReport(
  results: RouteResult[],
  start: { first: number; restart: number; restartCpuMs: number | undefined },
  loadAtStart: string,
) {
  const header = [
    'Route',
    'req/s',
    'p99 ms',
    'bare req/s',
    'real/bare',
    'target',
    'CPU µs/req',
    'bare CPU µs/req',
  ];
  const rows = results.map(({ route, real, bare }) => {
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
      formatPercent(ratio),
      target,
      formatMicros(real.serverCpuMicros),
      formatMicros(bare.serverCpuMicros),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');

  console.log('');
  console.log(
    `Tasklane API bench: SQLite, ${formatInt(TASK_COUNT)} tasks, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, Node ${process.version}, ` +
      `${os.availableParallelism()} cores`,
  );
  console.log('');
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));

  const invalid = results.flatMap(({ route, real, bare }) =>
    [
      [`${route.label} (real)`, describeFailures(real)],
      [`${route.label} (bare)`, describeFailures(bare)],
    ].filter(([, problems]) => problems),
  );
  for (const [run, problems] of invalid) console.log(`! ${run}: ${problems}`);

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
  for (const { route, real } of results) {
    console.log(
      `  ${mark(real.p99Ms < P99_TARGET_MS)}  ${route.label} p99 < ${P99_TARGET_MS} ms: ` +
        `${real.p99Ms} ms`,
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
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    // The default configuration (issue 8): logging and the session cache as `npm start` has them.
    AUTH_RATE_LIMIT_MAX: '1000000',
    // The budgets are about the embedded store, whatever the shell points at.
    DATABASE_URL: '',
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
  };

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

  const answers: BareAnswers = {};
  for (const route of routes) {
    answers[answerKey(route.method, route.path, Boolean(route.headers.cookie))] =
      await captureAnswer(baseUrl, route);
  }
  const answersFile = path.join(dataDir, 'bare-answers.json');
  fs.writeFileSync(answersFile, JSON.stringify(answers));
  const barePort = await findFreePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bareStartedAt = performance.now();
  const bare = spawnChild(['bench/bare-server.ts', answersFile, String(barePort)], { cwd: ROOT });
  await waitUntilAnswering(`${bareUrl}${routes[0]?.path}`, bare, bareStartedAt);

  const results: RouteResult[] = [];
  for (const route of routes) {
    log(`loading ${route.label}: real server…`);
    const real = await runLoad(loadSpec(baseUrl, route), ROOT, server.process.pid ?? 0);
    log(`loading ${route.label}: bare server…`);
    const bareResult = await runLoad(loadSpec(bareUrl, route), ROOT, bare.process.pid ?? 0);
    results.push({ route, real, bare: bareResult });
  }
  await stopChild(bare);

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

try {
  await runBench(dataDir);
} catch (error) {
  // After a signal the children were stopped under the bench's feet: that is no failure to report.
  if (!cleaned) console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
