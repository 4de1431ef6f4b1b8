import { readCpuSeconds, runScript } from './processes.ts';

export interface LoadSpec {
  url: string;
  /**
   * A JSON file of a MixSpec: each request is drawn at random from it (bench/mix-bench.ts);
   * `url` is then only the server's address, and `method` and `headers` the defaults.
   */
  mixFile?: string;
  /**
   * A second mix file: the load then draws from `mixFile` and this one in turn, each for
   * `phaseMs` (alternate), and reports each one's share apart (`phases`).
   */
  alternate?: { mixFile: string; phaseMs: number; settleMs: number; serverPid: number };
  method: 'GET' | 'PATCH' | 'PUT';
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/** Kinds of request, each drawn with its weight, each time with one of its paths. */
export interface MixSpec {
  kinds: {
    label: string;
    weight: number;
    method: 'GET' | 'PATCH' | 'PUT';
    headers: Record<string, string>;
    paths: string[];
    /** The body sent with each request of the kind (a PUT's JSON). */
    body?: string;
    /** Session cookies, one drawn for each request (many writers rather than one). */
    cookies?: string[];
  }[];
}

/** What one of two alternated mixes did in its own phases (its first `settleMs` of each left out). */
export interface PhaseTotals {
  /** Responses that arrived within the phases' counted part. */
  requests: number;
  /** The counted part's length, all phases together. */
  seconds: number;
  /** The server's CPU over the counted parts (undefined without /proc). */
  serverCpuSeconds: number | undefined;
  /** Of it, the main thread's (the event loop's). */
  mainThreadCpuSeconds: number | undefined;
  p99Ms: number;
  non2xx: number;
  /** Each phase's requests a second, in the order run. */
  rates: number[];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** With `alternate`: the first mix's phases, then the second's. */
  phases?: [PhaseTotals, PhaseTotals];
}

export interface MeasuredLoad extends LoadResult {
  /**
   * CPU the server spent per request while measured: unlike req/s, barely moved by other
   * processes competing for the cores. Undefined where /proc is not available.
   */
  serverCpuMicros: number | undefined;
  /** Of it, the main thread's (the event loop's; the rest is the read workers' and others'). */
  mainThreadCpuMicros: number | undefined;
}

/** Printed by the worker between its warm-up and its measured run. */
export const MEASURING = 'measuring\n';

/** One autocannon run in its own process, so the load generator never shares the servers' loop. */
export async function runLoad(
  spec: LoadSpec,
  cwd: string,
  serverPid: number,
): Promise<MeasuredLoad> {
  const read = () => [readCpuSeconds(serverPid), readCpuSeconds(serverPid, serverPid)] as const;
  let atStart: ReturnType<typeof read> | undefined;
  const stdout = await runScript(['bench/load-worker.ts', JSON.stringify(spec)], cwd, (output) => {
    if (atStart === undefined && output.startsWith(MEASURING)) atStart = read();
  });
  const atEnd = read();
  const result = JSON.parse(stdout.slice(MEASURING.length)) as LoadResult;
  const micros = (start: number | undefined, end: number | undefined) =>
    start === undefined || end === undefined || !result.requests
      ? undefined
      : ((end - start) * 1e6) / result.requests;
  return {
    ...result,
    serverCpuMicros: micros(atStart?.[0], atEnd[0]),
    mainThreadCpuMicros: micros(atStart?.[1], atEnd[1]),
  };
}
