import { Link } from 'react-router';
import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import { PageTitle } from '../components/page-title.tsx';
import { TaskFiltersBar } from '../components/task-filters-bar.tsx';
import { api } from '../lib/api.ts';
import { formatBudget, formatDeadline } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useTaskFilters } from '../lib/task-filters.ts';

/** /dashboard/all-tasks (spec §2): open to visitors; the browse page's filter and sort, as a table. */
export default function DashboardAllTasks() {
  const tasks = useRouteData('tasks', () => api.listTasks());
  const filters = useTaskFilters(tasks);
  return (
    <section className="space-y-6">
      <PageTitle name="All Tasks" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">All Tasks</h1>
        <TaskFiltersBar filters={filters} />
      </div>
      {filters.visible.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center text-lg">
          {tasks.length === 0 ? TASK_MESSAGES.noTasks : TASK_MESSAGES.noTasksInCategory}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table stack-table">
            <caption className="sr-only">All tasks</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Category</th>
                <th scope="col">Deadline</th>
                <th scope="col">Budget</th>
                <th scope="col">Bids</th>
                <th scope="col">Posted by</th>
              </tr>
            </thead>
            <tbody>
              {filters.visible.map((task) => (
                <tr key={task._id}>
                  <th scope="row" data-label="Title" className="break-words">
                    <Link to={paths.task(task._id)} className="link link-hover">
                      {task.title}
                    </Link>
                  </th>
                  <td data-label="Category">{task.category}</td>
                  <td data-label="Deadline">{formatDeadline(task.deadline)}</td>
                  <td data-label="Budget">{formatBudget(task.budget)}</td>
                  <td data-label="Bids">{task.bidsCount}</td>
                  <td data-label="Posted by">{task.userName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
