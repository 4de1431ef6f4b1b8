import { useEffect, useState } from 'react';
import type { TaskDelivery } from '../../../shared/delivery.ts';
import type { Task } from '../../../shared/tasks.ts';
import { deliveryApi } from './delivery-api.ts';

/**
 * The hire's rounds of changes (issue 47), for the task's two parties; null for anyone else,
 * for a task nobody was hired for, and until the first answer. Read again whenever the task
 * is (live, issue 17); an answer to an earlier read that comes last is not shown, and a
 * failed read keeps what is shown.
 */
export function useTaskDelivery(task: Task, isParty: boolean): TaskDelivery | null {
  const [delivery, setDelivery] = useState<TaskDelivery | null>(null);
  const isHired = isParty && task.assignee !== null;
  useEffect(() => {
    if (!isHired) return;
    let isCurrent = true;
    deliveryApi.getDelivery(task._id).then(
      (answer) => isCurrent && setDelivery(answer),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [task, isHired]);
  return isHired ? delivery : null;
}
