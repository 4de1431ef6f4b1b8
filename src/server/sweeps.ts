import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/types.ts';
import { sendDailyDigests } from './mail/daily-digest.ts';
import { autoCompleteTasks } from './offers/offers.service.ts';
import { refreshStaleDirectoryFigures } from './profiles/directory-entries.ts';
import { publishDueReviews } from './reviews/reviews.service.ts';
import { drainTaskMatchJobs } from './tasks/task-match-jobs.ts';
import {
  purgeRemovedFiles,
  removeUnattachedUploads,
  type FilesDeps,
} from './files/files.service.ts';

/** How often each instance sweeps at most: each sweep is one indexed UPDATE, cheap every minute. */
const SWEEP_INTERVAL_MS = 60_000;

export interface Sweeps {
  stop(): void;
}

/**
 * The timed transitions (DESIGN.md "The marketplace loop"), run now and then periodically by
 * every instance: delivered tasks complete after AUTO_COMPLETE_DAYS (issue 9), and blind reviews
 * become public after 14 days, their reviewees notified (issue 10). Each sweep is a conditional
 * UPDATE, so sweeps racing on several instances change, and announce, each row once. The
 * timers are unref'd: they never keep the process alive.
 */
export function startSweeps(
  db: Kysely<Database>,
  {
    autoCompleteMs,
    log,
    files,
  }: {
    autoCompleteMs: number;
    log: FastifyBaseLogger;
    /** Issue 49: where files live; without, no file sweeps (a test of the others). */
    files?: Pick<FilesDeps, 'db' | 'storage'>;
  },
): Sweeps {
  const timers = [
    sweep(
      'auto-completed delivered tasks',
      () => autoCompleteTasks(db, { delayMs: autoCompleteMs }),
      {
        intervalMs: Math.min(SWEEP_INTERVAL_MS, autoCompleteMs),
        log,
      },
    ),
    sweep('made reviews public', () => publishDueReviews(db), {
      intervalMs: SWEEP_INTERVAL_MS,
      log,
    }),
    // Issue 50: matched alerts a stopped instance left to make (its own wake makes the rest).
    sweep('made matched alerts left over', () => drainTaskMatchJobs(db), {
      intervalMs: SWEEP_INTERVAL_MS,
      log,
    }),
    // Issue 50: the directory's figures that writes marked due, then any a day old (replies
    // leave the 90-day window, a review hidden or restored), up to 5 batches of 200 a minute.
    sweep('refreshed directory figures', () => refreshStaleDirectoryFigures(db), {
      intervalMs: SWEEP_INTERVAL_MS,
      log,
    }),
    // Issue 19: each user's daily digest of the kinds of mail they get daily.
    sweep('wrote daily digests', () => sendDailyDigests(db), {
      intervalMs: SWEEP_INTERVAL_MS,
      log,
    }),
    // Issue 49: uploads never attached within a day are removed, and removed files' bytes
    // deleted (each a batch; marks in the rows keep instances from deleting twice for long).
    ...(files
      ? [
          sweep('removed uploads never attached', () => removeUnattachedUploads(files), {
            intervalMs: SWEEP_INTERVAL_MS,
            log,
          }),
          sweep('deleted the bytes of removed files', () => purgeRemovedFiles(files), {
            intervalMs: SWEEP_INTERVAL_MS,
            log,
          }),
        ]
      : []),
  ];
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}

function sweep(
  done: string,
  run: () => Promise<number>,
  { intervalMs, log }: { intervalMs: number; log: FastifyBaseLogger },
): NodeJS.Timeout {
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      const count = await run();
      if (count > 0) log.info({ count }, done);
    } catch (error) {
      log.error({ err: error }, `sweep failed: ${done}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void once(), intervalMs);
  timer.unref();
  void once();
  return timer;
}
