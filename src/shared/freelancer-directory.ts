import { z } from 'zod';
import { freelancerProfileSchema, SKILL_MAX_LENGTH } from './freelancer-profiles.ts';
import { numberParam, pageFields, SEARCH_MESSAGES, searchFiltersSchema } from './search.ts';
import {
  PAGE_MAX,
  PAGE_SIZE_MAX,
  SEARCH_TEXT_MAX_LENGTH,
  SEARCH_TOTAL_CAP,
} from './search-rules.ts';
import { BUDGET_MAX, CATEGORIES, type Category } from './tasks.ts';
import { userSummarySchema } from './user-summary.ts';

/**
 * Issue 50 "The directory": GET /api/freelancers finds people who filled in a freelancer
 * profile, by words, skills, category, rating, price and "available now".
 */

export const DIRECTORY_SORTS = ['relevance', 'rating', 'completed', 'response', 'newest'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_SORT_LABELS: Record<DirectorySort, string> = {
  relevance: 'Best match',
  rating: 'Highest rated',
  completed: 'Most tasks completed',
  response: 'Fastest response',
  newest: 'Recently updated',
};
export const DIRECTORY_PAGE_SIZE_DEFAULT = 12;
export const DIRECTORY_PAGE_SIZE_MAX = PAGE_SIZE_MAX;
export const DIRECTORY_SKILLS_MAX = 10;
/** How many of a person's skills a card shows. */
export const DIRECTORY_CARD_SKILLS = 6;

export const DIRECTORY_MESSAGES = {
  qInvalid: SEARCH_MESSAGES.qInvalid,
  skillInvalid: `skill must be up to ${DIRECTORY_SKILLS_MAX} skills, each 1 to ${SKILL_MAX_LENGTH} characters.`,
  categoryInvalid: `category must be one of: ${CATEGORIES.join(', ')}.`,
  minRatingInvalid: 'minRating must be a number from 1 to 5.',
  maxPriceInvalid: `maxPrice must be an amount in USD from 0 to ${BUDGET_MAX.toLocaleString('en-US')}.`,
  availableInvalid: 'available must be true or false.',
  sortInvalid: `sort must be one of: ${DIRECTORY_SORTS.join(', ')}.`,
  pageInvalid: SEARCH_MESSAGES.pageInvalid,
  pageSizeInvalid: SEARCH_MESSAGES.pageSizeInvalid,
} as const;
const M = DIRECTORY_MESSAGES;

/** One skill, several (repeated or comma separated); blank is none. */
const skillsParam = z
  .union([z.string(), z.array(z.string())], { error: M.skillInvalid })
  .transform((value, ctx) => {
    const list = (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim().replace(/\s+/g, ' '))
      .filter((item) => item !== '');
    if (list.length > DIRECTORY_SKILLS_MAX || list.some((s) => s.length > SKILL_MAX_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: M.skillInvalid });
      return z.NEVER;
    }
    return list.length ? [...new Set(list)] : undefined;
  })
  .optional();

/** The query string of GET /api/freelancers. */
export const directoryQuerySchema = z.object({
  q: searchFiltersSchema.shape.q.describe(
    'Words in the headline, about or skills as others read them (contact details hidden): each word required, as a word or the start of one, any case and accents',
  ),
  skill: skillsParam.describe(
    'One or more skills (repeat it, or comma separated), any case: a person must have every one',
  ),
  category: z
    .union([z.enum(CATEGORIES), z.literal('')], { error: M.categoryInvalid })
    .transform((value) => (value === '' ? undefined : (value as Category)))
    .optional()
    .describe("People with at least one of the category's curated skills (GET /api/skills)"),
  minRating: numberParam(M.minRatingInvalid, { min: 1, max: 5 }).describe(
    'Average of public reviews at least this (1–5); people without reviews are left out',
  ),
  maxPrice: numberParam(M.maxPriceInvalid, { min: 0, max: BUDGET_MAX }).describe(
    'USD: a rate (starting price or per hour) at most this; people without a rate are left out',
  ),
  available: z
    .enum(['true', 'false', ''], { error: M.availableInvalid })
    .transform((value) => value === 'true')
    .optional()
    .describe('true: only people "available now"'),
  sort: z
    .enum(DIRECTORY_SORTS, { error: M.sortInvalid })
    .optional()
    .describe(
      '`relevance` (the default with q: words in the headline and skills count most; ranks the newest 1,000 matches), `rating`, `completed` (tasks completed), `response` (median response time, fastest first, people without one last), `newest` (profile updated; the default without q)',
    ),
  ...pageFields(DIRECTORY_PAGE_SIZE_DEFAULT),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export const directoryItemSchema = userSummarySchema.omit({ accountState: true }).extend({
  headline: z.string().nullable().describe('Contact details hidden'),
  skills: z.array(z.string()).describe(`The first ${DIRECTORY_CARD_SKILLS} skills`),
  rate: freelancerProfileSchema.shape.rate,
  available: z.boolean(),
  rating: z.object({
    average: z
      .number()
      .nullable()
      .describe('Of public reviews, 2 decimals, as last counted (a minute or so); null when none'),
    count: z.number().int(),
  }),
  jobsCompleted: z.number().int(),
});
export type DirectoryItem = z.infer<typeof directoryItemSchema>;

export const directoryResultSchema = z.object({
  items: z.array(directoryItemSchema),
  total: z
    .number()
    .int()
    .describe(
      `People matching, over every page; counted up to ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} (see totalIsLowerBound)`,
    ),
  totalIsLowerBound: z
    .boolean()
    .describe(
      `True when more than ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} people match: total is then ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} ("1,000+")`,
    ),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DirectoryResult = z.infer<typeof directoryResultSchema>;

/** The directory's filters as the page's URL and the API's query string hold them. */
export interface DirectoryFilters {
  q?: string | undefined;
  skill?: string | undefined;
  category?: Category | undefined;
  minRating?: number | undefined;
  maxPrice?: number | undefined;
  available?: boolean | undefined;
  sort?: DirectorySort | undefined;
  page?: number | undefined;
}

export function directoryFiltersToParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.skill?.trim()) params.set('skill', filters.skill.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.minRating !== undefined) params.set('minRating', String(filters.minRating));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.available) params.set('available', 'true');
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page !== undefined && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The page's URL read back leniently: what does not parse is left out. */
export function directoryFiltersFromParams(params: URLSearchParams): DirectoryFilters {
  const number = (name: string, min: number, max: number) => {
    const value = Number(params.get(name) ?? '');
    return params.get(name) && Number.isFinite(value) && value >= min && value <= max
      ? value
      : undefined;
  };
  const category = params.get('category');
  const sort = params.get('sort');
  const page = number('page', 1, PAGE_MAX);
  return {
    q: params.get('q')?.slice(0, SEARCH_TEXT_MAX_LENGTH) || undefined,
    skill: params.get('skill')?.slice(0, SKILL_MAX_LENGTH) || undefined,
    category: (CATEGORIES as readonly string[]).includes(category ?? '')
      ? (category as Category)
      : undefined,
    minRating: number('minRating', 1, 5),
    maxPrice: number('maxPrice', 0, BUDGET_MAX),
    available: params.get('available') === 'true' || undefined,
    sort: (DIRECTORY_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as DirectorySort)
      : undefined,
    page: page === undefined ? undefined : Math.floor(page),
  };
}
