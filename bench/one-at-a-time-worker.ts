import fs from 'node:fs';
import http from 'node:http';

/**
 * Usage: node bench/one-at-a-time-worker.ts <server URL> <JSON file of paths>. Asks each path
 * in turn on one kept-alive connection, as a browser asks (`accept-encoding: gzip, deflate`),
 * and prints each one's time from request to last byte, in ms, as a JSON array.
 *
 * Its own process, like the load generator, and a plain node:http client that does not
 * decompress: the bench's process holds the seed's pools, and fetch's decompression and the
 * collections of that heap landed in the times (p50 2.4 ms and p99 12.7 ms where this client
 * measured 1.5 and 7.1, the same server and queries).
 */
const [baseUrl, pathsFile] = process.argv.slice(2);
const paths = JSON.parse(fs.readFileSync(pathsFile ?? '', 'utf8')) as string[];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timeOne(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(
      `${baseUrl}${path}`,
      { agent, headers: { 'accept-encoding': 'gzip, deflate' } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          if (response.statusCode === 200) resolve(performance.now() - start);
          else reject(new Error(`${path}: ${response.statusCode}`));
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
// (docs/decisions/040).
await timeOne('/api/health');
const times: number[] = [];
for (const path of paths) times.push(await timeOne(path));
agent.destroy();
process.stdout.write(JSON.stringify(times));
