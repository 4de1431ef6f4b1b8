/**
 * A search's filters and their query string (issue 11), alone in a module that imports only
 * types: every page's links are built with it (src/client/lib/paths.ts), so it stays in the
 * first page's JavaScript, which has a budget. The rest of the rules: search-rules.ts, which
 * imports this module and never the other way (issue 48: no import circles).
 */
import type { Category } from './task-constants.ts';

export const SEARCH_SORTS = [
  'relevance',
  'newest',
  'deadline',
  'budget_asc',
  'budget_desc',
  'bids',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** `open` (the default): open tasks whose deadline has not passed; `all`: every task. */
export const SEARCH_STATUSES = ['open', 'all'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

/**
 * A search as the Browse page and saved searches hold it: every filter optional, categories a
 * list (none means all). The API's query string (src/shared/search.ts) reads into this shape.
 */
export interface SearchFilters {
  q?: string | undefined;
  category?: Category[] | undefined;
  minBudget?: number | undefined;
  maxBudget?: number | undefined;
  deadlineFrom?: string | undefined;
  deadlineTo?: string | undefined;
  status?: SearchStatus | undefined;
  sort?: SearchSort | undefined;
}

/** The search filters as query-string pairs, in one order, leaving out what is unset. */
export function searchFiltersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  for (const category of filters.category ?? []) params.append('category', category);
  if (filters.minBudget !== undefined) params.set('minBudget', String(filters.minBudget));
  if (filters.maxBudget !== undefined) params.set('maxBudget', String(filters.maxBudget));
  if (filters.deadlineFrom) params.set('deadlineFrom', filters.deadlineFrom);
  if (filters.deadlineTo) params.set('deadlineTo', filters.deadlineTo);
  if (filters.status && filters.status !== 'open') params.set('status', filters.status);
  if (filters.sort) params.set('sort', filters.sort);
  return params;
}
