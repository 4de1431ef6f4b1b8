import { useEffect, useRef, useState } from 'react';
import type { SearchFilters, TaskSearchResult } from '../../../shared/search.ts';
import { errorMessage } from '../../lib/use-form.ts';
import { searchApi } from './search-api.ts';
import { searchKey } from './search-url.ts';

/**
 * Why a search shows nothing: the spec's two empty states (§8) where they fit, else a search that
 * matched nothing (issue 11).
 */
export type EmptyReason = 'noTasks' | 'noTasksInCategory' | 'noResults';

export interface SearchResults {
  result: TaskSearchResult | null;
  /** Set when the search matched nothing. */
  emptyReason: EmptyReason | null;
  isLoading: boolean;
  /** The refusal's or the network's message when the last load failed. */
  error: string | null;
  retry(): void;
}

/** Whether any filter narrows the search (the order does not). */
export function hasFilters(filters: SearchFilters): boolean {
  return searchKey({ ...filters, sort: undefined }) !== '';
}

/** 'No tasks available.' when there are none at all, the category's message when only it narrows. */
async function emptyReasonOf(filters: SearchFilters): Promise<EmptyReason> {
  if (!hasFilters(filters) || (await searchApi.countTasks({})) === 0) return 'noTasks';
  const isCategoryOnly = !hasFilters({ ...filters, category: undefined });
  return isCategoryOnly ? 'noTasksInCategory' : 'noResults';
}

/**
 * One page of a search, loaded whenever the search or the page changes; the last answer stays on
 * screen while the next loads. Later pages pass the first page's asOf so that tasks posted
 * meanwhile do not shift them.
 */
export function useSearchResults(
  filters: SearchFilters,
  page: number,
  pageSize?: number,
): SearchResults {
  const key = searchKey(filters);
  const asOf = useRef<{ key: string; asOf: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<SearchResults, 'retry'>>({
    result: null,
    emptyReason: null,
    isLoading: true,
    error: null,
  });

  useEffect(() => {
    let isCurrent = true;
    setState((current) => ({ ...current, isLoading: true, error: null }));
    const keptAsOf = page > 1 && asOf.current?.key === key ? asOf.current.asOf : undefined;
    (async () => {
      const result = await searchApi.searchTasks(filters, { page, pageSize, asOf: keptAsOf });
      const emptyReason = result.total === 0 ? await emptyReasonOf(filters) : null;
      return { result, emptyReason };
    })().then(
      ({ result, emptyReason }) => {
        if (!isCurrent) return;
        if (!keptAsOf) asOf.current = { key, asOf: result.asOf };
        setState({ result, emptyReason, isLoading: false, error: null });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        console.error(error);
        setState((current) => ({ ...current, isLoading: false, error: errorMessage(error) }));
      },
    );
    return () => {
      isCurrent = false;
    };
    // `filters` is what `key` names.
  }, [key, page, pageSize, attempt]);

  return { ...state, retry: () => setAttempt((count) => count + 1) };
}
