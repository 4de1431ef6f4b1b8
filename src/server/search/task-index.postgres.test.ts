import { afterAll, beforeAll, expect, it } from 'vitest';
import { taskSearchQuerySchema } from '../../shared/search.ts';
import { postTask } from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { searchTasks, taskIndexOf } from './search.store.ts';

/**
 * Issue 18's index in memory on PostgreSQL, which numbers `task_changes` as rows are written,
 * not as they commit: a change can show up after a later one. The index keeps asking for the
 * number it skipped (task-index-sync.ts holes).
 */

let t: TestApp;
let poster: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  poster = await t.signUp();
});
afterAll(async () => t?.close());

async function find(word: string): Promise<string[]> {
  const query = taskSearchQuerySchema.parse({ q: word });
  const answer = await searchTasks(t.db, query, { includeEmail: false, memoryIndex: true });
  return answer.items.map((task) => task._id);
}

it('applies a change that commits after a later one', async () => {
  await taskIndexOf(t.db).built(t.db);
  const taskId = await postTask(t, poster, { title: 'Axolotl drawing' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const writing = new Promise<void>((resolve) => (written = resolve));
  const slow = t.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('tasks')
      .set({ title: 'Axolotl painting' })
      .where('id', '=', taskId)
      .execute();
    written();
    await held;
  });
  await writing;
  const later = await postTask(t, poster, { title: 'Axolotl sculpture' });
  expect(await find('sculpture')).toEqual([later]);
  expect(await find('painting')).toEqual([]);
  release();
  await slow;
  expect(await find('painting')).toEqual([taskId]);
  expect(await find('drawing')).toEqual([]);
});
