import type { Insertable, Kysely } from 'kysely';
import {
  freelancerProfileInputSchema,
  type FreelancerProfileInput,
} from '../../shared/freelancer-profiles.ts';
import type { Database, TaskTable } from '../db/types.ts';
import { saveFreelancerProfile } from '../profiles/freelancer-profiles.ts';
import { setTaskSkills } from '../tasks/task-skills.ts';
import type { DemoTask, DemoUser } from './demo-types.ts';
import type { DemoHire } from './demo-loop.ts';

/**
 * Issue 50 in the demo: freelancers the directory shows well. Each has a profile (headline,
 * about, skills, rate, languages, availability), a photo the app serves, and past work: tasks the
 * demo users posted and hired them for, completed and reviewed (public), so their ratings, jobs
 * and on-time figures are earned the way anyone's are. Some open demo tasks carry skills, so a
 * task page suggests whom to invite. Accounts and profiles are kept when the seed runs again.
 */

/** A job done: a demo task posted by DEMO_USERS[poster], completed `daysAgo`, reviewed. */
interface DemoJob {
  title: string;
  category: DemoTask['category'];
  budget: number;
  daysAgo: number;
  poster: number;
  review: [number, string];
}

export interface DemoFreelancer extends DemoUser {
  profile: FreelancerProfileInput;
  jobs: readonly DemoJob[];
}

const person = (name: string, password: string): DemoUser => {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    name,
    email: `${slug.replace('-', '.')}@example.com`,
    password,
    photoPath: `/demo/${slug}.svg`,
  };
};

