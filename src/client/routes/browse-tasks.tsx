import { FilteredTasks } from '../components/filtered-tasks.tsx';
import { TaskCard } from '../components/task-card.tsx';
import { api } from '../lib/api.ts';
import { useRouteData } from '../lib/route-data.ts';

/** /browse-tasks (spec §2): all tasks as cards, filtered by category and sorted by budget. */
export default function BrowseTasks() {
  const tasks = useRouteData('tasks', () => api.listTasks());
  return (
    <FilteredTasks title="Browse Tasks" tasks={tasks}>
      {(visible) => (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((task) => (
            <li key={task._id}>
              <TaskCard task={task} truncateDescription headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </FilteredTasks>
  );
}
