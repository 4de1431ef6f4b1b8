import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { autoCompleteDeliveredTasks } from './task-status.ts';

/** How often each instance sweeps at most: one indexed UPDATE, cheap to run every minute. */
const SWEEP_INTERVAL_MS = 60_000;

export interface AutoCompleteSweeper {
  stop(): void;
}

/**
 * Runs the auto-completion sweep (task-status.ts) now and then periodically. Every instance runs
 * its own: the sweep is one conditional UPDATE, so sweeps racing each other complete a task once.
 * The timer is unref'd: it never keeps the process alive.
 */
export function startAutoCompleteSweeper(
  db: Kysely<Database>,
  { delayMs, log }: { delayMs: number; log: FastifyBaseLogger },
): AutoCompleteSweeper {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const completed = await autoCompleteDeliveredTasks(db, { delayMs });
      if (completed > 0) log.info({ completed }, 'auto-completed delivered tasks');
    } catch (error) {
      log.error({ err: error }, 'auto-completion sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), Math.min(SWEEP_INTERVAL_MS, delayMs));
  timer.unref();
  void sweep();
  return { stop: () => clearInterval(timer) };
}
