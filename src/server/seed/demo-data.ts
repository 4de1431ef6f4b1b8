import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Auth } from '../auth/auth.ts';
import type { Database, TaskTable } from '../db/types.ts';
import type { PaymentsConfig } from '../config.ts';
import { addDemoLoop } from './demo-loop.ts';
import {
  DEMO_FREELANCERS,
  demoJobStory,
  saveDemoProfiles,
  setDemoTaskSkills,
} from './demo-freelancers.ts';
import { playMoneyStory, type MoneyStoryResult } from './demo-money.ts';
import { toCents } from '../../shared/money.ts';
import type { DemoTask, DemoUser, ScriptAccount } from './demo-types.ts';

/** An account made by a script through Better Auth (the demo users, the bench's posters). */
/** Printed by `npm run seed`: demo accounts only, never real ones. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    name: 'Maya Chen',
    email: 'maya.chen@example.com',
    password: 'MayaDemo123',
    photoPath: '/demo/maya-chen.svg',
  },
  {
    name: 'Omar Haddad',
    email: 'omar.haddad@example.com',
    password: 'OmarDemo123',
    photoPath: '/demo/omar-haddad.svg',
  },
  {
    name: 'Lena Fischer',
    email: 'lena.fischer@example.com',
    password: 'LenaDemo123',
    photoPath: '/demo/lena-fischer.svg',
  },
];

/**
 * Issue 47: the demo's operator, who decided its dispute; printed by `npm run seed` too. An
 * admin, so the password is made when the account is (demoOperatorPassword), never one written
 * here for anyone who reads the repository to sign in with.
 */
export const DEMO_OPERATOR: Omit<ScriptAccount, 'password'> = {
  name: 'Olive Operator',
  email: 'operator@example.com',
};

/** The operator's password, new at every seed that makes the account. */
const demoOperatorPassword = () => crypto.randomBytes(12).toString('base64url');

/**
 * A demo user's photo URL on the app's public address (config PUBLIC_URL, no trailing slash):
 * photo URLs are absolute web addresses (src/shared/accounts.ts).
 */
