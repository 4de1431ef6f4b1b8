import fs from 'node:fs';
import http from 'node:http';
import { ANY_REQUEST, answerKey, type BareAnswers } from './bare-answers.ts';

/**
 * The bench's yardstick: bare node:http answering, per "METHOD /url" (signed in or not), the
 * exact bytes the real server answered. Usage: node bench/bare-server.ts <answers.json> <port>
 */
const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: node bench/bare-server.ts <answers.json> <port>');

const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as BareAnswers).map(([key, answer]) => {
    const body = Buffer.from(answer.body);
    const headers = { 'content-type': answer.contentType, 'content-length': body.length };
    return [key, { status: answer.status, headers, body }];
  }),
);

const server = http.createServer((request, response) => {
  // A mix (bench/mix-bench.ts) asks thousands of URLs: one answer stands for them all.
  const answer =
    answers.get(
      answerKey(request.method ?? '', request.url ?? '', Boolean(request.headers.cookie)),
    ) ?? answers.get(ANY_REQUEST);
  // Read the request to its end, as a real server has to.
  request.resume();
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1');

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
