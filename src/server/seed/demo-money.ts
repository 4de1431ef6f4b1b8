import type { Kysely } from 'kysely';
import { TEST_CARDS } from '../../shared/payments.ts';
import type { PaymentsConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { completeTask, deliverTask, makeOffer, reopenTask } from '../offers/offers.service.ts';
import { payToHire } from '../payments/checkout.service.ts';
import { addStatement, disputeOf, openDispute } from '../payments/disputes.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import { resolveDispute } from '../payments/payments.service.ts';
import { readTaskFacts } from '../tasks/task-status.ts';

/**
 * The money story of the demo (issue 47): hires paid with the test card and carried on by the
 * same functions as the API's (so every movement is a balanced ledger transaction with its
 * receipts): money held for a job in progress, released on completion, refunded when the
 * freelancer backed out, and a dispute an operator decided with a split. Tasks are named by
 * their title in DEMO_TASKS, users by their index in DEMO_USERS.
 */

type Db = Kysely<Database>;

export type MoneyStory = 'held' | 'released' | 'refunded' | 'split';

export interface DemoPaidHire {
  title: string;
  bidder: number;
  amount: number;
  message: string;
  story: MoneyStory;
}

export const DEMO_PAID_HIRES: readonly DemoPaidHire[] = [
  {
    title: 'Logo for a neighbourhood bakery',
    bidder: 0,
    amount: 170,
    message: 'Hand-drawn lettering is my favourite work; three sketches by Friday.',
    story: 'held',
  },
  {
    title: 'Redesign a two-sided restaurant menu',
    bidder: 2,
    amount: 85,
    message: 'I design menus for two cafés in town; print-ready PDF in three days.',
    story: 'released',
  },
  {
    title: 'Point a custom domain to Netlify with HTTPS',
    bidder: 1,
    amount: 40,
    message: 'Ten minutes of DNS records and a certificate; done today.',
    story: 'refunded',
  },
  {
    title: 'Ten Instagram post templates in Canva',
    bidder: 0,
    amount: 95,
    message: 'Ten editable templates in your colours, with two rounds of changes.',
    story: 'split',
  },
];

/** The stories' words: why the freelancer backed out, what the dispute was and its decision. */
const WORDS = {
  backedOut: 'A family emergency this week: I cannot do it in time, sorry.',
  disputed: 'Only six of the ten templates were delivered.',
  posterStatement: 'We agreed on ten templates; six arrived, two of them without our fonts.',
  freelancerStatement: 'Six are done and the other four are drafts; the fonts came late.',
  decision: 'Six of ten templates delivered as agreed: paid for those, the rest refunded.',
};
/** Of the disputed $95 offer, what the operator's split gives the freelancer. */
const SPLIT_CENTS = 5700;

export interface MoneyStoryResult {
  /** Payments by how their story ended. */
  payments: Record<MoneyStory, number>;
}

/**
 * Plays the money story on the demo tasks already stored. Needs test payments: with Stripe the
 * card is confirmed in the browser, and with payments off there is no money to show.
 */
export async function playMoneyStory(
  db: Db,
  payments: PaymentsConfig,
  people: { userIds: readonly string[]; operatorId: string; taskIds: Map<string, string> },
): Promise<MoneyStoryResult> {
  const deps = { db, config: payments, provider: createTestProvider(db) };
  const card = { number: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' };
  const result: MoneyStoryResult = { payments: { held: 0, released: 0, refunded: 0, split: 0 } };
  for (const hire of DEMO_PAID_HIRES) {
    const taskId = people.taskIds.get(hire.title);
    const freelancerId = people.userIds[hire.bidder];
    if (!taskId || !freelancerId) throw new Error(`The money story names no "${hire.title}"`);
    const task = await readTaskFacts(db, taskId);
    if (!task) throw new Error(`The money story's task "${hire.title}" is gone`);
    const offerId = await makeOffer(db, taskId, freelancerId, {
      amount: hire.amount,
      message: hire.message,
    });
    const { paymentId } = await payToHire(deps, offerId, task.userId, card);
    if (hire.story === 'released' || hire.story === 'split') {
      await deliverTask(db, taskId, freelancerId);
    }
    if (hire.story === 'released') await completeTask(db, taskId, task.userId);
    if (hire.story === 'refunded') await reopenTask(db, taskId, freelancerId, WORDS.backedOut);
    if (hire.story === 'split') {
      const delivered = await readTaskFacts(db, taskId);
      await db
        .transaction()
        .execute((trx) => openDispute(trx, delivered!, offerId, WORDS.disputed));
      await addStatement(db, taskId, task.userId, WORDS.posterStatement);
      await addStatement(db, taskId, freelancerId, WORDS.freelancerStatement);
      const dispute = await disputeOf(db, paymentId);
      await resolveDispute(db, dispute!._id, people.operatorId, {
        outcome: 'split',
        freelancerCents: SPLIT_CENTS,
        reason: WORDS.decision,
      });
    }
    result.payments[hire.story] += 1;
  }
  return result;
}
