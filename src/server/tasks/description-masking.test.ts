import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import {
  createTestApp,
  validTask,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';

/**
 * Issue 17: a task's description masks emails and phone numbers like questions and messages do
 * (decision 011) until the task is assigned: everyone but the poster reads the masks; after the
 * hire the hired freelancer reads it as written too; after a reopen the masks come back. On every
 * read of tasks, whichever reader came first, since the answers are kept and shared (decision 022).
 */

let t: TestApp;
let paula: TestUser;
let gina: TestUser;
let frank: TestUser;

const WRITTEN =
  'Logo for a bakery. Call me on +1 555 123 4567 or write to paula@example.com before 2030-01-31.';
const MASKED =
  'Logo for a bakery. Call me on [phone hidden] or write to [email hidden] before 2030-01-31.';

beforeAll(async () => {
  t = await createTestApp();
  paula = await t.signUp({ name: 'Paula Poster' });
  gina = await t.signUp({ name: 'Gina Freelancer' });
  frank = await t.signUp({ name: 'Frank Freelancer' });
});
afterAll(async () => t.close());

type Reader = TestUser | undefined;

/** The task's description on each read of tasks, as `reader` gets it. */
async function descriptionsFor(taskId: string, title: string, reader: Reader) {
  const read = async (url: string) => {
    const answer = await call(t, 'GET', url, reader);
    expect(answer.status, url).toBe(200);
    return answer.body;
  };
  const one = (await read(`/api/tasks/${taskId}`)) as { description: string };
  const find = (tasks: Array<{ _id: string; description: string }>) =>
    tasks.find((task) => task._id === taskId)?.description;
  const list = find((await read('/api/tasks')) as Array<{ _id: string; description: string }>);
  const home = find(
    (await read('/api/tasks?limit=8&sort=bidsCount')) as Array<{
      _id: string;
      description: string;
    }>,
  );
  const search = find(
    (
      (await read(`/api/tasks/search?status=all&q=${encodeURIComponent(title)}`)) as {
        items: Array<{ _id: string; description: string }>;
      }
    ).items,
  );
  return [one.description, list, home, search];
}

const everywhere = (text: string) => [text, text, text, text];

describe('a description’s contact details', () => {
  it('are masked for everyone but the poster until the hire, whoever reads first', async () => {
    const title = 'Bakery logo with contacts';
    const taskId = await postTask(t, paula, { title, description: WRITTEN });
    // Others first, then the poster, then others again: no reader gets another's answer.
    for (const reader of [undefined, frank, paula, gina, undefined, paula]) {
      const expected = reader === paula ? WRITTEN : MASKED;
      expect(await descriptionsFor(taskId, title, reader), reader?.email ?? 'anonymous').toEqual(
        everywhere(expected),
      );
    }
  });

  it('are shown to the hired freelancer after the hire, and masked again after a reopen', async () => {
    const title = 'Bakery sign with contacts';
    const taskId = await postTask(t, paula, { title, description: WRITTEN });
    const ginaOffer = await makeOffer(t, gina, taskId);
    await makeOffer(t, frank, taskId);
    expect(await descriptionsFor(taskId, title, gina)).toEqual(everywhere(MASKED));
    await act(t, paula, `offers/${ginaOffer}/accept`);
    for (const [reader, expected] of [
      [frank, MASKED],
      [gina, WRITTEN],
      [undefined, MASKED],
      [paula, WRITTEN],
    ] as const) {
      expect(await descriptionsFor(taskId, title, reader)).toEqual(everywhere(expected));
    }
    await act(t, paula, `tasks/${taskId}/reopen`, { reason: 'Plans changed.' });
    expect(await descriptionsFor(taskId, title, gina)).toEqual(everywhere(MASKED));
    expect(await descriptionsFor(taskId, title, paula)).toEqual(everywhere(WRITTEN));
  });

  it('are stored as written, so an edit round-trips the poster’s own text', async () => {
    const taskId = await postTask(t, paula, { description: WRITTEN });
    const row = await t.db
      .selectFrom('tasks')
      .select('description')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(WRITTEN);
    const edit = validTask({ description: `${WRITTEN} Thanks.` });
    expect((await call(t, 'PUT', `/api/tasks/${taskId}`, paula, edit)).status).toBe(200);
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, paula)).body).toMatchObject({
      description: `${WRITTEN} Thanks.`,
    });
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, frank)).body).toMatchObject({
      description: `${MASKED} Thanks.`,
    });
  });
});
