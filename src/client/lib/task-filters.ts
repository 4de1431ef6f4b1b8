import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CATEGORIES, CATEGORY_ALL, type Category } from '../../shared/task-rules.ts';
import type { Task } from '../../shared/tasks.ts';

/** spec §9: sort options none, asc and desc (by budget). */
export const BUDGET_SORTS = [
  { value: 'none', label: 'None' },
  { value: 'asc', label: 'Budget: low to high' },
  { value: 'desc', label: 'Budget: high to low' },
] as const;
export type BudgetSort = (typeof BUDGET_SORTS)[number]['value'];

const parseCategory = (value: string | null): Category | typeof CATEGORY_ALL =>
  CATEGORIES.includes(value as Category) ? (value as Category) : CATEGORY_ALL;
const parseSort = (value: string | null): BudgetSort =>
  value === 'asc' || value === 'desc' ? value : 'none';

/**
 * The category filter and budget sort of the browse and all-tasks pages (spec §2), done in the
 * browser. The URL (?category=…&sort=…) preselects them and keeps the choice; it is rewritten in
 * place, not navigated, so a choice neither reloads the tasks nor adds a history entry.
 */
export function useTaskFilters(tasks: Task[]) {
  const [params] = useSearchParams();
  const [category, setCategory] = useState(() => parseCategory(params.get('category')));
  const [sort, setSort] = useState(() => parseSort(params.get('sort')));

  useEffect(() => {
    const url = new URL(window.location.href);
    if (category === CATEGORY_ALL) url.searchParams.delete('category');
    else url.searchParams.set('category', category);
    if (sort === 'none') url.searchParams.delete('sort');
    else url.searchParams.set('sort', sort);
    // The router's own state object stays, so its history keeps working.
    if (url.href !== window.location.href)
      window.history.replaceState(window.history.state, '', url);
  }, [category, sort]);

  const filtered = category === CATEGORY_ALL ? tasks : tasks.filter((t) => t.category === category);
  const visible =
    sort === 'none'
      ? filtered
      : [...filtered].sort((a, b) => (sort === 'asc' ? a.budget - b.budget : b.budget - a.budget));

  return {
    category,
    sort,
    visible,
    setCategory: (value: string) => setCategory(parseCategory(value)),
    setSort: (value: string) => setSort(parseSort(value)),
  };
}
