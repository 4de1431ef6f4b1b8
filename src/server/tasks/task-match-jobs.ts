import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { claimDue } from '../db/claim-due.ts';
import type { Database } from '../db/types.ts';
import { alertMatchingFreelancers } from './task-match-alerts.service.ts';

/**
 * Issue 50: the matched alerts of a posted or edited task, made after its commit. The post or
 * edit writes one job row in its transaction (enqueueTaskMatchJob), so the job exists exactly
 * when the change does, and the request never waits on a fan-out to every freelancer the task
 * fits. The instance that took the request wakes its worker at once; the sweeps of every
 * instance (sweeps.ts) take up jobs a stopped process left pending or claimed. A job is claimed
 * with a lease as the outbox's mails are (db/claim-due.ts, decision 029), and the alerts' own
 * key (task, user) keeps a job made twice from telling anyone twice.
 */

type Db = Kysely<Database>;

/** How long a claim keeps other instances off a job: far longer than one takes. */
const LEASE_MS = 60_000;
/** Jobs claimed per run. */
const BATCH = 10;

/** Writes the job of a task's matched alerts; call it in the transaction that posts or edits. */
export async function enqueueTaskMatchJob(db: Db, taskId: string, posterId: string) {
  const at = new Date().toISOString();
  await db
    .insertInto('task_match_jobs')
    .values({
      id: crypto.randomUUID(),
      task_id: taskId,
      poster_id: posterId,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/**
 * Claims due jobs and makes their alerts; answers how many jobs it claimed. A job that fails
 * keeps its claim, and so waits out the lease before any instance tries it again; the first
 * failure is thrown once the others are done, for the caller's log.
 */
export async function runTaskMatchJobs(
  db: Db,
  { now = new Date(), batch = BATCH }: { now?: Date; batch?: number } = {},
): Promise<number> {
  const jobs = await claimDue(db, 'task_match_jobs', now, { leaseMs: LEASE_MS, batch });
  let failure: unknown;
  for (const job of jobs) {
    try {
      await alertMatchingFreelancers(db, job.task_id, job.poster_id);
      await db
        .updateTable('task_match_jobs')
        .set({ status: 'done', done_at: new Date().toISOString(), claimed_until: null })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      failure ??= error;
      await db
        .updateTable('task_match_jobs')
        .set({
          attempts: job.attempts + 1,
          last_error: error instanceof Error ? error.message : String(error),
        })
        .where('id', '=', job.id)
        .execute();
    }
  }
  if (failure) throw failure;
  return jobs.length;
}

/** Runs jobs until none is due and unclaimed; answers how many it ran. */
export async function drainTaskMatchJobs(db: Db): Promise<number> {
  let total = 0;
  for (let count = await runTaskMatchJobs(db); count > 0; count = await runTaskMatchJobs(db)) {
    total += count;
  }
  return total;
}

export interface TaskMatchWorker {
  /** Runs the due jobs soon, after the commit that wrote one; never waited on. */
  wake(): void;
  /** Waits for the run under way, if any, and runs no more. */
  stop(): Promise<void>;
}

/** One instance's runner of jobs, woken by its own posts and edits (one run at a time). */
export function startTaskMatchWorker(db: Db, log: FastifyBaseLogger): TaskMatchWorker {
  let running: Promise<void> | undefined;
  let isWokenAgain = false;
  let isStopped = false;

  async function drain(): Promise<void> {
    do {
      isWokenAgain = false;
      await drainTaskMatchJobs(db);
    } while (isWokenAgain && !isStopped);
  }

  return {
    wake() {
      if (isStopped) return;
      if (running) {
        isWokenAgain = true;
        return;
      }
      running = drain()
        .catch((error: unknown) => log.error({ err: error }, 'matched alerts: a job failed'))
        .finally(() => {
          running = undefined;
        });
    },
    async stop() {
      isStopped = true;
      await running;
    },
  };
}
