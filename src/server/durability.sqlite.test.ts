import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORIES, type Task } from '../shared/tasks.ts';
import { serverProcesses } from '../../tests/support/instances.ts';
import { signUpOverHttp, type ServerProcess } from '../../tests/support/server-process.ts';
import { daysFromToday, validTask } from '../../tests/support/test-app.ts';

// The real server as a process on the embedded store: what a deployment actually runs.

const SLOW = 120_000;
const processes = serverProcesses();
afterEach(() => processes.close());
const freshDataDir = processes.freshDir;
const start = processes.start;

interface Answer {
  status: number;
  body: unknown;
}

/** A request as the app's own page sends it: its origin, the session cookie, JSON. */
async function api(
  server: ServerProcess,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: server.origin };
  if (options.cookie) headers.cookie = options.cookie;
  // The client sends PATCH .../bids with a JSON content type and no body (spec §7).
  if (options.body !== undefined || method === 'PATCH') {
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function sessionEmail(server: ServerProcess, cookie: string): Promise<string | undefined> {
  const { status, body } = await api(server, 'GET', '/api/auth/get-session', { cookie });
  expect(status).toBe(200);
  return (body as { user?: { email: string } } | null)?.user?.email;
}

/** Fastify's own JSON line as each request arrives: how a test sees a request in flight. */
const REQUEST_LOG = { LOG_LEVEL: 'trace', LOG_FORMAT: 'json' };

interface LogLine {
  msg?: string;
  req?: { method: string; url: string };
}

function logLines(server: ServerProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

/** Whether the server has logged a POST /api/tasks reaching its route. */
const hasLoggedTaskPost = (server: ServerProcess) =>
  logLines(server).some(
    (line) =>
      line.msg === 'incoming request' &&
      line.req?.method === 'POST' &&
      line.req.url === '/api/tasks',
  );

async function waitFor(
  what: string,
  server: ServerProcess,
  check: () => boolean | Promise<boolean>,
) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether a new TCP connection to the port is accepted right now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // Refused, or reset: a connection that reached the listener's queue as it closed.
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') resolve(false);
      else reject(error);
    });
  });
}

/** Exits within the limit, or fails with the output: a hang is what a shutdown bug looks like. */
async function exitOf(server: ServerProcess, limitMs = 15_000) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no exit within ${limitMs} ms:\n${server.output()}`)),
      limitMs,
    );
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

const durableTask = (i: number) =>
  validTask({
    title: `Durable task ${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    description: `Written before the kill, number ${i}.`,
    deadline: daysFromToday(30 + (i % 28)),
    budget: 10 + i * 1.25,
  });

