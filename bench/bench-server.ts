import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answerKey, type BareAnswer, type BareAnswers } from './bare-answers.ts';
import { runLoad, type LoadResult, type LoadSpec, type MeasuredLoad } from './load.ts';
import {
  findFreePort,
  readCpuSeconds,
  spawnChild,
  waitUntilAnswering,
  type Child,
} from './processes.ts';

/** What the API benches share: the server process, the routes, the answers, the numbers. */

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CONNECTIONS = 50;

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 10);
export const WARMUP_SECONDS = positiveNumber(process.env.BENCH_WARMUP_SECONDS, 2);

export interface Route {
  label: string;
  method: 'GET' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  /** DESIGN.md's floor for real req/s over bare req/s, when it sets one. */
  minRatio?: number;
}

export interface RouteResult {
  route: Route;
  real: MeasuredLoad;
  bare: MeasuredLoad;
}

export const log = (message: string) => process.stderr.write(`${message}\n`);

/** The `name=value` pairs of an answer's Set-Cookie headers: a session's Cookie header. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error(`${response.url} set no cookie`);
  return cookie;
}

/**
 * The environment of a server on a free port over `dataDir` (and PostgreSQL at `databaseUrl`):
 * the default configuration (issue 8: logging and the session cache as `npm start` has them),
 * with room for the bench's sign-ins.
 */
export async function serverEnv(dataDir: string, databaseUrl = '') {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    AUTH_RATE_LIMIT_MAX: '1000000',
    // The bench's users are all new: the new-account limits (issue 20) would stop its writers.
    NEW_ACCOUNT_TASKS_PER_DAY: '1000000',
    NEW_ACCOUNT_OFFERS_PER_DAY: '1000000',
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
  };
  return { baseUrl, env };
}

/**
 * The environment and Node options `npm start` gives the server (package.json, decision
 * 033), so that the bench measures the server as it runs.
 */
function startCommand(): { env: Record<string, string>; options: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /((?:\w+=\S+ )*)node((?: --\S+)*) src\/server\/main\.ts/.exec(
    manifest.scripts.start ?? '',
  );
  if (!match) throw new Error('package.json: "start" no longer runs node … src/server/main.ts');
  const words = (text = '') => text.split(' ').filter(Boolean);
  const env = Object.fromEntries(words(match[1]).map((pair) => pair.split('=', 2)));
  return { env, options: words(match[2]) };
}

const START = startCommand();

/** BENCH_SERVER_ARGS: more Node options for the server process, such as `--cpu-prof`. */
const SERVER_ARGS = [
  ...START.options,
  ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
];

export async function startServer(env: NodeJS.ProcessEnv, baseUrl: string) {
  const startedAt = performance.now();
  const child = spawnChild([...SERVER_ARGS, 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...START.env, ...env },
  });
  const firstAnswerMs = await waitUntilAnswering(`${baseUrl}/api/tasks?limit=1`, child, startedAt);
  const cpuSeconds = child.process.pid ? readCpuSeconds(child.process.pid) : undefined;
  // Loads start when the server says it is ready (its search index built), as a load
  // balancer's traffic would.
  const readyMs = await waitUntilAnswering(`${baseUrl}/api/ready`, child, startedAt, {}, 120_000);
  return {
    child,
    firstAnswerMs,
    readyMs,
    cpuMs: cpuSeconds === undefined ? undefined : cpuSeconds * 1000,
  };
}

export async function captureAnswer(baseUrl: string, route: Route): Promise<BareAnswer> {
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

export function loadSpec(baseUrl: string, route: Route): LoadSpec {
  return {
    url: `${baseUrl}${route.path}`,
    method: route.method,
    headers: route.headers,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  };
}

export function describeFailures(result: LoadResult): string {
  const problems = [
    result.non2xx ? `${result.non2xx} non-2xx` : '',
    result.errors ? `${result.errors} errors` : '',
    result.timeouts ? `${result.timeouts} timeouts` : '',
  ].filter(Boolean);
  return problems.join(', ');
}

export const mark = (ok: boolean) => (ok ? '✓ PASS' : '✗ FAIL');
export const formatInt = (value: number) => Math.round(value).toLocaleString('en-US');
// Rounded down, so that a ratio shown as 40% has met a 40% floor.
export const formatPercent = (ratio: number) => `${Math.floor(ratio * 100 + 1e-9)}%`;
export const formatMicros = (micros: number | undefined) =>
  micros === undefined ? '-' : String(Math.round(micros));
/** Memory in MB, whole, or '?' where it could not be read. */
export const formatMb = (mb: number | undefined) =>
  mb === undefined ? '?' : String(Math.round(mb));
/** A time in ms, to a tenth (one search at a time: its times are kept as measured). */
export const formatMs = (ms: number) => String(Math.round(ms * 10) / 10);
export const formatLoad = () => os.loadavg()[0]?.toFixed(1) ?? '?';

/** A table with a left-aligned first column and the others right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

/** The runs whose load saw errors, timeouts or non-2xx answers: their numbers mean little. */
export function printFailures(runs: [string, LoadResult][]): void {
  for (const [run, result] of runs) {
    const problems = describeFailures(result);
    if (problems) console.log(`! ${run}: ${problems}`);
  }
}

/**
 * A bare node:http server answering, for each route, the exact bytes the real server answered
 * (bench/bare-server.ts): the yardstick of the same run.
 */
export async function startBareServer(baseUrl: string, routes: Route[], dir: string) {
  const answers: BareAnswers = {};
  for (const route of routes) {
    answers[answerKey(route.method, route.path, Boolean(route.headers.cookie))] =
      await captureAnswer(baseUrl, route);
  }
  const answersFile = path.join(dir, 'bare-answers.json');
  fs.writeFileSync(answersFile, JSON.stringify(answers));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawnChild(['bench/bare-server.ts', answersFile, String(port)], { cwd: ROOT });
  const first = routes[0];
  const init = { method: first?.method, headers: first?.headers };
  await waitUntilAnswering(`${url}${first?.path}`, child, startedAt, init);
  return { child, url, answers };
}

/** One load run of `route` against the server at `baseUrl` (process `child`). */
export function loadRoute(baseUrl: string, route: Route, child: Child): Promise<MeasuredLoad> {
  return runLoad(loadSpec(baseUrl, route), ROOT, child.process.pid ?? 0);
}
