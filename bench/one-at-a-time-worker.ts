import fs from 'node:fs';
import http from 'node:http';
import type { ServerTiming } from './mix-bench.ts';

/**
 * Usage: node bench/one-at-a-time-worker.ts <server URL> <JSON file: {paths, warmUp}>. Asks
 * each of `warmUp` (not timed), then each of `paths`, in turn on one kept-alive connection, as a
 * browser asks (`accept-encoding: gzip, deflate`), and prints each of the paths' time from
 * request to last byte, in ms, as JSON (`times`), with the server's own part of it and that
 * part's parts where the answer says them (`Server-Timing: search;dur=…, wait;dur=…, read;dur=…,
 * db;dur=…`, search.routes.ts; else null).
 *
 * Its own process, like the load generator, and a plain node:http client that does not
 * decompress: the bench's process holds the seed's pools, and fetch's decompression and the
 * collections of that heap landed in the times (p50 2.4 ms and p99 12.7 ms where this client
 * measured 1.5 and 7.1, the same server and queries).
 */
const [baseUrl, pathsFile] = process.argv.slice(2);
const { paths, warmUp } = JSON.parse(fs.readFileSync(pathsFile ?? '', 'utf8')) as {
  paths: string[];
  warmUp: string[];
};
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** What an answer's Server-Timing header says the server took, in ms, and its parts, if it says so. */
function serverTiming(header: string | string[] | undefined): ServerTiming | null {
  const parts = Object.fromEntries(
    [...String(header ?? '').matchAll(/\b(\w+);dur=([\d.]+)/g)].map(([, name, ms]) => [
      name,
      Number(ms),
    ]),
  );
  return parts.search === undefined ? null : (parts as ServerTiming);
}

function timeOne(path: string): Promise<{ ms: number; server: ServerTiming | null }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(
      `${baseUrl}${path}`,
      { agent, headers: { 'accept-encoding': 'gzip, deflate' } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
          else
            resolve({
              ms: performance.now() - start,
              server: serverTiming(response.headers['server-timing']),
            });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

// The connection opens (and this client's HTTP code warms up) on a request not timed, as a
// browser's search goes over a connection its page opened: the first request otherwise took
// 8-11 ms, 2.5-5 of them in the server, each kind's slowest but for a collection's
// (docs/decisions/037-timings.md).
await timeOne('/api/health');
// Then the kind's warm-up (mix-bench.ts WARM_UP): its code compiled, as in a server in service.
for (const path of warmUp) await timeOne(path);
const times: number[] = [];
const server: (ServerTiming | null)[] = [];
for (const path of paths) {
  const answer = await timeOne(path);
  times.push(answer.ms);
  server.push(answer.server);
}
agent.destroy();
process.stdout.write(JSON.stringify({ times, server }));
