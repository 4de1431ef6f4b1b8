import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import { PageTitle } from '../components/page-title.tsx';
import { TaskCard } from '../components/task-card.tsx';
import { TaskFiltersBar } from '../components/task-filters-bar.tsx';
import { api } from '../lib/api.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useTaskFilters } from '../lib/task-filters.ts';

/** /browse-tasks (spec §2): all tasks, filtered by category and sorted by budget in the browser. */
export default function BrowseTasks() {
  const tasks = useRouteData('tasks', () => api.listTasks());
  const filters = useTaskFilters(tasks);
  return (
    <section className="space-y-6">
      <PageTitle name="Browse Tasks" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Browse Tasks</h1>
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
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {filters.visible.map((task) => (
            <li key={task._id}>
              <TaskCard task={task} truncateDescription />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