export function demoPhotoUrl(publicUrl: string, user: DemoUser): string {
  return `${publicUrl}${user.photoPath}`;
}

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    title: 'Fix the broken contact form on our WordPress site',
    category: 'Web Development',
    description:
      'Our Contact Form 7 form stopped sending emails after we moved hosting. We need someone to find out why (probably the SMTP settings) and get it working again. wp-admin and cPanel access will be provided.',
    budget: 60,
    dueInDays: 3,
    postedDaysAgo: 1,
    poster: 0,
  },
  {
    title: 'Build a responsive landing page from a Figma design',
    category: 'Web Development',
    description:
      'One landing page, close to the Figma file (desktop and mobile frames provided). Plain HTML/CSS or Tailwind, no framework needed. It should score 90+ on Lighthouse performance.',
    budget: 350,
    dueInDays: 14,
    postedDaysAgo: 2,
    poster: 1,
  },
  {
    title: 'Add Stripe Checkout to a small Express shop',
    category: 'Web Development',
    description:
      'We sell three digital products from a Node/Express site. We need a Stripe Checkout session per product, a webhook that marks the order paid in our Postgres table, and a simple thank-you page.',
    budget: 480,
    dueInDays: 21,
    postedDaysAgo: 4,
    poster: 2,
  },
  {
    title: 'Speed up a slow WooCommerce store',
    category: 'Web Development',
    description:
      'Product pages take more than 6 seconds to load. Looking for an audit and fixes: image optimisation, a caching plugin, removing unused plugins. Please share before/after PageSpeed numbers.',
    budget: 225.5,
    dueInDays: 10,
    postedDaysAgo: 6,
    poster: 0,
  },
  {
    title: 'Convert a jQuery date-range picker to a React component',
    category: 'Web Development',
    description:
      'A 300-line jQuery widget needs to become a typed React component (TypeScript) with the same behaviour and keyboard support.',
    budget: 275,
    dueInDays: 18,
    postedDaysAgo: 3,
    poster: 1,
  },
  {
    title: 'Point a custom domain to Netlify with HTTPS',
    category: 'Web Development',
    description: 'Domain is at Namecheap. Enable HTTPS and redirect www to the bare domain.',
    budget: 40,
    dueInDays: 2,
    postedDaysAgo: 0,
    poster: 2,
  },
  {
    title: 'Fix layout bugs in Safari on iPhone',
    category: 'Web Development',
    description:
      'The sticky header overlaps the content and the hero video does not autoplay on iOS Safari. The fixes must not break Chrome or Firefox.',
    budget: 120,
    dueInDays: 7,
    postedDaysAgo: 8,
    poster: 0,
  },
  {
    title: 'Logo for a neighbourhood bakery',
    category: 'Design',
    description:
      "Friendly, hand-drawn feel in warm colours for 'Crumb & Co.'. We need SVG and PNG files, a horizontal and a stacked version, and a one-page usage sheet.",
    budget: 180,
    dueInDays: 12,
    postedDaysAgo: 2,
    poster: 1,
  },
  {
    title: 'Ten Instagram post templates in Canva',
    category: 'Design',
    description:
      'Editable Canva templates for a yoga studio: class announcements, quotes and offers. Brand colours and fonts are ready.',
    budget: 95,
    dueInDays: 9,
    postedDaysAgo: 5,
    poster: 2,
  },
  {
    title: 'Redesign a two-sided restaurant menu',
    category: 'Design',
    description: 'A4, print-ready PDF. About 40 dishes, prices included. Current menu attached.',
    budget: 85,
    dueInDays: 6,
    postedDaysAgo: 1,
    poster: 0,
  },
  {
    title: 'Icon set for a budgeting app',
    category: 'Design',
    description:
      '24 line icons on a 24 px grid (groceries, rent, transport, savings and so on) with a consistent stroke, delivered as optimised SVG and as a Figma component set.',
    budget: 320,
    dueInDays: 25,
    postedDaysAgo: 7,
    poster: 1,
  },
  {
    title: 'Business cards for a small law firm',
    category: 'Design',
    description: 'Clean and serious, two partners, front and back. Print-ready with bleed.',
    budget: 60,
    dueInDays: 4,
    postedDaysAgo: 3,
    poster: 2,
  },
  {
    title: 'Onboarding screens for a habit-tracker app',
    category: 'Design',
    description:
      'Four onboarding screens and a sign-up screen in Figma, iOS and Android sizes, using our existing style guide. Light and dark mode, with simple illustrations.',
    budget: 400,
    dueInDays: 30,
    postedDaysAgo: 10,
    poster: 0,
  },
  {
    title: 'Book cover for a self-published thriller',
    category: 'Design',
    description:
      'Front cover for ebook and paperback (spine and back for a 320-page book). Moody, city at night. Title and author name provided.',
    budget: 250,
    dueInDays: 20,
    postedDaysAgo: 9,
    poster: 1,
  },
  {
    title: 'Five blog posts about remote work tools',
    category: 'Writing',
    description:
      'Posts of about 1,200 words each for a SaaS blog: reviews and comparisons of video, chat and whiteboard tools. SEO keywords provided, original writing only, no AI-generated text.',
    budget: 300,
    dueInDays: 16,
    postedDaysAgo: 4,
    poster: 2,
  },
  {
    title: 'Proofread a 12,000-word e-book',
    category: 'Writing',
    description:
      'A guide to starting a vegetable garden. US English, track changes in Word, grammar and consistency only.',
    budget: 149.99,
    dueInDays: 8,
    postedDaysAgo: 2,
    poster: 0,
  },
  {
    title: 'Product descriptions for 30 handmade candles',
    category: 'Writing',
    description:
      'Short, sensory descriptions (60 to 80 words each) for an Etsy shop. Scent notes, burn time and sizes are in a spreadsheet.',
    budget: 120,
    dueInDays: 11,
    postedDaysAgo: 6,
    poster: 1,
  },
  {
    title: 'Rewrite the About page of a dental clinic',
    category: 'Writing',
    description: 'About 400 words, warm and reassuring, mention our three dentists.',
    budget: 75,
    dueInDays: 5,
    postedDaysAgo: 1,
    poster: 2,
  },
  {
    title: 'Translate app strings from English to Spanish',
    category: 'Writing',
    description:
      'About 800 short strings in a JSON file for a fitness app. Latin American Spanish, keep the placeholders like {count} untouched. A native speaker, please.',
    budget: 90,
    dueInDays: 9,
    postedDaysAgo: 5,
    poster: 0,
  },
  {
    title: 'Ghostwrite a LinkedIn article on hiring in logistics',
    category: 'Writing',
    description:
      'About 1,000 words from the point of view of a warehouse operations manager. We will do a 30-minute call to share the stories.',
    budget: 110,
    dueInDays: 13,
    postedDaysAgo: 11,
    poster: 1,
  },
  {
    title: 'README and setup guide for an open-source CLI',
    category: 'Writing',
    description:
      'Our CLI converts CSV to Parquet. We need a clear README (install, usage, examples) and a CONTRIBUTING guide. You should be comfortable running it yourself.',
    budget: 160,
    dueInDays: 15,
    postedDaysAgo: 3,
    poster: 2,
  },
  {
    title: 'Google Ads search campaign for a local plumber',
    category: 'Marketing',
    description:
      'Set up one search campaign with three ad groups, keywords, negative keywords and call extensions. Monthly budget of $600. Conversion tracking is already in place.',
    budget: 200,
    dueInDays: 7,
    postedDaysAgo: 2,
    poster: 0,
  },
  {
    title: 'Monthly newsletter in Mailchimp',
    category: 'Marketing',
    description: 'Write and build our March newsletter from notes and photos we provide.',
    budget: 70,
    dueInDays: 4,
    postedDaysAgo: 0,
    poster: 1,
  },
  {
    title: 'SEO audit of a 40-page company website',
    category: 'Marketing',
    description:
      'Technical and on-page audit with a prioritised list of fixes: titles, meta descriptions, broken links, Core Web Vitals and internal linking. Delivered as a spreadsheet and a short call.',
    budget: 260,
    dueInDays: 19,
    postedDaysAgo: 8,
    poster: 2,
  },
  {
    title: 'Find 50 micro-influencers in the home fitness niche',
    category: 'Marketing',
    description:
      'Instagram or TikTok accounts with 5k to 50k followers and real engagement. Handle, follower count, engagement rate and contact email in a sheet.',
    budget: 130,
    dueInDays: 10,
    postedDaysAgo: 4,
    poster: 0,
  },
  {
    title: 'Two weeks of LinkedIn posts for a B2B startup',
    category: 'Marketing',
    description: 'Ten posts with images, scheduled in Buffer. We sell inventory software.',
    budget: 140,
    dueInDays: 12,
    postedDaysAgo: 7,
    poster: 1,
  },
  {
    title: 'Meta pixel and conversion tracking setup',
    category: 'Marketing',
    description:
      'Install the Meta pixel and the Conversions API on a Shopify store, verify purchase and add-to-cart events, and fix the domain verification.',
    budget: 95.5,
    dueInDays: 5,
    postedDaysAgo: 3,
    poster: 2,
  },
  {
    title: 'Competitor pricing research for a scheduling SaaS',
    category: 'Marketing',
    description:
      'Compare plans, prices and limits of 12 competitors we name, in one table, with notes on free trials and discounts.',
    budget: 180,
    dueInDays: 14,
    postedDaysAgo: 12,
    poster: 0,
  },
  {
    title: 'Enter 500 business cards into a spreadsheet',
    category: 'Data Entry',
    description:
      'Scans of cards from a trade fair. Name, company, role, email and phone in Google Sheets.',
    budget: 45,
    dueInDays: 6,
    postedDaysAgo: 1,
    poster: 1,
  },
  {
    title: 'Clean and deduplicate a CRM export of 3,000 rows',
    category: 'Data Entry',
    description:
      'HubSpot contacts export: merge duplicates, fix capitalisation of names, split full addresses into columns and flag rows without an email address.',
    budget: 85,
    dueInDays: 5,
    postedDaysAgo: 2,
    poster: 2,
  },
  {
    title: 'Copy product data from a PDF catalogue to a Shopify CSV',
    category: 'Data Entry',
    description:
      'About 180 products: title, SKU, price, weight and description, following the Shopify import template. Images are in a separate folder, named by SKU.',
    budget: 110,
    dueInDays: 9,
    postedDaysAgo: 5,
    poster: 0,
  },
  {
    title: 'Transcribe 40 handwritten survey forms',
    category: 'Data Entry',
    description: 'Two pages each, mostly tick boxes and a few comments. Enter into a sheet.',
    budget: 55.25,
    dueInDays: 3,
    postedDaysAgo: 0,
    poster: 1,
  },
  {
    title: 'Tag 1,200 product photos by colour and type',
    category: 'Data Entry',
    description:
      'Clothing photos for an online shop. Choose colour and garment type from fixed lists in a spreadsheet, one row per file name.',
    budget: 70,
    dueInDays: 8,
    postedDaysAgo: 6,
    poster: 2,
  },
  {
    title: 'Update a mailing list from returned post',
    category: 'Data Entry',
    description: 'About 150 returned letters: mark or correct the addresses in our Excel list.',
    budget: 35,
    dueInDays: 4,
    postedDaysAgo: 9,
    poster: 0,
  },
  {
    title: 'Edit a three-minute product demo video',
    category: 'Other',
    description:
      'Raw screen recordings and a voiceover are ready. Cut, add captions, simple zoom effects and our intro/outro. 1080p for YouTube and a square version for LinkedIn.',
    budget: 150,
    dueInDays: 10,
    postedDaysAgo: 3,
    poster: 1,
  },
  {
    title: 'Record a 60-second voiceover in British English',
    category: 'Other',
    description: 'Calm, friendly female voice for an explainer video. Script is final.',
    budget: 80,
    dueInDays: 5,
    postedDaysAgo: 2,
    poster: 2,
  },
  {
    title: 'Book flights and hotels for a three-city trip',
    category: 'Other',
    description:
      'Lisbon, Porto and Madrid over nine days in spring for two people. Compare options within our budget and book once we approve.',
    budget: 50,
    dueInDays: 6,
    postedDaysAgo: 4,
    poster: 0,
  },
  {
    title: 'Excel dashboard for monthly sales figures',
    category: 'Other',
    description:
      'Turn our monthly sales sheet into a dashboard with pivot tables and charts by region, product and salesperson. It must update when we paste in a new month of data.',
    budget: 175,
    dueInDays: 17,
    postedDaysAgo: 10,
    poster: 1,
  },
  {
    title: 'Set up Google Workspace for a six-person team',
    category: 'Other',
    description:
      'Move our email from a shared hosting inbox to Google Workspace: DNS records, mailboxes, shared drive and a calendar for bookings. Old mail should be imported.',
    budget: 120,
    dueInDays: 11,
    postedDaysAgo: 5,
    poster: 2,
  },
  {
    title: 'Write a short podcast intro jingle',
    category: 'Other',
    description: 'Upbeat, 10 to 15 seconds, royalty-free for us to use on every episode.',
    budget: 65,
    dueInDays: 21,
    postedDaysAgo: 13,
    poster: 0,
  },
];

