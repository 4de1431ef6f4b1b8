import { z } from 'zod';
import { budgetSchema } from './tasks.ts';
import { SKILL_MESSAGES, skillListSchema } from './skill-key.ts';
import type { Category } from './task-constants.ts';

/**
 * Issue 50 "Profiles": what a freelancer says of themselves, edited on a page of its own (the
 * spec's edit-profile form stays as it is). Others read it with contact details masked.
 */

export const HEADLINE_MAX_LENGTH = 80;
export const ABOUT_MAX_LENGTH = 2000;
export const SKILLS_MAX = 15;
export { SKILL_MAX_LENGTH, skillKey } from './skill-key.ts';
export const LANGUAGES_MAX = 10;
export const LANGUAGE_MAX_LENGTH = 40;

/** Skills offered as one types, per category; any other may be typed too. */
export const SKILLS_BY_CATEGORY: Record<Category, readonly string[]> = {
  'Web Development': [
    'React',
    'TypeScript',
    'JavaScript',
    'Node.js',
    'WordPress',
    'Shopify',
    'HTML & CSS',
    'PHP',
    'Python',
    'SQL',
    'Accessibility',
  ],
  Design: [
    'Logo design',
    'Branding',
    'Illustration',
    'UI design',
    'Figma',
    'Photoshop',
    'Print design',
    'Packaging',
  ],
  Writing: ['Copywriting', 'Blog posts', 'Proofreading', 'Translation', 'Technical writing', 'CVs'],
  Marketing: ['SEO', 'Social media', 'Email marketing', 'Google Ads', 'Content strategy'],
  'Data Entry': ['Excel', 'Google Sheets', 'Data cleaning', 'Web research', 'Transcription'],
  Other: ['Photography', 'Video editing', 'Virtual assistant', 'Handyman', 'Moving help'],
};

/** Every curated skill once, in the categories' order. */
export const CURATED_SKILLS: readonly string[] = [
  ...new Set(Object.values(SKILLS_BY_CATEGORY).flat()),
];

export const RATE_UNITS = ['fixed', 'hourly'] as const;
export type RateUnit = (typeof RATE_UNITS)[number];
export const RATE_UNIT_LABELS: Record<RateUnit, string> = {
  fixed: 'starting price',
  hourly: 'per hour',
};

/** The links a profile may show, and the hosts each must be on (the website: any). */
export const PROFILE_LINK_KINDS = ['website', 'github', 'behance', 'dribbble', 'linkedin'] as const;
export type ProfileLinkKind = (typeof PROFILE_LINK_KINDS)[number];
export const PROFILE_LINK_LABELS: Record<ProfileLinkKind, string> = {
  website: 'Website',
  github: 'GitHub',
  behance: 'Behance',
  dribbble: 'Dribbble',
  linkedin: 'LinkedIn',
};
const LINK_HOSTS: Record<ProfileLinkKind, string | null> = {
  website: null,
  github: 'github.com',
  behance: 'behance.net',
  dribbble: 'dribbble.com',
  linkedin: 'linkedin.com',
};

export const FREELANCER_PROFILE_MESSAGES = {
  headlineTooLong: `A headline must be at most ${HEADLINE_MAX_LENGTH} characters.`,
  aboutTooLong: `About must be at most ${ABOUT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  tooManySkills: `At most ${SKILLS_MAX} skills.`,
  ...SKILL_MESSAGES,
  tooManyLanguages: `At most ${LANGUAGES_MAX} languages.`,
  languageInvalid: `A language must be 1 to ${LANGUAGE_MAX_LENGTH} characters.`,
  rateUnitInvalid: 'The rate must be a starting price or per hour.',
  timeZoneInvalid: 'Please choose a time zone from the list (for example Europe/Berlin).',
  linkInvalid: (label: string) => `${label} must be a full https:// address.`,
  linkWrongHost: (label: string, host: string) => `${label} must be an address on ${host}.`,
  saved: 'Your freelancer profile is saved.',
} as const;

const M = FREELANCER_PROFILE_MESSAGES;

/** Whether the runtime knows the IANA time zone (Node and every browser we support do). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** Why a link of this kind is not acceptable, or null. */
export function profileLinkProblem(kind: ProfileLinkKind, value: string): string | null {
  const label = PROFILE_LINK_LABELS[kind];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return M.linkInvalid(label);
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) {
    return M.linkInvalid(label);
  }
  const host = LINK_HOSTS[kind];
  const onHost = !host || url.hostname === host || url.hostname.endsWith(`.${host}`);
  return onHost ? null : M.linkWrongHost(label, host);
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((text) => text || null)
    .nullable()
    .default(null);

