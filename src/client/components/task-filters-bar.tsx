import { useId } from 'react';
import { CATEGORIES, CATEGORY_ALL } from '../../shared/task-rules.ts';
import { BUDGET_SORTS, type useTaskFilters } from '../lib/task-filters.ts';

type Filters = ReturnType<typeof useTaskFilters>;

/** The category and budget-sort controls shared by Browse Tasks and the dashboard's All Tasks. */
export function TaskFiltersBar({ filters }: { filters: Filters }) {
  const categoryId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="form-control">
        <label htmlFor={categoryId} className="mb-1 block font-medium">
          Category
        </label>
        <select
          id={categoryId}
          className="select select-bordered"
          value={filters.category}
          onChange={(event) => filters.setCategory(event.target.value)}
        >
          {[CATEGORY_ALL, ...CATEGORIES].map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div className="form-control">
        <label htmlFor={sortId} className="mb-1 block font-medium">
          Sort by budget
        </label>
        <select
          id={sortId}
          className="select select-bordered"
          value={filters.sort}
          onChange={(event) => filters.setSort(event.target.value)}
        >
          {BUDGET_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
