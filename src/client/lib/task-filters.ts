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

const isCategory = (value: string | null): value is Category =>
  CATEGORIES.includes(value as Category);

/**
 * The category filter and budget sort of the browse and all-tasks pages, done in the browser and
 * kept in the URL (?category=…&sort=…) so links like the home tiles preselect them.
 */
export function useTaskFilters(tasks: Task[]) {
  const [params, setParams] = useSearchParams();
  const rawCategory = params.get('category');
  const category: Category | typeof CATEGORY_ALL = isCategory(rawCategory)
    ? rawCategory
    : CATEGORY_ALL;
  const rawSort = params.get('sort');
  const sort: BudgetSort = rawSort === 'asc' || rawSort === 'desc' ? rawSort : 'none';

  const update = (key: 'category' | 'sort', value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const filtered = category === CATEGORY_ALL ? tasks : tasks.filter((t) => t.category === category);
  const visible =
    sort === 'none'
      ? filtered
      : [...filtered].sort((a, b) => (sort === 'asc' ? a.budget - b.budget : b.budget - a.budget));

  return {
    category,
    sort,
    visible,
    setCategory: (value: string) => update('category', value, CATEGORY_ALL),
    setSort: (value: string) => update('sort', value, 'none'),
  };
}
