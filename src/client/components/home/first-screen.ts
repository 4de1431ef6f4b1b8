/**
 * The home page's first screen (spec §1, §9): the hero carousel, the typewriter, how it works
 * and the sections' headings, apart from the rest of home-content.ts so a first visit loads only
 * these (issue 48).
 */
import { paths } from '../../lib/paths.ts';

/** spec §9: "Hero carousel: 4 slides, autoplay delay 4000 ms." */
export const HERO_AUTOPLAY_MS = 4000;

export interface HeroSlide {
  /** What the slide is about (spec §1): posting tasks, building a career, working from anywhere, developing skills. */
  topic: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  /**
   * The slide's gradient (index.css `.hero-brand`) between two of the theme's brand colours, so
   * the hero turns green with the brand in forest (issue 51); darkened there so white text
   * stays readable on every slide, in both themes.
   */
  background: string;
}

/** spec §1: the 4 slides, with calls to action spread over add-task, browse-tasks and signup. */
export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    topic: 'Posting tasks',
    title: 'Post a task in minutes',
    text: 'Describe what you need, pick a deadline and set a budget in US dollars. Freelancers start bidding right away.',
    cta: { label: 'Post a Task', to: paths.addTask },
    background: 'hero-brand [--hero-from:var(--color-primary)] [--hero-to:var(--color-primary)]',
  },
  {
    topic: 'Building a career',
    title: 'Build your freelance career',
    text: 'Bid on small, meaningful tasks, deliver great work and grow a track record one task at a time.',
    cta: { label: 'Join as a Freelancer', to: paths.signup },
    background: 'hero-brand [--hero-from:var(--color-secondary)] [--hero-to:var(--color-primary)]',
  },
  {
    topic: 'Working from anywhere',
    title: 'Work from anywhere',
    text: 'All you need is a connection. Browse open tasks from clients around the world and bid on the ones that fit.',
    cta: { label: 'Browse Tasks', to: paths.browseTasks() },
    background: 'hero-brand [--hero-from:var(--color-neutral)] [--hero-to:var(--color-primary)]',
  },
  {
    topic: 'Developing skills',
    title: 'Develop new skills',
    text: 'Web development, design, writing, marketing and more: every task is a chance to learn something new.',
    cta: { label: 'Sign Up Free', to: paths.signup },
    background: 'hero-brand [--hero-from:var(--color-accent)] [--hero-to:var(--color-secondary)]',
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

/** Headings of the home sections, in page order, for tests to find them by. */
export const HOME_HEADINGS = {
  howItWorks: 'How It Works',
  featured: 'Featured Tasks',
  highlighted: 'Highlighted Tasks',
  categories: 'Browse by Category',
  faq: 'Frequently Asked Questions',
  newsletter: 'Subscribe to Our Newsletter',
} as const;
