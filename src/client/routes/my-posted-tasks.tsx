import { useState } from 'react';
import { Link } from 'react-router';
import { TASK_MESSAGES, totalBidsMessage } from '../../shared/task-rules.ts';
import type { Task } from '../../shared/tasks.ts';
import { useDialog } from '../components/dialogs.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { TaskTable } from '../components/task-table.tsx';
import { useToast } from '../components/toaster.tsx';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';

export const DELETE_CONFIRM = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  confirmText: 'Yes, delete it!',
  isDestructive: true,
} as const;

/** /my-posted-tasks and /dashboard/my-tasks (spec §2, §4 "Deletion", §7, §8). */
export default function MyPostedTasks() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const loaded = useRouteData('my-tasks', () => api.listTasks({ email }));
  const [tasks, setTasks] = useState<Task[]>(loaded);
  const toast = useToast();
  const dialog = useDialog();

  async function deleteTask(task: Task) {
    const confirmed = await dialog.confirm({ ...DELETE_CONFIRM, icon: 'warning' });
    if (!confirmed) {
      toast.info(TASK_MESSAGES.deleteCanceled);
      return;
    }
    let deleted = 0;
    try {
      deleted = (await api.deleteTask(task._id)).deletedCount;
    } catch (error) {
      console.error(error);
    }
    if (deleted > 0) {
      setTasks((current) => current.filter((row) => row._id !== task._id));
      await dialog.alert({
        title: TASK_MESSAGES.deletedTitle,
        text: TASK_MESSAGES.deletedText,
        icon: 'success',
      });
    } else {
      await dialog.alert({
        title: TASK_MESSAGES.deleteErrorTitle,
        text: TASK_MESSAGES.deleteErrorText,
        icon: 'error',
      });
    }
  }

  const actions = (task: Task) => (
    <div className="flex flex-wrap gap-2">
      <Link
        to={paths.editTask(task._id)}
        className="btn btn-sm btn-primary"
        aria-label={`Update ${task.title}`}
      >
        Update
      </Link>
      <button
        type="button"
        className="btn btn-sm btn-error"
        aria-label={`Delete ${task.title}`}
        onClick={() => deleteTask(task)}
      >
        Delete
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-label={`Bids for ${task.title}`}
        onClick={() => toast.info(totalBidsMessage(task.bidsCount))}
      >
        Bids
      </button>
    </div>
  );

  return (
    <section>
      <PageTitle name="My Posted Tasks" />
      <h1 className="mb-6 text-3xl font-bold">My Posted Tasks</h1>
      {tasks.length === 0 ? (
        <div className="rounded-box bg-base-200 p-10 text-center">
          <p className="text-lg">{TASK_MESSAGES.noPostedTasks}</p>
          <Link to={paths.addTask} className="btn btn-primary mt-4">
            Add a Task
          </Link>
        </div>
      ) : (
        <TaskTable
          caption="Tasks you have posted"
          tasks={tasks}
          renderTitle={(task) => task.title}
          extraColumns={[{ header: 'Actions', cell: actions }]}
        />
      )}
    </section>
  );
}