describe('on the embedded store', () => {
  it(
    'a server killed with SIGKILL right after acknowledged writes has every one of them after restart',
    async () => {
      const dataDir = freshDataDir();
      const first = await start({ dataDir });
      const posterEmail = `poster-${Date.now()}@example.com`;
      const poster = await signUpOverHttp(first, { name: 'Kill Poster', email: posterEmail });
      const bidder = await signUpOverHttp(first, { name: 'Kill Bidder' });

      const acknowledged = new Map<string, ReturnType<typeof durableTask>>();
      const bidsPerTask = new Map<string, number>();
      const post = async (i: number) => {
        const { status, body } = await api(first, 'POST', '/api/tasks', {
          cookie: poster,
          body: durableTask(i),
        });
        expect(status, JSON.stringify(body)).toBe(201);
        acknowledged.set((body as { insertedId: string }).insertedId, durableTask(i));
      };
      const bid = async (id: string) => {
        const { status, body } = await api(first, 'PATCH', `/api/tasks/${id}/bids`, {
          cookie: bidder,
        });
        expect(status, JSON.stringify(body)).toBe(200);
        expect(body).toEqual({ modifiedCount: 1 });
        bidsPerTask.set(id, (bidsPerTask.get(id) ?? 0) + 1);
      };

      for (let i = 0; i < 10; i += 1) await post(i);
      const firstTen = [...acknowledged.keys()];
      // The last writes are concurrent and acknowledged just before the kill, so no later
      // checkpoint or close can be what kept them: only their own commits.
      await Promise.all([
        ...Array.from({ length: 50 }, (_, k) => post(10 + k)),
        ...Array.from({ length: 40 }, (_, k) => bid(firstTen[k % firstTen.length] ?? '')),
      ]);
      const acknowledgedBids = [...bidsPerTask.values()].reduce((sum, n) => sum + n, 0);
      expect(acknowledged.size + acknowledgedBids).toBe(100);

      expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

      const second = await start({ dataDir });
      const { status, body } = await api(second, 'GET', '/api/tasks', { cookie: poster });
      expect(status).toBe(200);
      const found = new Map((body as Task[]).map((task) => [task._id, task]));
      expect(found.size).toBe(acknowledged.size);
      for (const [id, task] of acknowledged) {
        expect(found.get(id)).toEqual({
          _id: id,
          ...task,
          userEmail: posterEmail,
          userName: 'Kill Poster',
          // Issue 51: the poster's photo, which every test account has.
          userImage: expect.stringMatching(/^https:\/\/images\.example\.com\//),
          bidsCount: bidsPerTask.get(id) ?? 0,
          // Issue 9's additive fields, as a new open task has them.
          status: 'open',
          expired: false,
          userId: expect.any(String),
          assignee: null,
          deliveredAt: null,
          completedAt: null,
        });
      }
      const bidsFound = [...found.values()].reduce((sum, task) => sum + task.bidsCount, 0);
      expect(bidsFound).toBe(acknowledgedBids);

      // The session from before the kill still signs its user in and may still write.
      expect(await sessionEmail(second, poster)).toBe(posterEmail);
      const after = await api(second, 'POST', '/api/tasks', {
        cookie: poster,
        body: durableTask(100),
      });
      expect(after.status).toBe(201);
    },
    SLOW,
  );
});

describe('the auth secret', () => {
  it(
    'is generated into DATA_DIR/auth-secret with mode 0600, reused on restart and never printed',
    async () => {
      // A directory that does not exist yet, as on a first deployment.
      const dataDir = path.join(freshDataDir(), 'nested', 'data');
      const secretFile = path.join(dataDir, 'auth-secret');
      // The most talkative level: whatever the server logs, the secret is not in it.
      const first = await start({ dataDir, env: { LOG_LEVEL: 'trace' } });
      const stat = fs.statSync(secretFile);
      expect(stat.mode & 0o777).toBe(0o600);
      const secret = fs.readFileSync(secretFile, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);

      const email = `secret-${Date.now()}@example.com`;
      const cookie = await signUpOverHttp(first, { email });
      expect(await sessionEmail(first, cookie)).toBe(email);
      expect((await first.stop()).code).toBe(0);

      const second = await start({ dataDir, env: { LOG_LEVEL: 'trace' } });
      expect(fs.readFileSync(secretFile, 'utf8').trim()).toBe(secret);
      expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
      // Signed with the same secret, the cookie from the first run is still good.
      expect(await sessionEmail(second, cookie)).toBe(email);
      expect((await second.stop()).code).toBe(0);

      for (const output of [first.output(), second.output()]) {
        expect(output.length).toBeGreaterThan(0);
        expect(output).not.toContain(secret);
      }
    },
    SLOW,
  );

  it(
    'comes from BETTER_AUTH_SECRET when set: no file is written and it is never printed',
    async () => {
      const dataDir = freshDataDir();
      const secret = 'process-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
      const server = await start({
        dataDir,
        env: { BETTER_AUTH_SECRET: secret, LOG_LEVEL: 'trace' },
      });
      const email = `configured-${Date.now()}@example.com`;
      const cookie = await signUpOverHttp(server, { email });
      expect(await sessionEmail(server, cookie)).toBe(email);
      expect((await server.stop()).code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
      expect(server.output()).not.toContain(secret);
    },
    SLOW,
  );
});

describe('graceful shutdown on SIGTERM', () => {
  it(
    'finishes a request in flight, stops accepting, then exits 0 with the write kept',
    async () => {
      const dataDir = freshDataDir();
      const server = await start({ dataDir, env: REQUEST_LOG });
      const cookie = await signUpOverHttp(server);

      // The request is held in flight deterministically: its headers are in, its body is not.
      const payload = JSON.stringify(validTask({ title: 'Posted while stopping' }));
      const agent = new http.Agent({ keepAlive: true }); // as browsers and proxies do
      const request = http.request(`${server.url}/api/tasks`, {
        method: 'POST',
        agent,
        headers: {
          origin: server.origin,
          cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      });
      const answer = new Promise<Answer>((resolve, reject) => {
        request.once('error', reject);
        request.once('response', (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.once('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
          );
        });
      });
      request.write(payload.slice(0, 10));
      await waitFor('the request to reach its route', server, () => hasLoggedTaskPost(server));

      server.child.kill('SIGTERM');
      await waitFor('the listener to close', server, async () => !(await accepts(server.port)));
      // The child's log reaches us through a pipe, possibly a moment after the port closed.
      await waitFor('the stop to be logged', server, () =>
        server.output().includes('stopping: finishing requests in flight'),
      );

      request.end(payload.slice(10));
      const { status, body } = await answer;
      expect(status, JSON.stringify(body)).toBe(201);
      const { insertedId } = body as { insertedId: string };

      // The client keeps its idle keep-alive connection open: the server must not wait for it.
      expect(await exitOf(server)).toEqual({ code: 0, signal: null });
      agent.destroy();
      expect(await accepts(server.port)).toBe(false);

      const next = await start({ dataDir });
      const read = await api(next, 'GET', `/api/tasks/${insertedId}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ title: 'Posted while stopping' });
    },
    SLOW,
  );

  it(
    'under concurrent writes, answers each one or refuses it, exits 0, and loses none it answered',
    async () => {
      const dataDir = freshDataDir();
      const server = await start({ dataDir, env: REQUEST_LOG });
      const cookie = await signUpOverHttp(server);

      const attempts = Array.from({ length: 60 }, async (_, i) => {
        try {
          return await api(server, 'POST', '/api/tasks', { cookie, body: durableTask(i) });
        } catch {
          return { status: 0, body: null }; // refused or reset before it was taken: no answer
        }
      });
      await waitFor('a write to be in flight', server, () => hasLoggedTaskPost(server));
      server.child.kill('SIGTERM');
      const results = await Promise.all(attempts);

      expect(await exitOf(server)).toEqual({ code: 0, signal: null });
      // No answer, an answer, or "stopping, go elsewhere": never a failure half-way.
      for (const { status, body } of results) {
        expect([0, 201, 503], JSON.stringify(body)).toContain(status);
      }
      const answered = results.flatMap(({ status, body }) =>
        status === 201 ? [(body as { insertedId: string }).insertedId] : [],
      );
      // The write seen reaching its route before SIGTERM was in flight: it was finished.
      expect(answered.length).toBeGreaterThan(0);
      expect(await accepts(server.port)).toBe(false);

      const next = await start({ dataDir });
      const { body } = await api(next, 'GET', '/api/tasks');
      const ids = new Set((body as { _id: string }[]).map((task) => task._id));
      for (const id of answered) expect(ids.has(id), id).toBe(true);
    },
    SLOW,
  );
});

describe('start-up', () => {
  it(
    'serves an existing database: migrations are already applied and its data is there',
    async () => {
      const dataDir = freshDataDir();
      const first = await start({ dataDir });
      const cookie = await signUpOverHttp(first);
      const created = await api(first, 'POST', '/api/tasks', {
        cookie,
        body: validTask({ title: 'From the previous run' }),
      });
      expect(created.status).toBe(201);
      expect((await first.stop()).code).toBe(0);

      const second = await start({ dataDir });
      const { status, body } = await api(second, 'GET', '/api/tasks');
      expect(status).toBe(200);
      expect(body).toEqual([
        expect.objectContaining({
          _id: (created.body as { insertedId: string }).insertedId,
          title: 'From the previous run',
        }),
      ]);
      const again = await api(second, 'POST', '/api/tasks', { cookie, body: validTask() });
      expect(again.status).toBe(201);
      expect((await second.stop()).code).toBe(0);
    },
    SLOW,
  );
});
