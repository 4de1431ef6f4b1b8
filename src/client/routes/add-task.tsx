import { useNavigate } from 'react-router';
import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import { PageTitle } from '../components/page-title.tsx';
import { TaskForm } from '../components/task-form.tsx';
import { useToast } from '../components/toaster.tsx';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

/** /add-task and /dashboard/add-task (spec §2, §7): insertedId → toast, reset, My Posted Tasks. */
export default function AddTask() {
  const { user } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
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
      toast.error(TASK_MESSAGES.addFailed);
      return false;
    }
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle name="Add Task" />
      <h1 className="mb-6 text-3xl font-bold">Add a Task</h1>
      <TaskForm poster={user} submitLabel="Add Task" onSubmit={addTask} />
    </section>
  );
}
