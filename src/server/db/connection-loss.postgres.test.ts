import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../../tests/support/instances.ts';
import { signUpOverHttp, type ServerProcess } from '../../../tests/support/server-process.ts';
import { validTask } from '../../../tests/support/test-app.ts';
import { TEST_ENGINE } from '../../../tests/support/test-database.ts';
import { DATABASE_BUSY, DATABASE_UNAVAILABLE } from '../http-errors.ts';

/**
 * Issue 16: two instances on one PostgreSQL database lose every connection at once, under load,
 * several times (a restart, a failover, pg_terminate_backend). Each process stays up, fails only
 * the requests that were using a lost connection (503 with a message, never a 500 or a dropped
 * socket), and serves fully again within seconds, without a restart. PostgreSQL only.
 */
const SLOW = 180_000;
const SECRET = 'connection-loss-secret-0123456789-abcdefgh';
const CLIENTS = 32;
const CUTS = 3;
/** Room for a loaded machine: each instance reopens its connections within a second or so. */
const RECOVERY_MS = 20_000;

interface Outcome {
  status: number | 'socket error';
  message?: string;
}

/** One request through `server`, as its own pages send it; a socket error is an outcome too. */
async function send(server: ServerProcess, method: string, url: string, cookie: string) {
  try {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { origin: server.origin, cookie, 'content-type': 'application/json' },
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return { status: response.status, message: body.message } satisfies Outcome;
  } catch {
    return { status: 'socket error' } satisfies Outcome;
  }
}

/** Ends every connection to the test database but this one, as a restart or a failover does. */
async function cutEveryConnection(admin: pg.Client): Promise<number> {
  const { rowCount } = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rowCount ?? 0;
}

describe.runIf(TEST_ENGINE === 'postgres')('two instances losing their connections', () => {
  const instances = useTwoInstances({ BETTER_AUTH_SECRET: SECRET, LOG_LEVEL: 'error' });
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: instances.database.databaseUrl });
    await admin.connect();
  }, SLOW);

  afterAll(async () => {
    await admin?.end().catch(() => {});
  }, SLOW);

  it(
    `stay up through ${CUTS} cuts under ${CLIENTS} concurrent requests, failing only with 503`,
    async () => {
      const { a, b } = instances;
      const servers = [a, b];
      const poster = await signUpOverHttp(a, { name: 'Cut Poster' });
      const bidder = await signUpOverHttp(b, { name: 'Cut Bidder' });
      const posted = await fetch(`${a.url}/api/tasks`, {
        method: 'POST',
        headers: { origin: a.origin, cookie: poster, 'content-type': 'application/json' },
        body: JSON.stringify(validTask()),
      });
      expect(posted.status).toBe(201);
      const { insertedId: taskId } = (await posted.json()) as { insertedId: string };

      const requests = [
        ['PATCH', `/api/tasks/${taskId}/bids`, bidder],
        ['GET', '/api/notifications', poster],
        ['GET', '/api/me/offers', bidder],
        // On the read worker's own pool (db/read-workers.ts): its lost connections say 503 too.
        ['GET', '/api/tasks/search?q=bakery+lo&sort=bids', poster],
      ] as const;
      const outcomes: Outcome[] = [];
      let isLoading = true;
      const loop = async (client: number) => {
        const server = client % 2 ? b : a;
        for (let i = client; isLoading; i += 1) {
          const [method, url, cookie] = requests[i % requests.length]!;
          outcomes.push(await send(server, method, url, cookie));
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, client) => loop(client));

      /** Every kind of request answers 200 on both instances. */
      const isFullyServing = async () => {
        for (const server of servers) {
          for (const [method, url, cookie] of requests) {
            if ((await send(server, method, url, cookie)).status !== 200) return false;
          }
        }
        return true;
      };

      try {
        await expect.poll(isFullyServing, { timeout: RECOVERY_MS }).toBe(true);
        for (let cut = 1; cut <= CUTS; cut += 1) {
          await sleep(500);
          expect(await cutEveryConnection(admin)).toBeGreaterThan(0);
          await expect.poll(isFullyServing, { timeout: RECOVERY_MS, interval: 200 }).toBe(true);
          for (const server of servers) expect(server.child.exitCode).toBeNull();
        }
      } finally {
        isLoading = false;
        await Promise.all(clients);
      }

      for (const server of servers) {
        expect(server.child.exitCode, server.output()).toBeNull();
        expect(server.child.signalCode).toBeNull();
      }
      const failures = outcomes.filter((outcome) => outcome.status !== 200);
      // Each failure is a clear 503; nothing else (no 500, no cut socket) ever reached a client.
      for (const failure of failures) {
        expect(failure.status).toBe(503);
        expect([DATABASE_UNAVAILABLE, DATABASE_BUSY]).toContain(failure.message);
      }
      expect(outcomes.length).toBeGreaterThan(failures.length);
      // Served after the last cut: a bid through each instance.
      for (const server of servers) {
        expect((await send(server, 'PATCH', `/api/tasks/${taskId}/bids`, bidder)).status).toBe(200);
      }
    },
    SLOW,
  );
});
