import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import { REVIEW_BLIND_DAYS } from '../../shared/reviews.ts';
import type { OfferTable, ReviewTable, TaskTable } from '../db/types.ts';
import { toCents } from '../../shared/money.ts';

/**
 * The marketplace loop in the demo (issue 9): pending offers on open tasks, and tasks hired,
 * delivered and completed, with reviews, so profiles and offers have something to show.
 * Demo users are named by their index in DEMO_USERS; tasks by their title in DEMO_TASKS.
 */

export interface DemoOffer {
  title: string;
  bidder: number;
  amount: number;
  message: string;
}

export interface DemoHire extends DemoOffer {
  stage: 'assigned' | 'delivered' | 'completed';
  /** Days ago the task reached its stage. */
  daysAgo: number;
  /** [stars, comment] the poster gave the freelancer, and the freelancer the poster. */
  reviews?: { ofFreelancer?: [number, string]; ofPoster?: [number, string] };
}

export const DEMO_OFFERS: readonly DemoOffer[] = [
  {
    title: 'Fix the broken contact form on our WordPress site',
    bidder: 1,
    amount: 55,
    message: 'Almost always the SMTP plugin after a move. I can fix it today and test every form.',
  },
  {
    title: 'Fix the broken contact form on our WordPress site',
    bidder: 2,
    amount: 60,
    message: 'I have fixed this exact problem for three clients. Done within a day.',
  },
  {
    title: 'Add Stripe Checkout to a small Express shop',
    bidder: 0,
    amount: 450,
    message: 'Checkout sessions, a signed webhook and tests for it. Five working days.',
  },
  {
    title: 'Add Stripe Checkout to a small Express shop',
    bidder: 1,
    amount: 480,
    message: 'I built the same flow for an e-book shop last month; happy to show it.',
  },
  {
    title: 'Onboarding screens for a habit-tracker app',
    bidder: 2,
    amount: 380,
    message: 'Five screens in Figma with a clickable prototype and two rounds of changes.',
  },
  {
    title: 'Book cover for a self-published thriller',
    bidder: 0,
    amount: 240,
    message: 'Three concepts first, then the final cover as print PDF and e-book JPG.',
  },
];

