import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import { taskAllowanceSchema, type TaskAllowance } from '../../shared/tasks.ts';
import { PageTitle } from '../components/page-title.tsx';
import { TaskForm } from '../components/task-form.tsx';
import { useToast } from '../components/toaster.tsx';
import { api, requestAs } from '../lib/api.ts';
import { withReason } from '../lib/use-form.ts';
import { apiPaths, paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

/**
 * /add-task and /dashboard/add-task (spec §2, §7): insertedId → toast, reset, My Posted Tasks.
 * A refusal says 'Failed to add task.' and why; a new account reads its posts left today
 * before it types (issue 47).
 */
export default function AddTask() {
  const { user } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [allowance, setAllowance] = useState<TaskAllowance | null>(null);
  // Here, not in api.ts: that module loads with the home page, whose budget has no room.
  const readAllowance = () =>
    void requestAs(taskAllowanceSchema, 'GET', apiPaths.taskAllowance).then(
      setAllowance,
      () => undefined,
    );
  useEffect(readAllowance, []);
  if (!user) return null;

  async function addTask(input: Parameters<typeof api.createTask>[0]) {
    try {
      const { insertedId } = await api.createTask(input);
      if (!insertedId) throw new Error(TASK_MESSAGES.addFailed);
      toast.success(TASK_MESSAGES.added);
      navigate(paths.myPostedTasks);
      return true;
    } catch (error) {
      console.error(error);
      toast.error(withReason(TASK_MESSAGES.addFailed, error));
      readAllowance();
      return false;
    }
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle name="Add Task" />
      <h1 className="mb-6 text-3xl font-bold">Add a Task</h1>
      {allowance && allowance.remaining !== null && (
        <p role="status" className="alert alert-info mb-6">
          {MODERATION_MESSAGES.newAccountTasksLeft(allowance.remaining, allowance.perDay)}
        </p>
      )}
      <TaskForm poster={user} submitLabel="Add Task" onSubmit={addTask} />
    </section>
  );
}
