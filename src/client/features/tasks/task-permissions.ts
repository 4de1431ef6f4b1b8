import type { Task } from '../../../shared/tasks.ts';
import { taskActionRefusal, type TaskAction, type TaskFacts } from '../../../shared/task-status.ts';

/** The facts the shared status rules read, from a task as the API sends it. */
export function taskFacts(task: Task): TaskFacts {
  return {
    status: task.status,
    userId: task.userId,
    assigneeId: task.assignee?._id ?? null,
    deadline: task.deadline,
    deliveredAt: task.deliveredAt,
  };
}

/**
 * Why the user may not do `action` to the task now, in the rules' own words
 * (src/shared/task-status.ts), or null when it is allowed. Expiry is the server's judgement (the
 * task's `expired`), not this browser's clock: the day the rules compare with is chosen to agree.
 */
export function whyNot(action: TaskAction, task: Task, userId: string): string | null {
  const today = task.expired ? '9999-12-31' : task.deadline;
  return taskActionRefusal(action, taskFacts(task), userId, today)?.message ?? null;
}

/** The user's part in the task: its poster, its hired freelancer, or anybody else. */
export type TaskRole = 'poster' | 'assignee' | 'other';

export function roleIn(task: Task, userId: string): TaskRole {
  if (task.userId === userId) return 'poster';
  if (task.assignee?._id === userId) return 'assignee';
  return 'other';
}
