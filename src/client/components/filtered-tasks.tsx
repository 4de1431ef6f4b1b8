import type { ReactNode } from 'react';
import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import type { Task } from '../../shared/tasks.ts';
import { useTaskFilters } from '../lib/task-filters.ts';
import { PageTitle } from './page-title.tsx';
import { TaskFiltersBar } from './task-filters-bar.tsx';

/**
 * A page of all tasks with the category filter and budget sort (Browse Tasks, the dashboard's
 * All Tasks): heading, controls, the spec's two empty states (§8), else the page's own list.
 */
export function FilteredTasks({
  title,
  tasks,
  children,
}: {
  title: string;
  tasks: Task[];
  children(visible: Task[]): ReactNode;
}) {
  const filters = useTaskFilters(tasks);
  return (
    <section className="space-y-6">
      <PageTitle name={title} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        <TaskFiltersBar filters={filters} />
      </div>
      <p className="sr-only" aria-live="polite">
        {filters.visible.length} tasks shown
      </p>
      {filters.visible.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center text-lg">
          {tasks.length === 0 ? TASK_MESSAGES.noTasks : TASK_MESSAGES.noTasksInCategory}
        </p>
      ) : (
        children(filters.visible)
      )}
    </section>
  );
}
