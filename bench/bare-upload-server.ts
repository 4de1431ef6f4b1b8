import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The upload bench's yardstick (bench/upload-bench.ts): bare node:http piping each PUT's body
 * to a file of its own, nothing else. Usage: node bench/bare-upload-server.ts <dir> <port>
 */
const [dir, port] = process.argv.slice(2);
if (!dir || !port) throw new Error('usage: node bench/bare-upload-server.ts <dir> <port>');
let count = 0;

const server = http.createServer((request, response) => {
  if (request.method !== 'PUT') {
    response.writeHead(200).end('ok');
    return;
  }
  count += 1;
  pipeline(request, fs.createWriteStream(path.join(dir, `upload-${count}`))).then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    () => response.writeHead(500).end(),
  );
});
server.listen(Number(port), '127.0.0.1');

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