export const DEMO_FREELANCERS: readonly DemoFreelancer[] = [
  {
    ...person('Sofia Marquez', 'SofiaDemo123'),
    profile: {
      headline: 'React and TypeScript developer for fast, accessible web apps',
      about:
        'Eight years of front-end work for shops and SaaS teams.\nI write typed React, test what matters and keep pages fast on slow phones.',
      skills: ['React', 'TypeScript', 'JavaScript', 'Accessibility', 'HTML & CSS'],
      rate: { amount: 65, unit: 'hourly' },
      languages: ['English', 'Spanish'],
      timeZone: 'Europe/Madrid',
      available: true,
      matchAlerts: true,
    },
    jobs: [
      {
        title: 'Typed React form wizard for an insurance quote',
        category: 'Web Development',
        budget: 520,
        daysAgo: 40,
        poster: 0,
        review: [5, 'Clean, typed code and a form that works with a keyboard.'],
      },
      {
        title: 'Fix focus order and labels on a booking site',
        category: 'Web Development',
        budget: 180,
        daysAgo: 75,
        poster: 1,
        review: [5, 'Our accessibility audit passes now. Clear notes too.'],
      },
      {
        title: 'Port a Vue widget to React',
        category: 'Web Development',
        budget: 300,
        daysAgo: 110,
        poster: 2,
        review: [4, 'Good result; one day later than planned.'],
      },
    ],
  },
  {
    ...person('Daniel Okafor', 'DanielDemo123'),
    profile: {
      headline: 'WordPress and WooCommerce fixes, speed and hosting moves',
      about:
        'I rescue WordPress sites: broken forms, slow stores, failed updates and hosting moves.\nEvery job ends with a short report of what I changed.',
      skills: ['WordPress', 'PHP', 'Shopify', 'SQL'],
      rate: { amount: 45, unit: 'hourly' },
      languages: ['English'],
      timeZone: 'Africa/Lagos',
      available: true,
      matchAlerts: true,
    },
    jobs: [
      {
        title: 'Move a WordPress site to new hosting',
        category: 'Web Development',
        budget: 150,
        daysAgo: 30,
        poster: 1,
        review: [5, 'Zero downtime and every form still sends.'],
      },
      {
        title: 'Repair a WooCommerce checkout after an update',
        category: 'Web Development',
        budget: 200,
        daysAgo: 60,
        poster: 0,
        review: [5, 'Found the plugin conflict within an hour.'],
      },
    ],
  },
  {
    ...person('Aiko Tanaka', 'AikoDemo123'),
    profile: {
      headline: 'Brand identities and logos with a hand-drawn touch',
      about:
        'Illustrator and brand designer. Bakeries, cafés and small shops are my favourite clients.\nYou get sketches first, then two rounds of changes and every file you need.',
      skills: ['Logo design', 'Branding', 'Illustration', 'Print design', 'Packaging'],
      rate: { amount: 250, unit: 'fixed' },
      languages: ['Japanese', 'English'],
      timeZone: 'Asia/Tokyo',
      available: true,
      matchAlerts: true,
    },
    jobs: [
      {
        title: 'Logo and labels for a tea shop',
        category: 'Design',
        budget: 320,
        daysAgo: 25,
        poster: 2,
        review: [5, 'Customers ask who drew our labels.'],
      },
      {
        title: 'Packaging for a chocolate bar',
        category: 'Design',
        budget: 280,
        daysAgo: 55,
        poster: 0,
        review: [5, 'Print-ready files on the first try.'],
      },
      {
        title: 'Illustrated map for a food festival',
        category: 'Design',
        budget: 220,
        daysAgo: 90,
        poster: 1,
        review: [5, 'Charming and exactly on brief.'],
      },
    ],
  },
  {
    ...person('Lucas Moreau', 'LucasDemo123'),
    profile: {
      headline: 'UI designer: apps and dashboards in Figma',
      about:
        'I design screens people understand on the first try, with components your developers can build from.',
      skills: ['UI design', 'Figma', 'Illustration'],
      rate: { amount: 55, unit: 'hourly' },
      languages: ['French', 'English'],
      timeZone: 'Europe/Paris',
      available: false,
    },
    jobs: [
      {
        title: 'Dashboard screens for a fleet tracker',
        category: 'Design',
        budget: 600,
        daysAgo: 35,
        poster: 1,
        review: [4, 'Great screens; needed a nudge on the deadline.'],
      },
      {
        title: 'Figma component library for a startup',
        category: 'Design',
        budget: 750,
        daysAgo: 100,
        poster: 2,
        review: [5, 'Our developers love the naming.'],
      },
    ],
  },
  {
    ...person('Priya Raman', 'PriyaDemo123'),
    profile: {
      headline: 'SaaS copywriter and blogger who writes like your customers talk',
      about:
        'Blog posts, landing pages and product emails for software companies.\nResearched, original and on time.',
      skills: ['Copywriting', 'Blog posts', 'Content strategy', 'SEO'],
      rate: { amount: 150, unit: 'fixed' },
      languages: ['English', 'Tamil'],
      timeZone: 'Asia/Kolkata',
      available: true,
      matchAlerts: true,
    },
    jobs: [
      {
        title: 'Four blog posts about project management',
        category: 'Writing',
        budget: 260,
        daysAgo: 20,
        poster: 2,
        review: [5, 'Our best-read posts this quarter.'],
      },
      {
        title: 'Landing page copy for a time tracker',
        category: 'Writing',
        budget: 180,
        daysAgo: 45,
        poster: 0,
        review: [5, 'Sign-ups went up the week we shipped it.'],
      },
      {
        title: 'Welcome email series for a CRM',
        category: 'Marketing',
        budget: 150,
        daysAgo: 80,
        poster: 1,
        review: [4, 'Good emails, a little long at first.'],
      },
    ],
  },
  {
    ...person('Tom Becker', 'TomDemo123'),
    profile: {
      headline: 'Proofreader and technical writer, English and German',
      about:
        'Careful proofreading, READMEs and user guides. I run the software I document before I write about it.',
      skills: ['Proofreading', 'Technical writing', 'Translation'],
      rate: { amount: 35, unit: 'hourly' },
      languages: ['German', 'English'],
      timeZone: 'Europe/Berlin',
      available: true,
    },
    jobs: [
      {
        title: 'Proofread a user manual for a coffee machine',
        category: 'Writing',
        budget: 90,
        daysAgo: 18,
        poster: 0,
        review: [5, 'Caught mistakes three of us had missed.'],
      },
      {
        title: 'Setup guide for a self-hosted wiki',
        category: 'Writing',
        budget: 160,
        daysAgo: 65,
        poster: 2,
        review: [5, 'Clear steps; new staff follow it alone.'],
      },
    ],
  },
  {
    ...person('Amara Nwosu', 'AmaraDemo123'),
    profile: {
      headline: 'Social media and email marketing for small brands',
      about:
        'Content calendars, posts that get saved and newsletters people open.\nMonthly reports in plain words.',
      skills: ['Social media', 'Email marketing', 'Content strategy', 'Copywriting'],
      rate: { amount: 40, unit: 'hourly' },
      languages: ['English', 'Igbo'],
      timeZone: 'Europe/London',
      available: false,
    },
    jobs: [
      {
        title: 'Three months of Instagram posts for a bakery',
        category: 'Marketing',
        budget: 450,
        daysAgo: 28,
        poster: 1,
        review: [5, 'Followers doubled and the posts feel like us.'],
      },
      {
        title: 'Mailchimp newsletter template and first issue',
        category: 'Marketing',
        budget: 140,
        daysAgo: 70,
        poster: 0,
        review: [4, 'Lovely design; one link was broken at first.'],
      },
    ],
  },
  {
    ...person('Jonas Lindqvist', 'JonasDemo123'),
    profile: {
      headline: 'SEO audits and Google Ads that pay for themselves',
      about: 'Technical SEO, keyword research and search campaigns for local businesses.',
      skills: ['SEO', 'Google Ads', 'Content strategy'],
      rate: { amount: 60, unit: 'hourly' },
      languages: ['Swedish', 'English'],
      timeZone: 'Europe/Stockholm',
      available: true,
      matchAlerts: true,
    },
    jobs: [
      {
        title: 'Local SEO for a dental clinic',
        category: 'Marketing',
        budget: 380,
        daysAgo: 33,
        poster: 2,
        review: [5, 'We show up first on the map now.'],
      },
      {
        title: 'Search campaign for an electrician',
        category: 'Marketing',
        budget: 250,
        daysAgo: 95,
        poster: 1,
        review: [4, 'Calls came in; reporting could be simpler.'],
      },
    ],
  },
  {
    ...person('Elena Rossi', 'ElenaDemo123'),
    profile: {
      headline: 'Spreadsheets that answer questions: Excel and Google Sheets',
      about: 'Dashboards, clean-ups and formulas that do not break when next month arrives.',
      skills: ['Excel', 'Google Sheets', 'Data cleaning'],
      rate: { amount: 30, unit: 'hourly' },
      languages: ['Italian', 'English'],
      timeZone: 'Europe/Rome',
      available: true,
      matchAlerts: true,
    },
    jobs: [
      {
        title: 'Clean a customer list of 5,000 rows',
        category: 'Data Entry',
        budget: 120,
        daysAgo: 16,
        poster: 0,
        review: [5, 'Fast and tidy, with notes on every merge.'],
      },
      {
        title: 'Stock tracker in Google Sheets',
        category: 'Data Entry',
        budget: 160,
        daysAgo: 50,
        poster: 1,
        review: [5, 'Exactly what our shop needed.'],
      },
      {
        title: 'Monthly budget dashboard in Excel',
        category: 'Data Entry',
        budget: 200,
        daysAgo: 85,
        poster: 2,
        review: [5, 'Pivot tables even I can update.'],
      },
    ],
  },
  {
    ...person('Mateo Silva', 'MateoDemo123'),
    profile: {
      headline: 'Research, transcription and careful data entry',
      about: 'Accurate, quiet and quick: web research, transcripts and catalogues typed up.',
      skills: ['Web research', 'Transcription', 'Data cleaning', 'Virtual assistant'],
      rate: { amount: 18, unit: 'hourly' },
      languages: ['Portuguese', 'Spanish', 'English'],
      timeZone: 'America/Sao_Paulo',
      available: true,
    },
    jobs: [
      {
        title: 'Transcribe six customer interviews',
        category: 'Data Entry',
        budget: 110,
        daysAgo: 22,
        poster: 2,
        review: [5, 'Accurate to the word, with timestamps.'],
      },
      {
        title: 'Research 80 venues for a conference',
        category: 'Data Entry',
        budget: 130,
        daysAgo: 58,
        poster: 0,
        review: [4, 'Thorough list; a few prices were outdated.'],
      },
    ],
  },
  {
    ...person('Hannah Kowalski', 'HannahDemo123'),
    profile: {
      headline: 'Product photos and short videos that sell',
      about:
        'Studio product photography and edits for online shops, plus short videos for social media.',
      skills: ['Photography', 'Video editing', 'Photoshop'],
      rate: { amount: 300, unit: 'fixed' },
      languages: ['Polish', 'English'],
      timeZone: 'Europe/Warsaw',
      available: false,
    },
    jobs: [
      {
        title: 'Photos of 40 candles for an online shop',
        category: 'Other',
        budget: 350,
        daysAgo: 27,
        poster: 1,
        review: [5, 'The photos made the shop look twice as good.'],
      },
      {
        title: 'Edit a one-minute brand video',
        category: 'Other',
        budget: 180,
        daysAgo: 72,
        poster: 2,
        review: [5, 'Tight cut and great captions.'],
      },
    ],
  },
  {
    ...person('Yusuf Demir', 'YusufDemo123'),
    profile: {
      headline: 'Node.js and Python back ends, payments and integrations',
      about:
        'APIs, webhooks, Stripe and the scripts that glue your tools together.\nTests included.',
      skills: ['Node.js', 'Python', 'SQL', 'TypeScript'],
      rate: { amount: 70, unit: 'hourly' },
      languages: ['Turkish', 'English', 'German'],
      timeZone: 'Europe/Istanbul',
      available: true,
      matchAlerts: true,
    },
    jobs: [
      {
        title: 'Stripe webhooks for a course platform',
        category: 'Web Development',
        budget: 480,
        daysAgo: 38,
        poster: 2,
        review: [5, 'Solid, tested and well explained.'],
      },
      {
        title: 'Sync a CRM with a Postgres database',
        category: 'Web Development',
        budget: 420,
        daysAgo: 88,
        poster: 0,
        review: [5, 'Runs every night without a hitch.'],
      },
    ],
  },
];

