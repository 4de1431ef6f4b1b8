/**
 * The home page's spec constants and copy (spec §1 "Home page sections", §9), in one module without
 * React so browser tests can import them.
 */
import { BRAND } from '../../../shared/brand.ts';
import { CATEGORIES, type Category } from '../../../shared/task-constants.ts';
import { paths } from '../../lib/paths.ts';

// The first screen's copy (hero, typewriter, how it works, the headings) lives apart, so a
// first visit to the home page loads none of the rest (issue 48).
export * from './first-screen.ts';

/** spec §1: one tile per category, opening the browse page filtered to it. */
export const CATEGORY_BLURBS: Record<Category, string> = {
  'Web Development': 'Sites, fixes and features',
  Design: 'Logos, layouts and graphics',
  Writing: 'Copy, articles and editing',
  Marketing: 'Campaigns, social and SEO',
  'Data Entry': 'Spreadsheets and records',
  Other: 'Everything else',
};
export const CATEGORY_TILES = CATEGORIES.map((category) => ({
  category,
  blurb: CATEGORY_BLURBS[category],
  to: paths.browseTasks({ category: [category] }),
}));

/** The FAQ question whose answer states the configured fees once they are known (issue 47). */
export const FEES_QUESTION = 'Are there any fees?';

/**
 * spec §1: 5 questions. Posting and bidding are free; a small service fee may apply on completed
 * transactions (issue 47: with the configured numbers where payments are on, faq.tsx).
 */
export const FAQ_ENTRIES = [
  {
    question: `Is it free to post a task on ${BRAND}?`,
    answer: `Yes. Posting a task on ${BRAND} is free. Describe the work, set a deadline and a budget, and publish it.`,
  },
  {
    question: 'Do freelancers pay to place a bid?',
    answer: 'No. Browsing tasks and placing bids are free for freelancers.',
  },
  {
    question: FEES_QUESTION,
    answer: 'A small service fee may apply on completed transactions.',
  },
  {
    question: 'Who can post tasks and place bids?',
    answer:
      'Anyone can browse tasks. Sign up with your email or a Google account to post tasks, see their details and place bids.',
  },
  {
    question: 'How do I know if my task is getting interest?',
    answer: 'Every task shows how many bids it has received, on its card and on your dashboard.',
  },
] as const;

/** spec §8: "Newsletter success". */
export const NEWSLETTER_THANKS = 'Thank you for subscribing!';

/** spec §9: "Animate-on-scroll duration 1000 ms." */
export const REVEAL_DURATION_MS = 1000;

export const POPULAR_BADGE = 'Popular';