export const DEMO_HIRES: readonly DemoHire[] = [
  {
    title: 'Speed up a slow WooCommerce store',
    bidder: 1,
    amount: 210,
    message: 'Caching, image compression and a plugin clean-up, with PageSpeed before and after.',
    stage: 'completed',
    daysAgo: 3,
    reviews: {
      ofFreelancer: [5, 'Product pages load in under two seconds now, with clear numbers.'],
      ofPoster: [5, 'Full access from day one and quick answers.'],
    },
  },
  {
    title: 'Update a mailing list from returned post',
    bidder: 1,
    amount: 35,
    message: 'I can go through the returned envelopes and update the list in one evening.',
    stage: 'completed',
    daysAgo: 20,
    // Only the poster reviewed: public since 14 days after completion.
    reviews: { ofFreelancer: [4, 'Careful work; it took a day longer than planned.'] },
  },
  {
    title: 'Five blog posts about remote work tools',
    bidder: 0,
    amount: 290,
    message: 'I write about remote teams every week; outlines first, then the five posts.',
    stage: 'completed',
    daysAgo: 2,
    reviews: {
      ofFreelancer: [5, 'Well researched and delivered on time.'],
      ofPoster: [4, 'A good brief; feedback came a little late.'],
    },
  },
  {
    title: 'Icon set for a budgeting app',
    bidder: 2,
    amount: 300,
    message: 'Forty icons on one grid, outline and filled, as an SVG sprite.',
    stage: 'completed',
    daysAgo: 2,
    reviews: {
      ofFreelancer: [5, 'Consistent and crisp icons.'],
      ofPoster: [5, 'Clear list of icons and fast approvals.'],
    },
  },
  {
    title: 'Build a responsive landing page from a Figma design',
    bidder: 0,
    amount: 340,
    message: 'Tailwind, pixel-close to the Figma file, 95+ on Lighthouse.',
    stage: 'assigned',
    daysAgo: 1,
  },
  {
    title: 'Proofread a 12,000-word e-book',
    bidder: 2,
    amount: 140,
    message: 'Native speaker and editor; tracked changes in Word within four days.',
    stage: 'delivered',
    daysAgo: 1,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoLoopRows {
  offers: Insertable<OfferTable>[];
  reviews: Insertable<ReviewTable>[];
}

/**
 * Adds the loop to the demo tasks about to be inserted (their status, assignee and counts change
 * in place) and returns the offers and reviews to insert with them; `story` names other offers
 * and hires (the demo freelancers' past jobs, demo-freelancers.ts).
 */
export function addDemoLoop(
  tasks: Insertable<TaskTable>[],
  userIds: readonly string[],
  now: Date,
  story: { offers: readonly DemoOffer[]; hires: readonly DemoHire[] } = {
    offers: DEMO_OFFERS,
    hires: DEMO_HIRES,
  },
): DemoLoopRows {
  const rows: DemoLoopRows = { offers: [], reviews: [] };
  const taskNamed = (title: string) => {
    const task = tasks.find((candidate) => candidate.title === title);
    if (!task) throw new Error(`Demo loop names no demo task "${title}"`);
    return task;
  };
  const userAt = (index: number) => {
    const id = userIds[index];
    if (!id) throw new Error(`Demo loop names no demo user ${index}`);
    return id;
  };
  const addOffer = (offer: DemoOffer, status: OfferTable['status'], at: string) => {
    const task = taskNamed(offer.title);
    const id = crypto.randomUUID();
    rows.offers.push({
      id,
      task_id: task.id,
      bidder_id: userAt(offer.bidder),
      amount_cents: toCents(offer.amount),
      message: offer.message,
      status,
      created_at: at,
      updated_at: at,
    });
    task.bids_count = Number(task.bids_count ?? 0) + 1;
    return id;
  };

  for (const offer of story.offers) addOffer(offer, 'pending', taskNamed(offer.title).created_at);

  for (const hire of story.hires) {
    const task = taskNamed(hire.title);
    const at = new Date(now.getTime() - hire.daysAgo * DAY_MS).toISOString();
    // A task hired long ago was posted before that.
    if (task.created_at > at) task.created_at = new Date(Date.parse(at) - 3 * DAY_MS).toISOString();
    const offerId = addOffer(hire, 'accepted', task.created_at);
    Object.assign(task, {
      status: hire.stage === 'completed' ? 'completed' : 'assigned',
      assignee_id: userAt(hire.bidder),
      accepted_offer_id: offerId,
      assigned_at: at,
      delivered_at: hire.stage === 'assigned' ? null : at,
      completed_at: hire.stage === 'completed' ? at : null,
      updated_at: at,
    } satisfies Partial<Insertable<TaskTable>>);
    const publicAt = new Date(Date.parse(at) + REVIEW_BLIND_DAYS * DAY_MS).toISOString();
    const review = (
      rating: [number, string] | undefined,
      reviewerId: string,
      revieweeId: string,
      role: 'freelancer' | 'client',
    ) => {
      if (!rating) return;
      rows.reviews.push({
        id: crypto.randomUUID(),
        task_id: task.id,
        reviewer_id: reviewerId,
        reviewee_id: revieweeId,
        reviewee_role: role,
        rating: rating[0],
        comment: rating[1],
        created_at: at,
        public_at: publicAt,
      });
    };
    review(hire.reviews?.ofFreelancer, task.user_id, userAt(hire.bidder), 'freelancer');
    review(hire.reviews?.ofPoster, userAt(hire.bidder), task.user_id, 'client');
  }
  return rows;
}
