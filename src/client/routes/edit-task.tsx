import { useNavigate, useParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { TASK_MESSAGES } from '../../shared/task-rules.ts';
import { BackButton } from '../components/back-button.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { TaskForm, toFormValues } from '../components/task-form.tsx';
import { documentsOf, photosOf } from '../features/files/task-files.ts';
import { whyNot } from '../features/tasks/task-permissions.ts';
import { useToast } from '../components/toaster.tsx';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';

/** /edit-task/:id (spec §2, §6, §7). The server refuses others' edits too; this is the message. */
export default function EditTask() {
  const { id = '' } = useParams();
  const task = useRouteData('task', () => api.getTask(id));
  const { user } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  if (!user) return null;

  if (task.userEmail?.toLowerCase() !== user.email.toLowerCase()) {
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <PageTitle name="Edit Task" />
        <h1 className="text-3xl font-bold">{TASK_MESSAGES.notAuthorizedTitle}</h1>
        <p className="my-4">{TASK_MESSAGES.notAuthorizedText}</p>
        <Link to={paths.myPostedTasks} className="btn btn-primary">
          Go Back
        </Link>
      </section>
    );
  }

  // Issue 9: an assigned or completed task is not edited; say so rather than show a form the
  // server would refuse.
  const refusal = whyNot('edit', task, user.id);
  if (refusal) {
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <PageTitle name="Edit Task" />
        <h1 className="text-3xl font-bold">This task cannot be edited now.</h1>
        <p className="my-4">{refusal}</p>
        <Link to={paths.task(task._id)} className="btn btn-primary">
          Back to the task
        </Link>
      </section>
    );
  }

  async function saveTask(input: Parameters<typeof api.updateTask>[1]) {
    try {
      const { modifiedCount } = await api.updateTask(task._id, input);
      if (modifiedCount > 0) {
        toast.success(TASK_MESSAGES.updated);
        navigate(paths.myPostedTasks);
      } else {
        toast.info(TASK_MESSAGES.noChanges);
      }
    } catch (error) {
      // spec §8 only logs an edit failure; the user is told as well.
      console.error(error);
      toast.error(error instanceof Error ? error.message : String(error));
    }
    return false;
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle name="Edit Task" />
      <BackButton fallback={paths.myPostedTasks} />
      <h1 className="mb-6 text-3xl font-bold">Edit Task</h1>
      <TaskForm
        poster={user}
        initialValues={toFormValues(task)}
        initialFiles={{ photos: photosOf(task), files: documentsOf(task) }}
        initialSkills={task.skills ?? []}
        submitLabel="Update Task"
        onSubmit={saveTask}
      />
    </section>
  );
}
