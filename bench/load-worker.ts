import autocannon from 'autocannon';
import { MEASURING, type LoadResult, type LoadSpec } from './load.ts';

/**
 * Usage: node bench/load-worker.ts '<LoadSpec as JSON>'. Prints MEASURING once warmed up,
 * then a LoadResult as JSON.
 */
const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;

function load(seconds: number) {
  return autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    connections: spec.connections,
    duration: seconds,
  });
}

// The warm-up lets V8 optimise the hot paths and opens the connections; it is not counted.
if (spec.warmupSeconds > 0) await load(spec.warmupSeconds);
process.stdout.write(MEASURING);
const result = await load(spec.seconds);
const summary: LoadResult = {
  requestsPerSecond: result.requests.average,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(JSON.stringify(summary));
