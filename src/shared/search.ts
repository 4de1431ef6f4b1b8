import { z } from 'zod';
import {
  emptyRangesOf,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SEARCH_MESSAGES,
  SEARCH_SORTS,
  SEARCH_STATUSES,
  SEARCH_TEXT_MAX_LENGTH,
  SEARCH_TOTAL_CAP,
} from './search-rules.ts';
import {
  BUDGET_MAX,
  CATEGORIES,
  CATEGORY_ALL,
  isCalendarDate,
  requiredText,
  taskSchema,
  type Category,
} from './tasks.ts';

export * from './search-rules.ts';

const M = SEARCH_MESSAGES;

/** A number from text or JSON, within bounds; blank text is no value. */
export function numberParam(message: string, { min, max, isInteger = false }: NumberBounds) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === '') return undefined;
      const number = Number(text);
      const isValid =
        Number.isFinite(number) &&
        number >= min &&
        number <= max &&
        (!isInteger || Number.isInteger(number));
      if (!isValid) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    })
    .optional();
}
interface NumberBounds {
  min: number;
  max: number;
  isInteger?: boolean;
}

const dateParam = z
  .string({ error: M.dateInvalid })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), M.dateInvalid)
  .transform((value) => value || undefined)
  .optional();

/** One category, several (repeated or comma separated), or All / none for every category. */
const categoriesParam = z
  .union([z.string(), z.array(z.string())], { error: M.categoryInvalid })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== '' && item !== CATEGORY_ALL),
  )
  .refine(
    (list) => list.every((item) => (CATEGORIES as readonly string[]).includes(item)),
    M.categoryInvalid,
  )
  .transform((list) => (list.length ? [...new Set(list as Category[])] : undefined))
  .optional();

const searchFilterFields = {
  q: z
    .string({ error: M.qInvalid })
    .trim()
    .max(SEARCH_TEXT_MAX_LENGTH, M.qInvalid)
    .transform((value) => value || undefined)
    .optional()
    .describe('Words in the title or description: every word required, the last also as a prefix'),
  category: categoriesParam.describe('One or more categories (repeat it, or comma separated)'),
  minBudget: numberParam(M.budgetInvalid, { min: 0, max: BUDGET_MAX }).describe('USD'),
  maxBudget: numberParam(M.budgetInvalid, { min: 0, max: BUDGET_MAX }).describe('USD'),
  deadlineFrom: dateParam.describe('YYYY-MM-DD, inclusive'),
  deadlineTo: dateParam.describe('YYYY-MM-DD, inclusive'),
  status: z
    .enum(SEARCH_STATUSES, { error: M.statusInvalid })
    .optional()
    .describe('`open` (the default): open tasks whose deadline has not passed; `all`'),
  sort: z
    .enum(SEARCH_SORTS, { error: M.sortInvalid })
    .optional()
    .describe('Default `relevance` with q, else `newest`; ties newest first'),
};

const RANGE_ISSUES = {
  budget: { message: M.budgetRange, path: ['minBudget'] },
  deadline: { message: M.dateRange, path: ['deadlineFrom'] },
} as const;

/** The rules between two filters: a budget range and a deadline window that are not empty. */
function checkRanges(filters: Parameters<typeof emptyRangesOf>[0], ctx: z.RefinementCtx) {
  for (const range of emptyRangesOf(filters)) {
    const { message, path } = RANGE_ISSUES[range];
    ctx.addIssue({ code: 'custom', message, path: [...path] });
  }
}

/**
 * What a search asks for (issue 11): the text, the filters and the order. The query string of
 * GET /api/tasks/search and the stored query of a saved search are read by these same fields.
 */
export const searchFiltersSchema = z.object(searchFilterFields).superRefine(checkRanges);
export type SearchQuery = z.output<typeof searchFiltersSchema>;

/** An `asOf` token: the last task posted when the search began, and that day (UTC). */
export const AS_OF_PATTERN = /^(\d{1,15})\.(\d{4}-\d{2}-\d{2})$/;

/** `page` and `pageSize` of a query string (the task search, the freelancer directory). */
export const pageFields = (pageSizeDefault: number) => ({
  page: numberParam(M.pageInvalid, { min: 1, max: PAGE_MAX, isInteger: true }).describe(
    'From 1 (the default)',
  ),
  pageSize: numberParam(M.pageSizeInvalid, {
    min: 1,
    max: PAGE_SIZE_MAX,
    isInteger: true,
  }).describe(`1–${PAGE_SIZE_MAX}, default ${pageSizeDefault}`),
});

/** The query string of GET /api/tasks/search: the search, then the page. */
export const taskSearchQuerySchema = z
  .object({
    ...searchFilterFields,
    ...pageFields(PAGE_SIZE_DEFAULT),
    asOf: z
      .string({ error: M.asOfInvalid })
      .regex(AS_OF_PATTERN, M.asOfInvalid)
      .refine((value) => isCalendarDate(value.slice(value.indexOf('.') + 1)), M.asOfInvalid)
      .optional()
      .describe(
        'The asOf of the first page: later pages then list the same tasks in the same order, however many are posted meanwhile',
      ),
  })
  .superRefine(checkRanges);
export type TaskSearchQuery = z.output<typeof taskSearchQuerySchema>;

export const taskSearchResultSchema = z.object({
  items: z.array(taskSchema),
  total: z
    .number()
    .int()
    .describe(
      `Tasks matching, over every page; counted up to ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} (see totalIsLowerBound)`,
    ),
  totalIsLowerBound: z
    .boolean()
    .describe(
      `True when more than ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} tasks match: total is then ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} ("1,000+"), and with sort=relevance the pages rank the newest ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} matches`,
    ),
  page: z.number().int(),
  pageSize: z.number().int(),
  asOf: z.string().describe('Pass it back with the next pages of this search'),
});
export type TaskSearchResult = z.infer<typeof taskSearchResultSchema>;

/** The body of POST /api/me/saved-searches. */
export const savedSearchInputSchema = z.object({
  name: requiredText(M.nameRequired, SAVED_SEARCH_NAME_MAX_LENGTH, M.nameTooLong),
  query: searchFiltersSchema,
});
export type SavedSearchInput = z.output<typeof savedSearchInputSchema>;

/** The filters as stored and answered: each one set, or left out. */
export const searchFiltersOutputSchema = z.object({
  q: z.string().optional(),
  category: z.array(z.enum(CATEGORIES)).optional(),
  minBudget: z.number().optional(),
  maxBudget: z.number().optional(),
  deadlineFrom: z.string().optional(),
  deadlineTo: z.string().optional(),
  status: z.enum(SEARCH_STATUSES).optional(),
  sort: z.enum(SEARCH_SORTS).optional(),
});

export const savedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  query: searchFiltersOutputSchema,
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchIdParamsSchema = z.object({ id: z.string() });
