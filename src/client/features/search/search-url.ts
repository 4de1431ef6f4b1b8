import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  budgetOf,
  emptyRangesOf,
  searchFiltersToParams,
  type SearchFilters,
  type SearchRange,
} from '../../../shared/search-rules.ts';
import { readSearchUrl } from '../../../shared/search-page-read.ts';
import { SAME_PAGE_STATE } from '../../lib/navigation-state.ts';
import { searchPageUrl } from '../../lib/paths.ts';

/** How long typing pauses before the search runs (and the URL is rewritten in place). */
export const SEARCH_DEBOUNCE_MS = 300;

/** What is typed and not yet searched: the words and the budget range, as the inputs hold them. */
export interface SearchDraft {
  q: string;
  minBudget: string;
  maxBudget: string;
}

/** What the form says when a range is empty (the API refuses it: src/shared/search.ts). */
export const RANGE_MESSAGES: Record<SearchRange, string> = {
  budget: 'The minimum budget is more than the maximum.',
  deadline: 'The first deadline day is after the last.',
};

/** Which range of the filters is empty, if any (the rule the API keeps: emptyRangesOf). */
const rangeProblemOf = (filters: SearchFilters) => emptyRangesOf(filters)[0] ?? null;

export {
  readSearchUrl,
  searchApiUrl,
  searchPageEarlyUrl,
  type SearchPageRequest,
} from '../../../shared/search-page-read.ts';

export const searchKey = (filters: SearchFilters) => searchFiltersToParams(filters).toString();

const draftOf = (filters: SearchFilters): SearchDraft => ({
  q: filters.q ?? '',
  minBudget: filters.minBudget?.toString() ?? '',
  maxBudget: filters.maxBudget?.toString() ?? '',
});

const withDraft = (filters: SearchFilters, draft: SearchDraft): SearchFilters => ({
  ...filters,
  q: draft.q.trim() || undefined,
  minBudget: budgetOf(draft.minBudget),
  maxBudget: budgetOf(draft.maxBudget),
});

/**
 * A search page's state, held in its URL (issue 11) so that Back, Forward, a reload and a shared
 * link all show the same page. A choice (a category, a sort, a page) is a new history entry;
 * typing rewrites the current entry once it pauses, rather than adding one per key.
 */
export function useSearchUrl() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const query = params.toString();
  const { filters, page } = useMemo(() => readSearchUrl(new URLSearchParams(query)), [query]);

  const [draft, setDraft] = useState(() => draftOf(filters));
  // A URL this page did not write (Back, Forward, a link) replaces what is being typed.
  const written = useRef(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    if (query !== written.current) setDraft(draftOf(filters));
  }

  const go = (next: SearchFilters, nextPage: number, replace: boolean) => {
    const url = searchPageUrl(pathname, next, nextPage);
    written.current = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    navigate(url, { replace, state: SAME_PAGE_STATE });
  };

  const typed = withDraft(filters, draft);
  const typedKey = searchKey(typed);
  const problem = rangeProblemOf(typed);
  useEffect(() => {
    if (problem || typedKey === searchKey(filters)) return;
    const timer = setTimeout(() => go(typed, 1, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `typed` is what typedKey names; `go` only reads the location.
  }, [typedKey, filters, problem]);

  return {
    filters,
    page,
    draft,
    /** Changes what is typed; the search follows when typing pauses. */
    setDraft: (change: Partial<SearchDraft>) => setDraft((current) => ({ ...current, ...change })),
    /** The range that the typed or chosen values leave empty: nothing is searched meanwhile. */
    problem,
    /** A choice: applied at once, with what is typed, from the first page. */
    choose: (change: Partial<SearchFilters>) => {
      const next = { ...typed, ...change };
      if (!rangeProblemOf(next)) go(next, 1, false);
    },
    /** Every filter off: the page as first opened. */
    clear: () => {
      setDraft(draftOf({}));
      go({}, 1, false);
    },
    /** The URL of another page of this search. */
    pageUrl: (number: number) => searchPageUrl(pathname, filters, number),
  };
}
