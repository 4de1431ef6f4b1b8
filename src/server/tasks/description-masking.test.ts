import { describe, expect, it } from 'vitest';
import { CONTACT_MASKS } from '../../shared/conversations.ts';
import { answerCacheStatsOf } from '../answer-cache.ts';
import type { Task } from '../../shared/tasks.ts';
import { act, call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import {
  settleChanges,
  useTestApp,
  validTask,
  type TestUser,
} from '../../../tests/support/test-app.ts';

/**
 * Issue 17: a task's description masks emails and phone numbers like questions and messages do
 * (decision 011) until the task is assigned: everyone but the poster reads the masks; after the
 * hire the hired freelancer reads it as written too; after a reopen the masks come back. On every
 * read of tasks, whichever reader came first, since the answers are kept and shared (decision 022).
 * Issue 47: the poster's email (`userEmail`, spec §3) likewise, for signed-in readers; the own-tasks
 * list (?email=) stays whole for its owner.
 */

const t = useTestApp();
const [paula, gina] = t.users('Paula Poster', 'Gina Freelancer');
const frank = t.user({ name: 'Frank Freelancer' });

const WRITTEN =
  'Logo for a bakery. Call me on +1 555 123 4567 or write to paula@example.com before 2030-01-31.';
const MASKED =
  'Logo for a bakery. Call me on [phone hidden] or write to [email hidden] before 2030-01-31.';

type Reader = TestUser | undefined;

/** The task on each read of tasks (one, the full list, the home list, search), as `reader` gets it. */
async function readsOf(taskId: string, title: string, reader: Reader): Promise<Task[]> {
  const read = async (url: string) => {
    const answer = await call(t, 'GET', url, reader);
    expect(answer.status, url).toBe(200);
    return answer.body;
  };
  const find = (tasks: Task[]) => tasks.find((task) => task._id === taskId)!;
  const search = `/api/tasks/search?status=all&q=${encodeURIComponent(title)}`;
  return [
    (await read(`/api/tasks/${taskId}`)) as Task,
    find((await read('/api/tasks')) as Task[]),
    find((await read('/api/tasks?limit=8&sort=bidsCount')) as Task[]),
    find(((await read(search)) as { items: Task[] }).items),
  ];
}

/** The task's description on each read of tasks, as `reader` gets it. */
const descriptionsFor = async (taskId: string, title: string, reader: Reader) =>
  (await readsOf(taskId, title, reader)).map((task) => task.description);

/** The poster's email on each read of tasks, as `reader` gets it ('absent': no such field). */
const emailsFor = async (taskId: string, title: string, reader: Reader) =>
  (await readsOf(taskId, title, reader)).map((task) =>
    'userEmail' in task ? task.userEmail : 'absent',
  );

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

const EMAIL_MASKED = everywhere(CONTACT_MASKS.email);
const ABSENT = everywhere('absent');

describe("a task's poster email", () => {
  it('is the poster’s alone before a hire, masked for other readers, absent when signed out', async () => {
    const title = 'Pelican poster email';
    const taskId = await postTask(t, paula, { title });
    // Others first, then the poster, then others again: no reader gets another's kept answer.
    for (const reader of [frank, undefined, paula, gina, paula, frank, undefined]) {
      const expected =
        reader === undefined ? ABSENT : reader === paula ? everywhere(paula.email) : EMAIL_MASKED;
      expect(await emailsFor(taskId, title, reader), reader?.email ?? 'anonymous').toEqual(
        expected,
      );
    }
  });

  it('is shown to the hired freelancer after the hire, and masked again after a reopen', async () => {
    const title = 'Pelican sign email';
    const taskId = await postTask(t, paula, { title });
    const ginaOffer = await makeOffer(t, gina, taskId);
    await makeOffer(t, frank, taskId);
    // Bidding is no hire.
    expect(await emailsFor(taskId, title, gina)).toEqual(EMAIL_MASKED);
    await act(t, paula, `offers/${ginaOffer}/accept`);
    for (const [reader, expected] of [
      [frank, EMAIL_MASKED],
      [gina, everywhere(paula.email)],
      [undefined, ABSENT],
      [paula, everywhere(paula.email)],
      [frank, EMAIL_MASKED],
    ] as const) {
      expect(await emailsFor(taskId, title, reader), reader?.email ?? 'anonymous').toEqual(
        expected,
      );
    }
    await act(t, paula, `tasks/${taskId}/reopen`, { reason: 'Plans changed.' });
    expect(await emailsFor(taskId, title, gina)).toEqual(EMAIL_MASKED);
    expect(await emailsFor(taskId, title, paula)).toEqual(everywhere(paula.email));
  });

  it("keeps the spec's own-tasks list (?email=) whole for its owner, and refuses it to others", async () => {
    const taskId = await postTask(t, paula, { title: 'Pelican own list' });
    const url = `/api/tasks?email=${encodeURIComponent(paula.email)}`;
    for (const list of [url, `${url}&limit=8`]) {
      const own = await call(t, 'GET', list, paula);
      expect(own.status).toBe(200);
      const tasks = own.body as Task[];
      expect(tasks.map((task) => task._id)).toContain(taskId);
      for (const task of tasks) expect(task.userEmail).toBe(paula.email);
      expect((await call(t, 'GET', list, frank)).status).toBe(403);
    }
  });

  it('reads a page of the own-tasks list once, as its owner, not first as nobody', async () => {
    await postTask(t, paula, { title: 'Puffin own page' });
    // On PostgreSQL the post comes back through the poll a little later and would tick the
    // clock between the two reads (settleChanges).
    await settleChanges(t.db);
    const url = `/api/tasks?email=${encodeURIComponent(paula.email)}&limit=3`;
    const stats = answerCacheStatsOf(t.db).get('list')!;
    const missesBefore = stats.misses;
    const own = await call(t, 'GET', url, paula);
    expect(own.status).toBe(200);
    expect(stats.misses - missesBefore).toBe(1);
    for (const task of own.body as Task[]) expect(task.userEmail).toBe(paula.email);
    const again = await call(t, 'GET', url, paula);
    expect(again.body).toEqual(own.body);
    expect(stats.misses - missesBefore).toBe(1);
  });
});