/** One link: empty or left out is none. */
const linkField = (kind: ProfileLinkKind) =>
  z
    .string()
    .trim()
    .max(500, M.linkInvalid(PROFILE_LINK_LABELS[kind]))
    .superRefine((value, ctx) => {
      const problem = value && profileLinkProblem(kind, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value || null)
    .nullable()
    .default(null);

const linksSchema = z
  .object({
    website: linkField('website'),
    github: linkField('github'),
    behance: linkField('behance'),
    dribbble: linkField('dribbble'),
    linkedin: linkField('linkedin'),
  })
  .default({ website: null, github: null, behance: null, dribbble: null, linkedin: null });

/** PUT /api/me/freelancer-profile: the whole profile; what is left out is cleared. */
export const freelancerProfileInputSchema = z.object({
  headline: optionalText(HEADLINE_MAX_LENGTH, M.headlineTooLong).describe(
    'One line: what you do best',
  ),
  about: optionalText(ABOUT_MAX_LENGTH, M.aboutTooLong).describe(
    'Plain text with line breaks; contact details are hidden from others',
  ),
  skills: skillListSchema(SKILLS_MAX, M.tooManySkills)
    .default([])
    .describe('From the curated list of each category (GET /api/skills) or typed'),
  rate: z
    .object({
      amount: budgetSchema,
      unit: z.enum(RATE_UNITS, { error: M.rateUnitInvalid }),
    })
    .nullable()
    .default(null)
    .describe('USD, by the budget rules; optional'),
  languages: z
    .array(z.string().trim().min(1, M.languageInvalid).max(LANGUAGE_MAX_LENGTH, M.languageInvalid))
    .max(LANGUAGES_MAX, M.tooManyLanguages)
    .default([]),
  timeZone: z
    .string()
    .trim()
    .max(64, M.timeZoneInvalid)
    .refine((zone) => zone === '' || isTimeZone(zone), M.timeZoneInvalid)
    .transform((zone) => zone || null)
    .nullable()
    .default(null)
    .describe('IANA name, for example Europe/Berlin'),
  links: linksSchema,
  available: z.boolean().default(false).describe('"Available now": open to new work'),
  // Issue 50, "Tasks that fit": left out, the choice stays as it was.
  matchAlerts: z
    .boolean()
    .optional()
    .describe(
      'Tell me of new tasks that share one of my skills and are within my rate (in the app, and by mail per the `matched_tasks` preference); left out: unchanged',
    ),
});
export type FreelancerProfileInput = z.input<typeof freelancerProfileInputSchema>;
export type FreelancerProfileFields = z.output<typeof freelancerProfileInputSchema>;

/** The profile as answered (GET /api/users/{id} `freelancerProfile`, GET /api/me/freelancer-profile). */
export const freelancerProfileSchema = z.object({
  headline: z.string().nullable(),
  about: z.string().nullable(),
  skills: z.array(z.string()),
  rate: z.object({ amount: z.number(), unit: z.enum(RATE_UNITS) }).nullable(),
  languages: z.array(z.string()),
  timeZone: z.string().nullable(),
  links: z.object(
    Object.fromEntries(PROFILE_LINK_KINDS.map((kind) => [kind, z.string().nullable()])) as Record<
      ProfileLinkKind,
      z.ZodNullable<z.ZodString>
    >,
  ),
  available: z.boolean(),
  matchAlerts: z.boolean().describe('Told of new tasks that fit my skills'),
  updatedAt: z.string().nullable().describe('Null: never filled in'),
});
export type FreelancerProfile = z.infer<typeof freelancerProfileSchema>;

export const EMPTY_FREELANCER_PROFILE: FreelancerProfile = {
  headline: null,
  about: null,
  skills: [],
  rate: null,
  languages: [],
  timeZone: null,
  links: Object.fromEntries(PROFILE_LINK_KINDS.map((kind) => [kind, null])) as Record<
    ProfileLinkKind,
    null
  >,
  available: false,
  matchAlerts: false,
  updatedAt: null,
};

/** GET /api/skills: the curated skills of each category. */
export const skillCategoriesSchema = z.object({
  categories: z.array(z.object({ category: z.string(), skills: z.array(z.string()) })),
});