/**
 * The demo's story happened before anyone watched: its notifications stay to read, but the
 * mails they queued for the demo addresses (nobody's) are skipped, not sent.
 */
async function muteDemoMail(db: Kysely<Database>, userIds: string[], since: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'skipped' })
    .where('user_id', 'in', userIds)
    .where('status', '=', 'pending')
    .where('created_at', '>=', since)
    .execute();
}

/** The database holds tasks already and the caller did not ask to add more. */
export class SeedRefusedError extends Error {
  constructor(taskCount: number) {
    super(
      `The database already holds ${taskCount} task(s); nothing was added. ` +
        'Run again with --force to add the demo tasks anyway.',
    );
    this.name = 'SeedRefusedError';
  }
}

export interface SeedOptions {
  /** The app's public address (config.publicUrl): the demo photos' URLs are built on it. */
  publicUrl: string;
  force?: boolean | undefined;
  /** The "today" that deadlines and dates are relative to. */
  now?: Date | undefined;
  /** Issue 47: with test payments, the demo plays its money story (demo-money.ts). */
  payments?: PaymentsConfig | undefined;
}

export interface SeededUser extends DemoUser {
  id: string;
  image: string;
  /** False when the account existed already (its password may have been changed since). */
  created: boolean;
}

export interface SeedResult {
  users: SeededUser[];
  /** Issue 50: the demo freelancers (DEMO_FREELANCERS). */
  freelancers: SeededUser[];
  /** The password only when this seed made the account; null when it existed already. */
  operator: Omit<ScriptAccount, 'password'> & {
    password: string | null;
    id: string;
    created: boolean;
  };
  tasks: number;
  offers: number;
  reviews: number;
  /** Payments by how their story ended; null when payments are not in test mode. */
  money: MoneyStoryResult | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A local calendar date: deadlines are what the poster sees on their own calendar. */
export function formatLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export async function countTasks(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The account with this email, or a new one made through Better Auth (its admin plugin's
 * createUser, so that its password hash is the one sign-in checks). Script accounts are made
 * verified (issue 47): their addresses are nobody's, so no verification mail is queued for them
 * and no banner asks them to verify.
 */
export async function ensureUser(
  db: Kysely<Database>,
  auth: Auth,
  user: ScriptAccount & { role?: 'admin' },
): Promise<{ id: string; created: boolean }> {
  const email = user.email.toLowerCase();
  const found = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (found) return { id: found.id, created: false };
  const result = await auth.api.createUser({
    body: {
      name: user.name,
      email,
      password: user.password,
      ...(user.role ? { role: user.role } : {}),
      data: { image: user.image ?? null, emailVerified: true },
    },
  });
  return { id: result.user.id, created: true };
}

/**
 * Demo tasks as rows posted by `posters` (by DemoTask.poster), posting times spread over the
 * day so "newest first" has no ties; `offset` continues the spread of an earlier batch.
 */
function demoTaskRows(
  demoTasks: readonly DemoTask[],
  posters: readonly { id: string }[],
  now: Date,
  offset = 0,
): Insertable<TaskTable>[] {
  return demoTasks.map((demo, index) => {
    const poster = posters[demo.poster];
    if (!poster) throw new Error(`Demo task "${demo.title}" names no demo user`);
    const postedAt =
      now.getTime() - demo.postedDaysAgo * DAY_MS - (offset + index + 1) * 17 * 60 * 1000;
    const createdAt = new Date(postedAt).toISOString();
    return {
      id: crypto.randomUUID(),
      title: demo.title,
      category: demo.category,
      description: demo.description,
      deadline: formatLocalDate(new Date(now.getTime() + demo.dueInDays * DAY_MS)),
      budget_cents: toCents(demo.budget),
      // The offers of the demo loop count here as they are added (demo-loop.ts): a Bid is an
      // offer the poster can open, never a bare counter bid nobody can (decision 022).
      bids_count: 0,
      user_id: poster.id,
      created_at: createdAt,
      updated_at: createdAt,
      // Every row names every column: a multi-row insert on SQLite writes NULL for a missing one.
      status: 'open',
    };
  });
}

/**
 * Loads the demo users, tasks and their offers. Refuses a database that holds tasks unless
 * `force`; with `force` it reuses demo users that exist and adds the tasks again.
 */
export async function seedDemoData(
  handle: { db: Kysely<Database> },
  auth: Auth,
  options: SeedOptions,
): Promise<SeedResult> {
  const { db } = handle;
  const startedAt = new Date().toISOString();
  const existing = await countTasks(db);
  if (existing > 0 && !options.force) throw new SeedRefusedError(existing);

  const users: SeededUser[] = [];
  for (const demo of DEMO_USERS) {
    const image = demoPhotoUrl(options.publicUrl, demo);
    users.push({ ...demo, image, ...(await ensureUser(db, auth, { ...demo, image })) });
  }

  // Issue 50: freelancers with profiles and past jobs the directory shows well.
  const freelancers: SeededUser[] = [];
  for (const demo of DEMO_FREELANCERS) {
    const image = demoPhotoUrl(options.publicUrl, demo);
    freelancers.push({ ...demo, image, ...(await ensureUser(db, auth, { ...demo, image })) });
  }

  const now = options.now ?? new Date();
  const tasks = demoTaskRows(DEMO_TASKS, users, now);
  const loop = addDemoLoop(
    tasks,
    users.map((user) => user.id),
    now,
  );
  const story = demoJobStory(users.length);
  const jobTasks = demoTaskRows(story.tasks, users, now, tasks.length);
  const jobLoop = addDemoLoop(
    jobTasks,
    [...users, ...freelancers].map((user) => user.id),
    now,
    { offers: [], hires: story.hires },
  );

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tasks')
      .values([...tasks, ...jobTasks])
      .execute();
    await trx
      .insertInto('offers')
      .values([...loop.offers, ...jobLoop.offers])
      .execute();
    await trx
      .insertInto('reviews')
      .values([...loop.reviews, ...jobLoop.reviews])
      .execute();
    await setDemoTaskSkills(trx, tasks);
  });
  await saveDemoProfiles(
    db,
    freelancers.map((freelancer) => freelancer.id),
  );
  const password = demoOperatorPassword();
  const made = await ensureUser(db, auth, { ...DEMO_OPERATOR, password, role: 'admin' });
  const operator = { ...DEMO_OPERATOR, ...made, password: made.created ? password : null };
  const money =
    options.payments?.mode === 'test'
      ? await playMoneyStory(db, options.payments, {
          userIds: users.map((user) => user.id),
          operatorId: operator.id,
          taskIds: new Map(tasks.map((task) => [task.title, task.id])),
        })
      : null;
  const everyone = [...users, ...freelancers].map((user) => user.id);
  await muteDemoMail(db, [...everyone, operator.id], startedAt);
  return {
    users,
    freelancers,
    operator,
    tasks: tasks.length + jobTasks.length,
    offers: loop.offers.length + jobLoop.offers.length,
    reviews: loop.reviews.length + jobLoop.reviews.length,
    money,
  };
}
