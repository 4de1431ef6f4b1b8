import type { Task } from '../../../shared/tasks.ts';
import { TaskThumb } from '../files/task-thumb.tsx';
import { formatBudget, formatDeadline } from '../../lib/format.ts';
import { Link } from '../../lib/link.tsx';
import { paths } from '../../lib/paths.ts';
import { TaskStatusBadge } from './task-status-badge.tsx';
import { timeLeft } from './time-left.ts';

/**
 * A task in a dashboard list: thumbnail, title and status, category, budget, due date and the
 * time left in the card's words (issue 51), View.
 */
export function DashboardTaskItem({ task }: { task: Task }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <TaskThumb task={task} className="size-12" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          <span className="truncate">{task.title}</span>
          <TaskStatusBadge task={task} />
        </p>
        <p className="text-sm text-base-content/90">
          {task.category} · {formatBudget(task.budget)} · due {formatDeadline(task.deadline)} ·{' '}
          {timeLeft(task)}
        </p>
      </div>
      <Link
        to={paths.task(task._id)}
        className="btn btn-outline btn-sm"
        aria-label={`View ${task.title}`}
      >
        View
      </Link>
    </li>
  );
}
