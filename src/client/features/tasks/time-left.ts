import type { Task } from '../../../shared/tasks.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A task's time left in words, as its card says it (issue 51): "2 days left", "1 day left",
 * "Due today", or "Closed" once it takes no offers (hired, or open past its deadline). Days are
 * counted in UTC, the day the server judges deadlines by (`expired`).
 */
export function timeLeft(
  task: Pick<Task, 'status' | 'expired' | 'deadline'>,
  now = new Date(),
): string {
  if (task.status !== 'open' || task.expired) return 'Closed';
  const today = Date.parse(now.toISOString().slice(0, 10));
  const days = Math.round((Date.parse(task.deadline) - today) / DAY_MS);
  if (days <= 0) return 'Due today';
  return days === 1 ? '1 day left' : `${days} days left`;
}
