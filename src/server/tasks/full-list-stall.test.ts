import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../shared/tasks.ts';
import { postTask } from '../../../tests/support/marketplace.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createFullLists } from './full-list.ts';

/**
 * Issue 47's stall watchdog cuts off a client that stops taking the bytes sent to it, not one
 * that waits on the server: here the list's first query takes three stalls' time.
 */
const STALL_MS = 200;

const t = useTestApp();
let taskId: string;

beforeAll(async () => {
  taskId = await postTask(t, await t.signUp(), { title: 'Slow query heron' });
});

/** Delays the first statement's result by `ms`, as a slow query of the server's own would. */
function firstQuerySlowedBy(ms: number): KyselyPlugin {
  let isFirst = true;
  return {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      if (isFirst) {
        isFirst = false;
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
      return args.result;
    },
  };
}

describe('a full list whose own query is slow', () => {
  it('is sent whole, not cut off as a stalled client', async () => {
    const db = t.db.withPlugin(firstQuerySlowedBy(3 * STALL_MS));
    const fullLists = createFullLists(db, { concurrency: 1, perClient: 1, stallMs: STALL_MS });
    const app = Fastify();
    app.get('/tasks', (_request, reply) =>
      fullLists.send(reply, {}, { includeEmail: false, viewerId: null }, 'client'),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/tasks`);
      expect(response.status).toBe(200);
      const tasks = (await response.json()) as Task[];
      expect(tasks.map((task) => task._id)).toContain(taskId);
    } finally {
      await app.close();
    }
  });
});
