import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { postTask } from '../../../tests/support/marketplace.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

/**
 * A search's own work waits for the event loop's check phase, so that a task read that came in
 * the same turn is answered first (decision 026): beside 50 connections searching, a task read
 * otherwise waited for the validation, cache look-up and hand-over of every search before it.
 */
const t = useTestApp();
const poster = t.user({ name: 'Yves Yield' });
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ port } = t.app.server.address() as AddressInfo);
});

/** A kept-alive connection, its first request answered: the server holds its socket. */
async function connection(): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  const answered = new Promise((resolve) => socket.once('data', resolve));
  socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await answered;
  return socket;
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

it('answers a task read that came in the same turn as a search before the search', async () => {
  const taskId = await postTask(t, poster, { title: 'Yielding searches zqyieldword' });
  const searchPath = '/api/tasks/search?q=zqyieldword';
  const taskPath = `/api/tasks/${taskId}`;
  // Both answers kept (answer-cache.ts), so each is written in the phase its work runs in.
  for (const path of [searchPath, taskPath]) {
    expect((await t.request('GET', path)).statusCode).toBe(200);
  }
  const [searching, reading] = await Promise.all([connection(), connection()]);
  try {
    const order: string[] = [];
    const answered = (socket: net.Socket, name: string) =>
      new Promise<string>((resolve) =>
        socket.once('data', (data: Buffer) => {
          order.push(name);
          resolve(data.toString('latin1').split('\r\n', 1)[0]!);
        }),
      );
    const answers = [answered(searching, 'search'), answered(reading, 'task')];
    // Written in one turn, the search first: the server reads both in its next poll.
    searching.write(get(searchPath));
    reading.write(get(taskPath));
    expect(await Promise.all(answers)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    expect(order).toEqual(['task', 'search']);
  } finally {
    searching.destroy();
    reading.destroy();
  }
});
