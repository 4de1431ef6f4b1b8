import { describe, expect, it } from 'vitest';
import { KeptTaskRows, type KeptRow } from './kept-task-rows.ts';

/** The rows of search pages kept beside the index (decision 042), on their own. */

const row = (seq: number, userId = 'poster', assigneeId: string | null = null): KeptRow => ({
  id: `task-${seq}`,
  user_id: userId,
  assignee_id: assigneeId,
  title: `Task ${seq}`,
  description: 'x'.repeat(100),
});

/** A reader of rows by seq that records what it was asked for. */
function reader(rows: Map<number, KeptRow>) {
  const asked: number[][] = [];
  const read = async (seqs: number[]) => {
    asked.push(seqs);
    return seqs.map((seq) => rows.get(seq)!);
  };
  return { asked, read };
}

const ids = (seqs: number[]) => seqs.map((seq) => `task-${seq}`);

describe('rows kept for pages', () => {
  const table = new Map([1, 2, 3, 4].map((seq) => [seq, row(seq)]));

  it('reads a page once, then only the tasks it has not kept', async () => {
    const kept = new KeptTaskRows<KeptRow>();
    const { asked, read } = reader(table);
    expect(await kept.rowsOf(ids([1, 2]), [1, 2], read)).toHaveLength(2);
    const page = await kept.rowsOf(ids([2, 3, 1]), [2, 3, 1], read);
    expect(page.map((found) => found.id).sort()).toEqual(ids([1, 2, 3]));
    expect(asked).toEqual([[1, 2], [3]]);
    expect(await kept.rowsOf(ids([3, 2, 1]), [3, 2, 1], read)).toHaveLength(3);
    expect(asked).toHaveLength(2);
  });

  it('forgets the tasks and users the log names, and a row read meanwhile is not kept', async () => {
    const kept = new KeptTaskRows<KeptRow>();
    const rows = new Map([
      [1, row(1, 'ann')],
      [2, row(2, 'bob', 'ann')],
      [3, row(3, 'bob')],
    ]);
    const { read } = reader(rows);
    await kept.rowsOf(ids([1, 2, 3]), [1, 2, 3], read);
    kept.forgetTasks(['task-3']);
    expect([1, 2, 3].map((seq) => kept.has(`task-${seq}`))).toEqual([true, true, false]);
    // Ann posted one and is the assignee of another: both go.
    kept.forgetUsers(['ann']);
    expect([1, 2, 3].map((seq) => kept.has(`task-${seq}`))).toEqual([false, false, false]);

    // A change applied while a page's row is read: the row read may be the one before it.
    const answered = await kept.rowsOf(['task-1', 'task-3'], [1, 3], async (seqs) => {
      kept.forgetTasks(['task-1']);
      return read(seqs);
    });
    expect(answered.map((found) => found.id)).toEqual(['task-1', 'task-3']);
    expect(kept.has('task-1')).toBe(false);
    expect(kept.has('task-3')).toBe(true);
    // A user's change, or a build, meanwhile: nothing read is kept.
    await kept.rowsOf(['task-2'], [2], async (seqs) => {
      kept.forgetUsers(['nobody']);
      return read(seqs);
    });
    expect(kept.has('task-2')).toBe(false);
    await kept.rowsOf(['task-2'], [2], async (seqs) => {
      kept.clear();
      return read(seqs);
    });
    expect(kept.has('task-2')).toBe(false);
    // Once no read is under way, the next one keeps what it reads.
    await kept.rowsOf(['task-1', 'task-2'], [1, 2], read);
    expect(kept.has('task-1') && kept.has('task-2')).toBe(true);
  });

  it('keeps no more than its bound, those not shown again going first', async () => {
    // Each row: 544 bytes counted beside its 106 characters of text.
    const kept = new KeptTaskRows<KeptRow>({ maxBytes: 3 * 650 });
    const { read } = reader(table);
    await kept.rowsOf(ids([1, 2, 3]), [1, 2, 3], read);
    expect(kept.memory).toEqual({ rows: 3, bytes: 3 * 650 });
    // Task 1 shown again: it gets a second chance, and task 2, kept next, goes.
    await kept.rowsOf(ids([1]), [1], read);
    await kept.rowsOf(ids([4]), [4], read);
    expect([1, 2, 3, 4].map((seq) => kept.has(`task-${seq}`))).toEqual([true, false, true, true]);
    expect(kept.memory).toEqual({ rows: 3, bytes: 3 * 650 });
    // Its chance spent, task 1 is now behind 3 and 4; task 3 goes next, not shown since.
    await kept.rowsOf(ids([2]), [2], read);
    expect([1, 2, 3, 4].map((seq) => kept.has(`task-${seq}`))).toEqual([true, true, false, true]);
    kept.forgetTasks(ids([1, 2, 4]));
    expect(kept.memory).toEqual({ rows: 0, bytes: 0 });
  });
});
