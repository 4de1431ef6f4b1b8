import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { claimDue } from '../db/claim-due.ts';
import type { Database, PaymentJobTable } from '../db/types.ts';
import { reconcilePayments, type PaymentsDeps } from './checkout.service.ts';
import { accounts, recordMovement } from './ledger.ts';

/**
 * The provider calls that changes need (issue 21, decision 031): a refund or a transfer is
 * written as a job in the transaction of the change, and made here, after the commit, once.
 * Each instance polls; a poll claims due jobs with a lease (FOR UPDATE SKIP LOCKED on
 * PostgreSQL), calls the provider with the job's id as idempotency key (a job made twice, by a
 * process that died before recording it, moves money once) and records the outcome. A failed
 * call is tried again with a doubling wait; a transfer given up puts the money back on the
 * freelancer's balance. Each poll also finishes payments left processing (reconcilePayments).
 */

type Db = Kysely<Database>;
type JobRow = Selectable<PaymentJobTable>;

const LEASE_MS = 60_000;
const BATCH = 10;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** After this long a job still failing is given up (and, for a transfer, the money returned). */
export const GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** Makes one job's provider call; returns the provider's reference. */
async function carryOut(deps: PaymentsDeps, job: JobRow): Promise<string> {
  const order = { idempotencyKey: job.id, amountCents: Number(job.amount_cents) };
  if (job.kind === 'refund') {
    const payment = await deps.db
      .selectFrom('payments')
      .select('provider_ref')
      .where('id', '=', job.payment_id ?? '')
      .executeTakeFirstOrThrow();
    return deps.provider.refund({ ...order, target: payment.provider_ref ?? '' });
  }
  const payout = await deps.db
    .selectFrom('payouts')
    .select('destination')
    .where('id', '=', job.payout_id ?? '')
    .executeTakeFirstOrThrow();
  return deps.provider.transfer({ ...order, target: payout.destination });
}

async function succeed(db: Db, job: JobRow, ref: string): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payment_jobs')
      .set({ status: 'done', provider_ref: ref, done_at: at, claimed_until: null })
      .where('id', '=', job.id)
      .execute();
    if (job.payout_id) {
      await trx
        .updateTable('payouts')
        .set({ status: 'paid', provider_ref: ref, settled_at: at })
        .where('id', '=', job.payout_id)
        .where('status', '=', 'pending')
        .execute();
    }
  });
}

async function fail(db: Db, job: JobRow, error: unknown, now: Date): Promise<void> {
  const attempts = job.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  const givingUp = now.getTime() - Date.parse(job.created_at) >= GIVE_UP_MS;
  await db.transaction().execute(async (trx) => {
    if (!givingUp) {
      const wait = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);
      await trx
        .updateTable('payment_jobs')
        .set({
          attempts,
          last_error: message,
          claimed_until: null,
          next_attempt_at: new Date(now.getTime() + wait).toISOString(),
        })
        .where('id', '=', job.id)
        .execute();
      return;
    }
    await trx
      .updateTable('payment_jobs')
      .set({ status: 'failed', attempts, last_error: message, claimed_until: null })
      .where('id', '=', job.id)
      .execute();
    if (!job.payout_id) return;
    // A transfer that never happened: the money is the freelancer's to withdraw again.
    const payout = await trx
      .updateTable('payouts')
      .set({ status: 'failed', failure: message, settled_at: now.toISOString() })
      .where('id', '=', job.payout_id)
      .where('status', '=', 'pending')
      .returning(['user_id'])
      .executeTakeFirst();
    if (!payout) return;
    const amount = Number(job.amount_cents);
    await recordMovement(trx, {
      kind: 'payout_returned',
      reference: `payout:${job.payout_id}:returned`,
      entries: [
        { account: accounts.payout(payout.user_id), amountCents: -amount },
        { account: accounts.available(payout.user_id), amountCents: amount },
      ],
    });
  });
}

export interface PaymentWorker {
  /** One poll now: lost payments finished, then due jobs made; how many jobs it made. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startPaymentWorker(
  deps: PaymentsDeps & { log: FastifyBaseLogger; pollMs: number },
): PaymentWorker {
  let running: Promise<number> | undefined;
  let stopped = false;

  async function poll(): Promise<number> {
    const now = new Date();
    const reconciled = await reconcilePayments(deps, now);
    if (reconciled) deps.log.warn({ reconciled }, 'payments: finished payments left processing');
    const jobs = await claimDue(deps.db, 'payment_jobs', now, { leaseMs: LEASE_MS, batch: BATCH });
    for (const job of jobs) {
      try {
        await succeed(deps.db, job, await carryOut(deps, job));
      } catch (error) {
        deps.log.warn(
          { err: error, job: job.id, kind: job.kind },
          'payments: a provider call failed',
        );
        await fail(deps.db, job, error, new Date());
      }
    }
    return jobs.length;
  }

  const runOnce = () => {
    // One poll at a time per instance; a second asks the one under way.
    running ??= poll().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (stopped) return;
    runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'payments: poll failed'));
  }, deps.pollMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
