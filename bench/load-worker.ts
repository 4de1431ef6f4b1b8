import fs from 'node:fs';
import autocannon from 'autocannon';
import { MEASURING, type LoadResult, type LoadSpec, type MixSpec } from './load.ts';

/**
 * Usage: node bench/load-worker.ts '<LoadSpec as JSON>'. Prints MEASURING once warmed up,
 * then a LoadResult as JSON.
 */
const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;

/** A request drawn from the mix for every request sent, so no two runs ask the same URLs. */
function mixRequests(file: string): autocannon.Request[] {
  const { kinds } = JSON.parse(fs.readFileSync(file, 'utf8')) as MixSpec;
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const draw = () => {
    let at = Math.random() * total;
    for (const kind of kinds) {
      at -= kind.weight;
      if (at < 0) return kind;
    }
    return kinds[kinds.length - 1]!;
  };
  return [
    {
      setupRequest(request) {
        const kind = draw();
        const path = kind.paths[Math.floor(Math.random() * kind.paths.length)] ?? '/';
        return {
          ...request,
          method: kind.method,
          path,
          headers: kind.headers,
          ...(kind.body === undefined ? {} : { body: kind.body }),
        };
      },
    },
  ];
}

const requests = spec.mixFile ? mixRequests(spec.mixFile) : undefined;

function load(seconds: number) {
  return autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    connections: spec.connections,
    duration: seconds,
    ...(requests ? { requests } : {}),
  });
}

// The warm-up lets V8 optimise the hot paths and opens the connections; it is not counted.
if (spec.warmupSeconds > 0) await load(spec.warmupSeconds);
process.stdout.write(MEASURING);
const result = await load(spec.seconds);
const summary: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(JSON.stringify(summary));
