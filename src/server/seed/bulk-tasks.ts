import crypto from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Category } from '../../shared/tasks.ts';
import type { Auth } from '../auth/auth.ts';
import type { Database, TaskTable } from '../db/types.ts';
import { isPostgres } from '../db/engine.ts';
import { ensureUser } from './demo-data.ts';

/**
 * Many realistic tasks at once (`npm run seed -- --tasks 100000`, the search bench): titles and
 * descriptions put together from a few hundred words per category, so that a word finds a
 * realistic share of them; budgets by category; posting times over four months, with deadlines
 * days to weeks later (so some have expired); older tasks often hired or completed; bids counted.
 * The same seed gives the same tasks, so every bench run measures the same data.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per INSERT: 500 × 14 columns stays far below either engine's limit on parameters. */
const CHUNK_ROWS = 500;
const POSTERS = 24;
const POSTED_OVER_DAYS = 120;

/** A fixed-seed generator (mulberry32), so every run makes the same tasks. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

const BUSINESSES = [
  'bakery',
  'dental clinic',
  'law firm',
  'yoga studio',
  'coffee shop',
  'florist',
  'bike shop',
  'pet groomer',
  'hair salon',
  'bookshop',
  'craft brewery',
  'food truck',
  'vet clinic',
  'daycare',
  'boxing gym',
  'tattoo studio',
  'wedding planner',
  'real estate agency',
  'plumbing company',
  'accounting firm',
  'language school',
  'music school',
  'art gallery',
  'boutique hotel',
  'campsite',
  'organic farm',
  'candle shop',
  'toy store',
  'fashion boutique',
  'architecture studio',
  'charity',
  'fintech startup',
  'pizzeria',
  'sushi bar',
  'physiotherapy practice',
  'cleaning service',
  'photography studio',
  'escape room',
  'vineyard',
  'surf school',
];

const CITIES = [
  'Lisbon',
  'Berlin',
  'Toronto',
  'Austin',
  'Dhaka',
  'Nairobi',
  'Melbourne',
  'Dublin',
  'Bogotá',
  'Kraków',
  'Osaka',
  'Cape Town',
  'Montréal',
  'São Paulo',
  'Zürich',
  'Manchester',
  'Seattle',
  'Auckland',
  'Lagos',
  'Málaga',
];

const INTRODUCTIONS: readonly ((business: string, city: string) => string)[] = [
  (business, city) => `We are a ${business} in ${city}.`,
  (business, city) => `I run a ${business} based in ${city}.`,
  (business, city) => `Our ${business} (${city}) is looking for a freelancer.`,
  (business, city) => `Hello from a ${business} in ${city}!`,
  (business, city) => `${city}-based ${business} here.`,
  (business) => `Small job for our ${business}.`,
];

const NEEDS: readonly ((topic: string) => string)[] = [
  (topic) => `The job is the ${topic}.`,
  (topic) => `Looking for someone experienced with ${topic}.`,
  (topic) => `Scope: ${topic}, nothing more.`,
  (topic) => `This is about the ${topic} only.`,
  (topic) => `You would take care of the ${topic} from start to finish.`,
];

const SIZES = ['small', 'family-run', 'growing', 'new', 'busy', 'two-person', 'local'];

interface CategoryWords {
  category: Category;
  /** USD range of a budget (drawn log-uniformly). */
  budget: [number, number];
  title(random: Random): { title: string; topic: string };
  details: readonly string[];
}

