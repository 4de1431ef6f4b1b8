import { describe, expect, it } from 'vitest';
import { RowBusyError, RowGates } from './row-gates.ts';

/** Issue 47's gates on their own: no database, writes stood in by promises we settle. */
describe('row gates', () => {
  it('keep a later arrival waiting behind a stuck write after a waiter has given up on it', async () => {
    const gates = new RowGates(50);
    let release!: () => void;
    const stuck = gates.run('task-1', () => new Promise<void>((resolve) => (release = resolve)));

    let hasGiverRun = false;
    await expect(
      gates.run('task-1', async () => {
        hasGiverRun = true;
      }),
    ).rejects.toBeInstanceOf(RowBusyError);
    expect(hasGiverRun).toBe(false);

    // The stuck write still holds the row: a later arrival must not run beside it.
    let hasLaterRun = false;
    await expect(
      gates.run('task-1', async () => {
        hasLaterRun = true;
      }),
    ).rejects.toBeInstanceOf(RowBusyError);
    expect(hasLaterRun).toBe(false);

    release();
    await stuck;
    await expect(gates.run('task-1', async () => 'written')).resolves.toBe('written');
  });

  it('let writes to other rows through while one row is stuck', async () => {
    const gates = new RowGates(50);
    let release!: () => void;
    const stuck = gates.run('task-1', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(gates.run('task-2', async () => 'other')).resolves.toBe('other');
    release();
    await stuck;
  });
});
