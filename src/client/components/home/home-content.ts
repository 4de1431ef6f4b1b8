/**
 * The home page's spec constants and copy (spec §1 "Home page sections", §9), in one module without
 * React so browser tests can import them.
 */
import { BRAND } from '../../../shared/brand.ts';
import { CATEGORIES, type Category } from '../../../shared/task-rules.ts';
import { paths } from '../../lib/paths.ts';

/** spec §9: "Hero carousel: 4 slides, autoplay delay 4000 ms." */
export const HERO_AUTOPLAY_MS = 4000;

export interface HeroSlide {
  /** What the slide is about (spec §1): posting tasks, building a career, working from anywhere, developing skills. */
  topic: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  /** A CSS gradient class list; white text stays readable on every one, in both themes. */
  background: string;
}

/** spec §1: the 4 slides, with calls to action spread over add-task, browse-tasks and signup. */
export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    topic: 'Posting tasks',
    title: 'Post a task in minutes',
    text: 'Describe what you need, pick a deadline and set a budget in US dollars. Freelancers start bidding right away.',
    cta: { label: 'Post a Task', to: paths.addTask },
    background: 'from-indigo-900 via-indigo-800 to-blue-700',
  },
  {
    topic: 'Building a career',
    title: 'Build your freelance career',
    text: 'Bid on small, meaningful tasks, deliver great work and grow a track record one task at a time.',
    cta: { label: 'Join as a Freelancer', to: paths.signup },
    background: 'from-emerald-900 via-teal-800 to-teal-700',
  },
  {
    topic: 'Working from anywhere',
    title: 'Work from anywhere',
    text: 'All you need is a connection. Browse open tasks from clients around the world and bid on the ones that fit.',
    cta: { label: 'Browse Tasks', to: paths.browseTasks() },
    background: 'from-slate-900 via-slate-800 to-sky-800',
  },
  {
    topic: 'Developing skills',
    title: 'Develop new skills',
    text: 'Web development, design, writing, marketing and more: every task is a chance to learn something new.',
    cta: { label: 'Sign Up Free', to: paths.signup },
    background: 'from-purple-900 via-fuchsia-900 to-pink-800',
  },
];
export const HERO_SLIDE_COUNT = HERO_SLIDES.length;

/** spec §9: "Typewriter: 6 taglines, type speed 60 ms, delete speed 40 ms, hold 1500 ms." */
export const TYPE_SPEED_MS = 60;
export const DELETE_SPEED_MS = 40;
export const HOLD_MS = 1500;
export const TAGLINES = [
  'Post a task in minutes.',
  'Get bids from skilled freelancers.',
  'Hire the right person for the job.',
  'Work from anywhere, on your schedule.',
  'Build your career one task at a time.',
  'Small tasks, meaningful work.',
] as const;

/** spec §1: the 3-step how-it-works guide. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Post a task',
    text: 'Give it a title, a category, a description, a deadline and a budget.',
  },
  {
    title: 'Receive bids',
    text: 'Freelancers who fit the job place bids, and you see the count grow on your task.',
  },
  {
    title: 'Hire and complete',
    text: 'Choose the freelancer who fits best and get the work done by your deadline.',
  },
] as const;

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

/** Headings of the home sections, in page order, for tests to find them by. */
export const HOME_HEADINGS = {
  howItWorks: 'How It Works',
  featured: 'Featured Tasks',
  highlighted: 'Highlighted Tasks',
  categories: 'Browse by Category',
  faq: 'Frequently Asked Questions',
  newsletter: 'Subscribe to Our Newsletter',
} as const;

export const POPULAR_BADGE = 'Popular';
