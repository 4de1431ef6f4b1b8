import { useState } from 'react';
import { Link } from '../lib/link.tsx';
import { TASK_MESSAGES, totalBidsMessage } from '../../shared/task-rules.ts';
import type { Task } from '../../shared/tasks.ts';
import { PageTitle } from '../components/page-title.tsx';
import { TaskTable } from '../components/task-table.tsx';
import { useToast } from '../components/toaster.tsx';
import { ModerationMark } from '../features/moderation/moderation-mark.tsx';
import { loadOffersWaiting } from '../features/offers/offers-waiting.ts';
import { OwnerActions } from '../features/tasks/owner-actions.tsx';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';

/**
 * /my-posted-tasks and /dashboard/my-tasks (spec §2, §4 "Deletion", §7, §8): the user's tasks
 * with their status and the offers waiting for an answer (issue 9); Update and Delete refused,
 * with the reason, where the task's status forbids them. A task hidden by reports or removed says
 * so under its title (issue 20).
 */
export default function MyPostedTasks() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const loaded = useRouteData('my-tasks', async () => {
    const tasks = await api.listOwnTasks(email);
    return { tasks, waiting: await loadOffersWaiting(tasks) };
  });
  const [tasks, setTasks] = useState<Task[]>(loaded.tasks);
  const toast = useToast();
  if (!user) return null;

  const actions = (task: Task) => (
    <OwnerActions
      task={task}
      userId={user.id}
      editLabel="Update"
      isSmall
      onDeleted={() => setTasks((current) => current.filter((row) => row._id !== task._id))}
    >
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-label={`Bids for ${task.title}`}
        onClick={() => toast.info(totalBidsMessage(task.bidsCount))}
      >
        Bids
      </button>
    </OwnerActions>
  );

  const offersWaiting = (task: Task) => {
    const count = loaded.waiting.get(task._id) ?? 0;
    return count === 0 ? (
      '0'
    ) : (
      <Link to={paths.task(task._id)} className="link font-semibold">
        {count}
        <span className="sr-only">
          {' '}
          {count === 1 ? 'offer' : 'offers'} waiting on {task.title}
        </span>
      </Link>
    );
  };

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
          renderTitle={(task) => (
            // One block: on a phone the cell is a grid of its label and this.
            <div>
              {task.title}
              <ModerationMark moderation={task.moderation} />
            </div>
          )}
          extraColumns={[
            { header: 'Offers waiting', cell: offersWaiting },
            { header: 'Actions', cell: actions },
          ]}
        />
      )}
    </section>
  );
}