const CATEGORY_WORDS: readonly CategoryWords[] = [
  {
    category: 'Web Development',
    budget: [60, 3500],
    title(random) {
      const platform = pick(random, [
        'WordPress',
        'Shopify',
        'WooCommerce',
        'React',
        'Next.js',
        'Laravel',
        'Django',
        'Webflow',
        'Squarespace',
        'Wix',
        'Vue',
        'Angular',
        'Node.js',
        'Rails',
        'Magento',
        'Ghost',
        'Svelte',
        'Drupal',
      ]);
      const thing = pick(random, [
        'site',
        'checkout',
        'contact form',
        'landing page',
        'booking page',
        'REST API',
        'dashboard',
        'login page',
        'blog',
        'theme',
        'plugin',
        'product page',
        'search page',
        'admin panel',
        'newsletter signup',
        'payment integration',
      ]);
      const verb = pick(random, [
        'Fix the',
        'Speed up the',
        'Migrate the',
        'Build a',
        'Update the',
        'Debug the',
        'Redesign the',
        'Add tests to the',
      ]);
      return { title: `${verb} ${platform} ${thing}`, topic: `${platform} ${thing}` };
    },
    details: [
      'It must work well on phones and pass Lighthouse accessibility checks.',
      'Admin access and a staging copy will be provided.',
      'Please mention similar sites you have built.',
      'The code should be clean, commented and handed over in a Git repository.',
      'Hosting is on a shared server with cPanel.',
      'We need it live before our spring sale.',
      'Page speed matters: product images are large today.',
      'Keep the current URLs so we do not lose search rankings.',
    ],
  },
  {
    category: 'Design',
    budget: [40, 1800],
    title(random) {
      const deliverable = pick(random, [
        'logo',
        'business card',
        'flyer',
        'poster',
        'menu',
        'brochure',
        'web banner',
        'icon set',
        'app mockup',
        'packaging label',
        'book cover',
        'infographic',
        'social media kit',
        'brand guide',
        't-shirt print',
        'sticker set',
        'email template',
        'signage',
      ]);
      const style = pick(random, [
        'minimal',
        'playful',
        'hand-drawn',
        'modern',
        'vintage',
        'bold',
        'elegant',
        'colourful',
        'retro',
        'clean',
      ]);
      const verb = pick(random, ['Design a', 'Redesign our', 'Refresh the', 'Create a']);
      return { title: `${verb} ${style} ${deliverable}`, topic: deliverable };
    },
    details: [
      'Deliver vector files (SVG, PDF) and PNG exports.',
      'Two rounds of revisions are included.',
      'Our brand colours are navy and mustard; fonts are open to suggestions.',
      'Please share a portfolio with similar work.',
      'Print-ready with bleed, CMYK.',
      'We like warm, friendly illustrations rather than stock photos.',
      'A mood board is attached to the brief.',
      'Figma is preferred for the source files.',
    ],
  },
  {
    category: 'Writing',
    budget: [20, 900],
    title(random) {
      const piece = pick(random, [
        'blog posts',
        'product descriptions',
        'a newsletter',
        'a press release',
        'a case study',
        'landing page copy',
        'an FAQ page',
        'a user guide',
        'an ebook chapter',
        'a wedding speech',
        'a grant proposal',
        'a video script',
        'website copy',
        'a cover letter',
      ]);
      const topic = pick(random, [
        'remote work',
        'healthy eating',
        'personal finance',
        'travel in Portugal',
        'home gardening',
        'electric cars',
        'yoga for beginners',
        'small business taxes',
        'coffee brewing',
        'cybersecurity basics',
        'pet care',
        'wedding planning',
        'sustainable fashion',
        'mindfulness',
        'home brewing',
        'learning Spanish',
        'marathon training',
        'budget travel',
      ]);
      const verb = pick(random, ['Write', 'Edit', 'Proofread', 'Translate', 'Rewrite']);
      return { title: `${verb} ${piece} about ${topic}`, topic };
    },
    details: [
      'US English, friendly and clear, no jargon.',
      'SEO keywords will be provided; original writing only, no AI-generated text.',
      'About 1,200 words each, with headings and a short summary.',
      'Track changes in Word or suggestions in Google Docs, please.',
      'Native speakers preferred.',
      'Sources must be cited and checked.',
      'We publish every Tuesday, so a steady pace matters.',
      'Tone: warm, practical, a little humour.',
    ],
  },
  {
    category: 'Marketing',
    budget: [100, 2500],
    title(random) {
      const channel = pick(random, [
        'Google Ads',
        'Facebook Ads',
        'Instagram',
        'TikTok',
        'LinkedIn',
        'email',
        'SEO',
        'Pinterest',
        'YouTube',
        'Mailchimp',
        'HubSpot',
        'Reddit',
      ]);
      const thing = pick(random, [
        'campaign',
        'audit',
        'content calendar',
        'influencer outreach',
        'retargeting',
        'keyword research',
        'launch plan',
        'giveaway',
        'analytics report',
        'competitor analysis',
        'growth strategy',
      ]);
      const verb = pick(random, ['Run a', 'Set up a', 'Plan a', 'Review our', 'Manage our']);
      return { title: `${verb} ${channel} ${thing}`, topic: `${channel} ${thing}` };
    },
    details: [
      'Monthly ad spend is around $800.',
      'Conversion tracking is already in place.',
      'We want more bookings, not just likes.',
      'Please report results weekly in a shared sheet.',
      'Experience with local businesses is a plus.',
      'Our audience is mostly parents between 30 and 45.',
      'We tried boosting posts before with little success.',
      'A short call to kick off would help.',
    ],
  },
  {
    category: 'Data Entry',
    budget: [15, 450],
    title(random) {
      const count = pick(random, ['50', '120', '200', '300', '500', '800', '1,000', '2,500']);
      const records = pick(random, [
        'invoices',
        'receipts',
        'business cards',
        'product listings',
        'survey answers',
        'contacts',
        'customer records',
        'property listings',
        'research papers',
        'orders',
        'timesheets',
        'inventory items',
      ]);
      const tool = pick(random, [
        'Google Sheets',
        'Excel',
        'Airtable',
        'Shopify',
        'HubSpot',
        'Salesforce',
        'Notion',
        'QuickBooks',
        'a CSV file',
      ]);
      const verb = pick(random, ['Enter', 'Clean up', 'Copy', 'Convert', 'Tag', 'Sort']);
      return { title: `${verb} ${count} ${records} into ${tool}`, topic: records };
    },
    details: [
      'Accuracy matters more than speed; we will spot-check every tenth row.',
      'Scans are clear and typed, not handwritten.',
      'Merge duplicates and flag rows without an email address.',
      'A template with the columns is attached.',
      'Dates as YYYY-MM-DD, amounts with two decimals.',
      'Confidential data: you will sign a short NDA.',
      'Work in our shared drive only.',
      'Names must keep their accents (é, ñ, ü).',
    ],
  },
  {
    category: 'Other',
    budget: [20, 1200],
    title(random) {
      const thing = pick(random, [
        'Edit a YouTube video',
        'Edit a podcast episode',
        'Plan a family trip to Japan',
        'Record a voiceover',
        'Transcribe interviews',
        'Organise a birthday party',
        'Make a moving checklist',
        'Set up a small office network',
        'Photograph products',
        'Tutor maths online',
        'Research suppliers',
        'Assemble flat-pack furniture',
        'Book venues for a conference',
        'Compose a jingle',
      ]);
      return { title: thing, topic: thing.toLowerCase() };
    },
    details: [
      'Flexible hours, but replies within a day please.',
      'All the material is in a shared folder.',
      'Previous experience with something similar is a plus.',
      'Please tell us how long it would take you.',
      'We are in a different time zone, so async work is fine.',
      'There may be more work like this next month.',
      'Equipment is not provided.',
      'Deliverables by email are fine.',
    ],
  },
];