/** Skills of open demo tasks (by title), so their pages suggest freelancers to invite. */
export const DEMO_TASK_SKILLS: Readonly<Record<string, readonly string[]>> = {
  'Fix the broken contact form on our WordPress site': ['WordPress', 'PHP'],
  'Add Stripe Checkout to a small Express shop': ['Node.js', 'TypeScript', 'SQL'],
  'Convert a jQuery date-range picker to a React component': [
    'React',
    'TypeScript',
    'Accessibility',
  ],
  'Logo for a neighbourhood bakery': ['Logo design', 'Branding', 'Illustration'],
  'Onboarding screens for a habit-tracker app': ['UI design', 'Figma'],
  'Product descriptions for 30 handmade candles': ['Copywriting'],
  'SEO audit of a 40-page company website': ['SEO'],
  'Clean and deduplicate a CRM export of 3,000 rows': ['Data cleaning', 'Excel'],
  'Edit a three-minute product demo video': ['Video editing'],
};

/** The demo tasks of each freelancer's past jobs, and their hires, for demoTaskRows/addDemoLoop. */
export function demoJobStory(freelancerIndexBase: number): {
  tasks: DemoTask[];
  hires: DemoHire[];
} {
  const tasks: DemoTask[] = [];
  const hires: DemoHire[] = [];
  DEMO_FREELANCERS.forEach((freelancer, index) => {
    for (const job of freelancer.jobs) {
      tasks.push({
        title: job.title,
        category: job.category,
        description: `${job.title}. Done by ${freelancer.name}; the review says how it went.`,
        budget: job.budget,
        // Due two days after the work was delivered: on time.
        dueInDays: 2 - job.daysAgo,
        postedDaysAgo: job.daysAgo + 5,
        poster: job.poster,
      });
      hires.push({
        title: job.title,
        bidder: freelancerIndexBase + index,
        amount: job.budget,
        message: 'Happy to take this on; I have done this kind of work many times.',
        stage: 'completed',
        daysAgo: job.daysAgo,
        reviews: { ofFreelancer: job.review, ofPoster: [5, 'Clear brief and quick answers.'] },
      });
    }
  });
  return { tasks, hires };
}

/** The freelancers' profiles, written again from DEMO_FREELANCERS (the accounts are kept). */
export async function saveDemoProfiles(db: Kysely<Database>, ids: readonly string[]) {
  for (const [index, freelancer] of DEMO_FREELANCERS.entries()) {
    const id = ids[index];
    if (!id) throw new Error(`No account for demo freelancer ${freelancer.name}`);
    await saveFreelancerProfile(db, id, freelancerProfileInputSchema.parse(freelancer.profile));
  }
}

/** Writes DEMO_TASK_SKILLS on the demo tasks just inserted. */
export async function setDemoTaskSkills(
  db: Kysely<Database>,
  tasks: readonly Pick<Insertable<TaskTable>, 'id' | 'title'>[],
) {
  for (const task of tasks) {
    const skills = DEMO_TASK_SKILLS[task.title];
    if (skills && task.id) await setTaskSkills(db, task.id, skills);
  }
}
