import { Link } from '../lib/link.tsx';
import type { Task } from '../../shared/tasks.ts';
import { TaskTable } from '../components/task-table.tsx';
import { UserLink } from '../features/profiles/user-link.tsx';
import { TaskSearchPage } from '../features/search/task-search-page.tsx';
import { paths } from '../lib/paths.ts';

const POSTED_BY = [
  {
    header: 'Posted by',
    cell: (task: Task) => <UserLink user={{ _id: task.userId, name: task.userName }} />,
  },
];

/** /dashboard/all-tasks (spec §2, issue 11): open to visitors; Browse Tasks' search, as a table. */
export default function DashboardAllTasks() {
  return (
    <TaskSearchPage title="All Tasks">
      {(tasks) => (
        <TaskTable
          caption="All tasks"
          tasks={tasks}
          renderTitle={(task) => (
            <Link to={paths.task(task._id)} className="link link-hover">
              {task.title}
            </Link>
          )}
          extraColumns={POSTED_BY}
        />
      )}
    </TaskSearchPage>
  );
}
