import type { Task } from '../../../shared/tasks.ts';

/**
 * What a task's status reads as (issue 9): Open, Expired (open, deadline passed), Assigned,
 * Delivered (assigned, work handed in) or Completed. On every card and table, so it stays tiny.
 */
export type TaskStatusLabel = 'Open' | 'Expired' | 'Assigned' | 'Delivered' | 'Completed';

export function taskStatusLabel(
  task: Pick<Task, 'status' | 'expired'> & Partial<Pick<Task, 'deliveredAt'>>,
): TaskStatusLabel {
  if (task.status === 'open') return task.expired ? 'Expired' : 'Open';
  if (task.status === 'assigned') return task.deliveredAt ? 'Delivered' : 'Assigned';
  return 'Completed';
}

const BADGE_CLASS: Record<TaskStatusLabel, string> = {
  Open: 'badge-success',
  Expired: 'badge-neutral',
  Assigned: 'badge-info',
  Delivered: 'badge-warning',
  Completed: 'badge-primary',
};

/** The status as a badge; the word is the information, the colour only repeats it. */
export function TaskStatusBadge({
  task,
}: {
  task: Pick<Task, 'status' | 'expired'> & Partial<Pick<Task, 'deliveredAt'>>;
}) {
  const label = taskStatusLabel(task);
  return <span className={`badge font-semibold ${BADGE_CLASS[label]}`}>{label}</span>;
}
