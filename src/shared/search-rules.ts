/**
 * Search (issue 11): its constants, messages and the words of a query, without zod, so the Browse
 * page reads and writes its URL with them cheaply. src/shared/search.ts builds the schemas on them.
 */
import { BUDGET_MAX, CATEGORIES, isCalendarDate, type Category } from './task-rules.ts';
import { SEARCH_SORTS, SEARCH_STATUSES, type SearchFilters } from './search-params.ts';

export {
  SEARCH_SORTS,
  SEARCH_STATUSES,
  searchFiltersToParams,
  type SearchFilters,
  type SearchSort,
  type SearchStatus,
} from './search-params.ts';

export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 50;
/** Deep pages cost a walk over every task before them; nobody reads 10,000 pages. */
export const PAGE_MAX = 10_000;
export const SEARCH_TEXT_MAX_LENGTH = 200;
/**
 * A search counts its matches up to this many: beyond it the answer says `total` 1,000 with
 * `totalIsLowerBound` (the web app shows "1,000+"), and relevance ranks the newest 1,000 matches.
 * Counting every match of a broad query cost more than the page itself (docs/decisions/012-search.md).
 */
export const SEARCH_TOTAL_CAP = 1000;

export const SAVED_SEARCH_NAME_MAX_LENGTH = 60;
export const SAVED_SEARCHES_MAX = 20;

export type SearchRange = 'budget' | 'deadline';

/**
 * The ranges a search leaves empty: a minimum budget above the maximum, a first deadline day
 * after the last. The API refuses them (src/shared/search.ts); the Browse form says so.
 */
export function emptyRangesOf(
  filters: Pick<SearchFilters, 'minBudget' | 'maxBudget' | 'deadlineFrom' | 'deadlineTo'>,
): SearchRange[] {
  const { minBudget, maxBudget, deadlineFrom, deadlineTo } = filters;
  const empty: SearchRange[] = [];
  if (minBudget !== undefined && maxBudget !== undefined && minBudget > maxBudget) {
    empty.push('budget');
  }
  if (deadlineFrom && deadlineTo && deadlineFrom > deadlineTo) empty.push('deadline');
  return empty;
}

export const SEARCH_MESSAGES = {
  qInvalid: `q must be one text of at most ${SEARCH_TEXT_MAX_LENGTH} characters.`,
  categoryInvalid: `category must be one or more of: ${CATEGORIES.join(', ')} (or All).`,
  budgetInvalid: `minBudget and maxBudget must be numbers from 0 to ${BUDGET_MAX.toLocaleString('en-US')}.`,
  budgetRange: 'minBudget must not be more than maxBudget.',
  dateInvalid: 'deadlineFrom and deadlineTo must be real dates written as YYYY-MM-DD.',
  dateRange: 'deadlineFrom must not be after deadlineTo.',
  statusInvalid: `status must be one of: ${SEARCH_STATUSES.join(', ')}.`,
  sortInvalid: `sort must be one of: ${SEARCH_SORTS.join(', ')}.`,
  pageInvalid: `page must be a whole number from 1 to ${PAGE_MAX.toLocaleString('en-US')}.`,
  pageSizeInvalid: `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}.`,
  asOfInvalid: 'asOf must be the asOf of an earlier search answer.',
  nameRequired: 'Give the search a name.',
  nameTooLong: `The name can be at most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters.`,
  nameTaken: 'You already have a saved search with that name.',
  tooMany: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
  savedSearchNotFound: 'Saved search not found.',
  loadFailed: 'The tasks could not be loaded.',
  noResults: 'No tasks match this search.',
} as const;

/**
 * The words of a search: runs of letters and digits, lower-cased, in order. Everything else
 * (quotes, full-text operators, punctuation) only separates words, so any text is a safe query
 * on either engine, and both split a task's text at the same places (migration 0005).
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** A budget as written in a URL or a field: a number from 0 to BUDGET_MAX, else none. */
export const budgetOf = (value: string | null): number | undefined => {
  if (value === null || !value.trim()) return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= BUDGET_MAX ? number : undefined;
};

/**
 * The search filters of a URL, leniently: a value that is not valid is left out rather than
 * refused, so a hand-edited link still opens a page. `category=All` means every category (spec §2).
 */
export function searchFiltersFromParams(params: URLSearchParams): SearchFilters {
  const category = params
    .getAll('category')
    .flatMap((value) => value.split(','))
    .filter((value): value is Category => isOneOf(CATEGORIES, value));
  const date = (name: string) => {
    const value = params.get(name);
    return value && isCalendarDate(value) ? value : undefined;
  };
  const status = params.get('status');
  const sort = params.get('sort');
  return {
    q: params.get('q')?.slice(0, SEARCH_TEXT_MAX_LENGTH) || undefined,
    category: category.length ? [...new Set(category)] : undefined,
    minBudget: budgetOf(params.get('minBudget')),
    maxBudget: budgetOf(params.get('maxBudget')),
    deadlineFrom: date('deadlineFrom'),
    deadlineTo: date('deadlineTo'),
    status: isOneOf(SEARCH_STATUSES, status) ? status : undefined,
    sort: isOneOf(SEARCH_SORTS, sort) ? sort : undefined,
  };
}