/** A USD budget in [min, max], log-uniform, a third of them with cents. */
function budgetCents(random: Random, [min, max]: [number, number]): number {
  const dollars = Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));
  return random() < 0.33 ? Math.round(dollars * 100) : Math.round(dollars) * 100;
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function generateTask(
  random: Random,
  now: number,
  posterIds: readonly string[],
): Insertable<TaskTable> {
  const words = pick(random, CATEGORY_WORDS);
  const business = pick(random, BUSINESSES);
  const city = pick(random, CITIES);
  const { title, topic } = words.title(random);
  const fullTitle = `${title} for a ${business} in ${city}`;
  const details = [...words.details]
    .sort(() => random() - 0.5)
    .slice(0, 2 + Math.floor(random() * 3));
  const description = [
    pick(random, INTRODUCTIONS)(`${pick(random, SIZES)} ${business}`, city),
    pick(random, NEEDS)(topic),
    ...details,
  ].join(' ');

  const postedAt = now - Math.floor(random() * POSTED_OVER_DAYS * DAY_MS);
  const deadline = isoDay(postedAt + (3 + Math.floor(random() * 90)) * DAY_MS);
  const userId = pick(random, posterIds);
  const others = posterIds.filter((id) => id !== userId);
  const ageDays = (now - postedAt) / DAY_MS;
  // Older tasks were more often hired; hired ones were completed a few days later.
  const roll = random();
  const status =
    ageDays > 45
      ? roll < 0.35
        ? 'completed'
        : roll < 0.4
          ? 'assigned'
          : 'open'
      : roll < 0.08
        ? 'assigned'
        : 'open';
  const hired = status !== 'open';
  const assignedAt = postedAt + Math.floor(random() * 5 * DAY_MS);
  const completedAt = Math.min(now, assignedAt + Math.floor((1 + random() * 10) * DAY_MS));
  const createdAt = new Date(postedAt).toISOString();
  return {
    id: crypto.randomUUID(),
    title: fullTitle.slice(0, 120),
    category: words.category,
    description,
    deadline,
    budget_cents: budgetCents(random, words.budget),
    bids_count: Math.floor(random() ** 2 * 25) + (hired ? 1 : 0),
    user_id: userId,
    created_at: createdAt,
    updated_at: createdAt,
    status,
    assignee_id: hired ? pick(random, others) : null,
    assigned_at: hired ? new Date(assignedAt).toISOString() : null,
    completed_at: status === 'completed' ? new Date(completedAt).toISOString() : null,
  };
}

