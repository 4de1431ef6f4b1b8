/**
 * The first read of a search page (Browse Tasks, the dashboard's All Tasks; issue 11), from its
 * URL: the web app's search pages read their URL with it (src/client/features/search/search-url.ts)
 * and the server names the read in a first visit's `Link` header (src/server/page-preload.ts,
 * issue 51), so both ask for the same URL. Without zod, so the app reads its URL cheaply.
 */
import {
  emptyRangesOf,
  PAGE_MAX,
  searchFiltersFromParams,
  searchFiltersToParams,
  type SearchFilters,
} from './search-rules.ts';

/** Links from before issue 11 sorted by budget with `sort=asc|desc` (spec §9): read them so. */
const LEGACY_SORTS: Record<string, SearchFilters['sort']> = {
  asc: 'budget_asc',
  desc: 'budget_desc',
};

/** The search and page a URL asks for; anything not valid is left out (a hand-edited link opens). */
export function readSearchUrl(params: URLSearchParams): { filters: SearchFilters; page: number } {
  const filters = searchFiltersFromParams(params);
  filters.sort ??= LEGACY_SORTS[params.get('sort') ?? ''];
  if (emptyRangesOf(filters)[0] === 'budget') filters.maxBudget = undefined;
  if (emptyRangesOf(filters)[0] === 'deadline') filters.deadlineTo = undefined;
  const page = Number(params.get('page') ?? 1);
  return { filters, page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1 };
}

/** Which page of a search to read; `asOf` from the first page keeps later pages in step. */
export interface SearchPageRequest {
  page?: number;
  pageSize?: number;
  asOf?: string | undefined;
}

/** The API's URL of a page of a search (the app's search-api.ts reads it). */
export function searchApiUrl(filters: SearchFilters, { page, pageSize, asOf }: SearchPageRequest) {
  const params = searchFiltersToParams(filters);
  if (page && page > 1) params.set('page', String(page));
  if (pageSize) params.set('pageSize', String(pageSize));
  if (asOf) params.set('asOf', asOf);
  return `/api/tasks/search?${params}`;
}

/**
 * What a search page reads first when its URL (`search`, its query string) names the first page
 * of a search. A later page is read with the first page's `asOf` when the search was just shown,
 * so its URL is not known ahead.
 */
export function searchPageEarlyUrl(search: string): string | undefined {
  const { filters, page } = readSearchUrl(new URLSearchParams(search));
  return page === 1 ? searchApiUrl(filters, {}) : undefined;
}
