import { Link } from 'react-router';
import type { Task } from '../../shared/tasks.ts';
import { FilteredTasks } from '../components/filtered-tasks.tsx';
import { TaskTable } from '../components/task-table.tsx';
import { UserLink } from '../features/profiles/user-link.tsx';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';

const POSTED_BY = [
  {
    header: 'Posted by',
    cell: (task: Task) => <UserLink user={{ _id: task.userId, name: task.userName }} />,
  },
];

/** /dashboard/all-tasks (spec §2): open to visitors; Browse Tasks' filter and sort, as a table. */
export default function DashboardAllTasks() {
  const tasks = useRouteData('tasks', () => api.listTasks());
  return (
    <FilteredTasks title="All Tasks" tasks={tasks}>
      {(visible) => (
        <TaskTable
          caption="All tasks"
          tasks={visible}
          renderTitle={(task) => (
            <Link to={paths.task(task._id)} className="link link-hover">
              {task.title}
            </Link>
          )}
          extraColumns={POSTED_BY}
        />
      )}
    </FilteredTasks>
  );
}
