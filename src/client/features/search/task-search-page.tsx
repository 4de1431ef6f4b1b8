import { useRef, type ReactNode } from 'react';
import { SEARCH_MESSAGES, type SearchFilters } from '../../../shared/search-rules.ts';
import { TASK_MESSAGES } from '../../../shared/task-rules.ts';
import type { Task } from '../../../shared/tasks.ts';
import { FirstUse } from '../../components/first-use.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Pagination } from './pagination.tsx';
import {
  FiltersDrawer,
  SearchBox,
  SearchFilterFields,
  useIsWideScreen,
} from './search-controls.tsx';
import { useSearchUrl } from './search-url.ts';
import { hasFilters, useSearchResults, type EmptyReason } from './use-search-results.ts';

const EMPTY_MESSAGES: Record<EmptyReason, string> = {
  noTasks: TASK_MESSAGES.noTasks,
  noTasksInCategory: TASK_MESSAGES.noTasksInCategory,
  noResults: SEARCH_MESSAGES.noResults,
};

/** "128 tasks", or "1,000+ tasks" when the server stopped counting at its cap. */
export const taskCount = (total: number, isLowerBound = false) =>
  `${total.toLocaleString('en-US')}${isLowerBound ? '+' : ''} ${total === 1 && !isLowerBound ? 'task' : 'tasks'}`;

/**
 * A page of the task search (issue 11): Browse Tasks and the dashboard's All Tasks. The search
 * box, the filters (beside the results, or in a drawer on a phone), the count, one page of
 * results drawn by the page, numbered pages; what to do when nothing matches or the load fails.
 */
export function TaskSearchPage({
  title,
  actions,
  children,
}: {
  title: string;
  /** Beside the heading, for the search as it stands (Browse: save it). */
  actions?(filters: SearchFilters): ReactNode;
  children(tasks: Task[]): ReactNode;
}) {
  const search = useSearchUrl();
  const results = useSearchResults(search.filters, search.page);
  const isWide = useIsWideScreen();
  const { result } = results;
  const count = result ? taskCount(result.total, result.totalIsLowerBound) : '';
  const fields = <SearchFilterFields search={search} />;
  // A new page of results starts at the count: the focus goes there (and the view with it).
  const countRef = useRef<HTMLParagraphElement>(null);

  return (
    <section className="space-y-6">
      <PageTitle name={title} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        {actions?.(search.filters)}
      </div>
      <div className="flex items-end gap-3">
        <SearchBox search={search} />
        {!isWide && (
          <FiltersDrawer label={result ? `Show ${count}` : 'Show tasks'}>{fields}</FiltersDrawer>
        )}
      </div>
      {isWide && (
        <div role="group" aria-label="Filters" className="flex flex-wrap items-end gap-4">
          {fields}
        </div>
      )}
      <p ref={countRef} tabIndex={-1} aria-live="polite" className="font-medium outline-none">
        {count}
      </p>
      {results.error ? (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>
            {SEARCH_MESSAGES.loadFailed} {results.error}
          </span>
          <button type="button" className="btn btn-sm" onClick={results.retry}>
            Retry
          </button>
        </div>
      ) : !result ? (
        <Spinner label="Loading tasks" />
      ) : results.emptyReason === 'noTasks' ? (
        // Issue 51: a marketplace with no task at all says so and offers a way forward.
        <FirstUse message={EMPTY_MESSAGES.noTasks}>
          {hasFilters(search.filters) && (
            <button type="button" className="btn" onClick={search.clear}>
              Clear filters
            </button>
          )}
        </FirstUse>
      ) : results.emptyReason ? (
        <div className="space-y-4 rounded-box bg-base-200 p-10 text-center">
          <p className="text-lg">{EMPTY_MESSAGES[results.emptyReason]}</p>
          {hasFilters(search.filters) && (
            <button type="button" className="btn btn-primary" onClick={search.clear}>
              Clear filters
            </button>
          )}
        </div>
      ) : result.items.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center text-lg">
          This search has no page {search.page}.
        </p>
      ) : (
        <div aria-busy={results.isLoading} className="space-y-6">
          {children(result.items)}
        </div>
      )}
      {result && !results.error && (
        <Pagination
          page={search.page}
          pageCount={Math.ceil(result.total / result.pageSize)}
          pageUrl={search.pageUrl}
          onChoose={() => countRef.current?.focus()}
        />
      )}
    </section>
  );
}
