import { useState } from 'react';
import type { Task } from '../../../shared/tasks.ts';
import { SelectField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { Link } from '../../lib/link.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { invitationsApi } from './invitations-api.ts';
import { InvitationNoteField } from './invitation-note-field.tsx';
import { useInvitationForm } from './use-invitation-form.ts';

/**
 * Issue 50: "Invite to a task" on a freelancer's profile, for a signed-in viewer who is not them:
 * choose one of your open tasks, add a note, send. The server checks everything again (its
 * refusal is said in the form and a toast).
 */
export function InviteButton({ freelancer }: { freelancer: { _id: string; name: string } }) {
  const { user } = useSession();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [taskId, setTaskId] = useState('');
  const opener = useFocusLater<HTMLButtonElement>();
  const form = useInvitationForm(() => close());
  if (!user || user.id === freelancer._id) return null;

  async function open() {
    setOpen(true);
    form.setRefusal(null);
    try {
      const mine = await invitationsApi.ownOpenTasks(user!.email);
      setTasks(mine);
      setTaskId((current) => current || mine[0]?._id || '');
    } catch (error) {
      form.setRefusal(errorMessage(error));
      setTasks([]);
    }
  }

  const close = () => {
    setOpen(false);
    opener.request();
  };

  if (!isOpen) {
    return (
      <button type="button" ref={opener.ref} className="btn btn-primary btn-sm" onClick={open}>
        Invite to a task
      </button>
    );
  }
  if (tasks === null) return <p role="status">Loading your open tasks…</p>;
  if (tasks.length === 0) {
    return (
      <div role="status" className="space-y-2 rounded-box bg-base-200 p-4">
        <p>{form.refusal ?? 'You have no open tasks to invite to.'}</p>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.addTask} className="btn btn-primary btn-sm">
            Post a task
          </Link>
          <button type="button" className="btn btn-sm" onClick={close}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  return (
    <PanelForm
      name={`Invite ${freelancer.name} to a task`}
      submitLabel="Send invitation"
      isSubmitting={form.isSending}
      onSubmit={(event) => void form.send(event, taskId, freelancer._id)}
      onCancel={close}
    >
      <SelectField
        label="Task"
        value={taskId}
        onChange={(event) => setTaskId(event.target.value)}
        options={tasks.map((task) => ({ value: task._id, label: task.title }))}
      />
      <InvitationNoteField form={form} />
    </PanelForm>
  );
}
