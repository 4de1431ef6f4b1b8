import { describe, expect, it } from 'vitest';
import type { TaskSearchResult } from '../../shared/search.ts';
import { callOverHttp, useTwoInstances } from '../../../tests/support/instances.ts';
import { signUpOverHttp, type ServerProcess } from '../../../tests/support/server-process.ts';
import { validOffer } from '../../../tests/support/marketplace.ts';
import { validTask } from '../../../tests/support/test-app.ts';

/**
 * Issue 18's index in memory across instances (decision 032): two server processes on one
 * PostgreSQL, each with its own index. What is posted, edited, bid on and deleted through one
 * is found, ordered and gone in the other's searches, through `task_changes`, and the tasks'
 * answers show their posters as they are now.
 */
const SLOW = 120_000;
const SECRET = 'search-instances-secret-0123456789-abcdefgh';

/** A write through one instance, answered 2xx: its body. */
async function send(
  server: ServerProcess,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
) {
  const answer = await callOverHttp(server, method, url, cookie, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body!;
}

async function search(server: ServerProcess, query: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/tasks/search?${query}`);
  expect(response.status).toBe(200);
  const answer = (await response.json()) as TaskSearchResult;
  return answer.items.map((task) => task.title);
}

/** The other instance notices a write within its change poll (100 ms) and its next search. */
async function eventually(server: ServerProcess, query: string, titles: string[]): Promise<void> {
  await expect
    .poll(() => search(server, query), { timeout: 10_000, interval: 100 })
    .toEqual(titles);
}

describe('searches on two instances of one PostgreSQL', () => {
  const instances = useTwoInstances({ BETTER_AUTH_SECRET: SECRET });

  it(
    'find through one what was posted, edited, bid on and deleted through the other',
    async () => {
      const { a, b } = instances;
      const poster = await signUpOverHttp(a);
      const bidder = await signUpOverHttp(b);
      // Each instance builds its index with its first search.
      expect(await search(b, 'q=ocelot')).toEqual([]);
      expect(await search(a, 'q=ocelot')).toEqual([]);

      const first = await send(
        a,
        'POST',
        '/api/tasks',
        poster,
        validTask({ title: 'Ocelot poster' }),
      );
      const second = await send(
        a,
        'POST',
        '/api/tasks',
        poster,
        validTask({ title: 'Ocelot mural' }),
      );
      await eventually(b, 'q=ocelot&sort=newest', ['Ocelot mural', 'Ocelot poster']);

      const firstId = String(first.insertedId);
      await send(b, 'POST', `/api/tasks/${firstId}/offers`, bidder, validOffer());
      await eventually(a, 'q=ocelot&sort=bids', ['Ocelot poster', 'Ocelot mural']);

      // Each instance keeps the rows its pages showed (decision 042): a poster renamed through
      // one shows under the new name in the other's next searches, as each task's bids do.
      await send(a, 'POST', '/api/auth/update-user', poster, { name: 'Ocelot Renamed' });
      const shown = async (server: ServerProcess) => {
        const response = await fetch(`${server.url}/api/tasks/search?q=ocelot&sort=bids`);
        const answer = (await response.json()) as TaskSearchResult;
        return answer.items.map((task) => [task.userName, task.bidsCount]);
      };
      for (const server of [a, b]) {
        await expect
          .poll(() => shown(server), { timeout: 10_000, interval: 100 })
          .toEqual([
            ['Ocelot Renamed', 1],
            ['Ocelot Renamed', 0],
          ]);
      }

      await send(
        a,
        'PUT',
        `/api/tasks/${String(second.insertedId)}`,
        poster,
        validTask({ title: 'Margay mural' }),
      );
      await eventually(b, 'q=ocelot', ['Ocelot poster']);
      await eventually(b, 'q=margay', ['Margay mural']);

      await send(a, 'DELETE', `/api/tasks/${String(second.insertedId)}`, poster);
      await eventually(b, 'q=margay', []);
    },
    SLOW,
  );
});