export interface BulkTasksOptions {
  count: number;
  /** The posters' accounts are made through Better Auth (so their hashes are real). */
  auth: Auth;
  /** How many poster accounts to spread the tasks over. */
  posters?: number;
  seed?: number;
  now?: Date;
}

/**
 * Adds `count` generated tasks by a few generated posters, in batched INSERTs inside one
 * transaction (the full-text index fills through its triggers or generated column as they go).
 */
export async function seedBulkTasks(
  db: Kysely<Database>,
  { count, auth, posters = POSTERS, seed = 20_240_601, now = new Date() }: BulkTasksOptions,
): Promise<{ tasks: number; posterIds: string[] }> {
  const posterIds: string[] = [];
  for (let index = 1; index <= posters; index += 1) {
    const poster = await ensureUser(db, auth, {
      name: `Seed Poster ${index}`,
      email: `seed.poster${index}@example.com`,
      password: `SeedPoster${index}`,
      image: `https://images.example.com/seed-poster-${index}.png`,
    });
    posterIds.push(poster.id);
  }
  const random = createRandom(seed);
  const time = now.getTime();
  // SQLite: a page cache large enough for the indexes, so a big transaction rarely spills.
  if (!isPostgres(db)) await sql`pragma cache_size = -262144`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += CHUNK_ROWS) {
      const rows = Array.from({ length: Math.min(CHUNK_ROWS, count - start) }, () =>
        generateTask(random, time, posterIds),
      );
      await trx.insertInto('tasks').values(rows).execute();
    }
  });
  return { tasks: count, posterIds };
}
