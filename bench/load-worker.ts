import fs from 'node:fs';
import autocannon from 'autocannon';
import { readCpuSeconds } from './processes.ts';
import {
  MEASURING,
  type LoadResult,
  type LoadSpec,
  type MixSpec,
  type PhaseTotals,
} from './load.ts';

/**
 * Usage: node bench/load-worker.ts '<LoadSpec as JSON>'. Prints MEASURING once warmed up,
 * then a LoadResult as JSON.
 */
const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;

type Drawn = Pick<autocannon.Request, 'method' | 'path' | 'headers' | 'body'>;

/** A request drawn from the mix for every request sent, so no two runs ask the same URLs. */
function mixOf(file: string): () => Drawn {
  const { kinds } = JSON.parse(fs.readFileSync(file, 'utf8')) as MixSpec;
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
  const draw = () => {
    let at = Math.random() * total;
    for (const kind of kinds) {
      at -= kind.weight;
      if (at < 0) return kind;
    }
    return kinds[kinds.length - 1]!;
  };
  return () => {
    const kind = draw();
    const cookie = kind.cookies && pick(kind.cookies);
    return {
      method: kind.method,
      path: pick(kind.paths) ?? '/',
      headers: cookie ? { ...kind.headers, cookie } : kind.headers,
      ...(kind.body === undefined ? {} : { body: kind.body }),
    };
  };
}

const { alternate } = spec;
const mixes = [spec.mixFile, alternate?.mixFile].flatMap((file) => (file ? [mixOf(file)] : []));
/** When the current load began: with `alternate`, its phases are counted from there. */
let origin = performance.now();
const phaseAt = (now: number) =>
  alternate ? Math.floor((now - origin) / alternate.phaseMs) % 2 : 0;

const requests: autocannon.Request[] | undefined = mixes.length
  ? [{ setupRequest: (request) => ({ ...request, ...mixes[phaseAt(performance.now())]!() }) }]
  : undefined;

function load(seconds: number) {
  origin = performance.now();
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        connections: spec.connections,
        duration: seconds,
        ...(requests ? { requests } : {}),
      },
      (error: unknown, result) => (error ? reject(error as Error) : resolve(result)),
    );
  });
  return { instance: instance!, done };
}

/**
 * Each phase's responses and the server's CPU, counted from `settleMs` into the phase (the
 * requests of the phase before have come back by then) to its end: the two mixes share the
 * machine's slow drifts, which runs a minute apart do not.
 */
function countPhases(
  instance: autocannon.Instance,
  { phaseMs, settleMs, serverPid }: NonNullable<LoadSpec['alternate']>,
) {
  const totals = [0, 1].map(() => ({
    requests: 0,
    ms: 0,
    cpuSeconds: 0 as number | undefined,
    mainCpuSeconds: 0 as number | undefined,
    latencies: [] as number[],
    non2xx: 0,
    rates: [] as number[],
  }));
  let open: { phase: number; at: number; cpu: CpuNow; requests: number } | undefined;
  type CpuNow = [number | undefined, number | undefined];
  const cpuNow = (): CpuNow => [readCpuSeconds(serverPid), readCpuSeconds(serverPid, serverPid)];
  const added = (sum: number | undefined, start: number | undefined, end: number | undefined) =>
    sum === undefined || start === undefined || end === undefined ? undefined : sum + end - start;
  const timers: NodeJS.Timeout[] = [];
  const openWindow = (phase: number) => {
    open = { phase, at: performance.now(), cpu: cpuNow(), requests: 0 };
  };
  const closeWindow = () => {
    if (!open) return;
    const total = totals[open.phase]!;
    const cpu = cpuNow();
    const ms = performance.now() - open.at;
    total.ms += ms;
    total.requests += open.requests;
    total.rates.push((open.requests * 1000) / ms);
    total.cpuSeconds = added(total.cpuSeconds, open.cpu[0], cpu[0]);
    total.mainCpuSeconds = added(total.mainCpuSeconds, open.cpu[1], cpu[1]);
    open = undefined;
  };
  const schedule = (phase: number) => {
    const start = origin + phase * phaseMs;
    const at = (time: number, run: () => void) =>
      timers.push(setTimeout(run, Math.max(0, time - performance.now())));
    at(start + settleMs, () => openWindow(phase % 2));
    at(start + phaseMs, () => {
      closeWindow();
      schedule(phase + 1);
    });
  };
  schedule(0);
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (!open) return;
    const total = totals[open.phase]!;
    open.requests += 1;
    total.latencies.push(responseTime);
    if (statusCode < 200 || statusCode > 299) total.non2xx += 1;
  });
  instance.on('done', () => {
    for (const timer of timers) clearTimeout(timer);
  });
  return (): [PhaseTotals, PhaseTotals] => {
    const [first, second] = totals.map((total): PhaseTotals => {
      const sorted = total.latencies.sort((a, b) => a - b);
      return {
        requests: total.requests,
        seconds: total.ms / 1000,
        serverCpuSeconds: total.cpuSeconds,
        mainThreadCpuSeconds: total.mainCpuSeconds,
        p99Ms: sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
        non2xx: total.non2xx,
        rates: total.rates,
      };
    });
    return [first!, second!];
  };
}

// The warm-up lets V8 optimise the hot paths and opens the connections; it is not counted.
if (spec.warmupSeconds > 0) await load(spec.warmupSeconds).done;
process.stdout.write(MEASURING);
const running = load(spec.seconds);
const phases = alternate && countPhases(running.instance, alternate);
const result = await running.done;
const summary: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  ...(phases ? { phases: phases() } : {}),
};
process.stdout.write(JSON.stringify(summary));
