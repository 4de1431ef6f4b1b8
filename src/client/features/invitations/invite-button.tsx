import { useState, type FormEvent } from 'react';
import { INVITATION_MESSAGES, INVITATION_NOTE_MAX_LENGTH } from '../../../shared/invitations.ts';
import type { Task } from '../../../shared/tasks.ts';
import { FieldError, SelectField, TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { useToast } from '../../components/toaster.tsx';
import { api } from '../../lib/api.ts';
import { Link } from '../../lib/link.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { invitationsApi } from './invitations-api.ts';

/** The tasks one may invite to: one's own, open and not expired. */
const openTasks = (tasks: Task[]) =>
  tasks.filter((task) => task.status === 'open' && !task.expired && !task.moderation);

/**
 * Issue 50: "Invite to a task" on a freelancer's profile, for a signed-in viewer who is not them:
 * choose one of your open tasks, add a note, send. The server checks everything again (its
 * refusal is said in the form and a toast).
 */
export function InviteButton({ freelancer }: { freelancer: { _id: string; name: string } }) {
  const { user } = useSession();
  const toast = useToast();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [taskId, setTaskId] = useState('');
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const opener = useFocusLater<HTMLButtonElement>();
  if (!user || user.id === freelancer._id) return null;

  async function open() {
    setOpen(true);
    setRefusal(null);
    try {
      const mine = openTasks(await api.listOwnTasks(user!.email));
      setTasks(mine);
      setTaskId((current) => current || mine[0]?._id || '');
    } catch (error) {
      setRefusal(errorMessage(error));
      setTasks([]);
    }
  }

  const close = () => {
    setOpen(false);
    opener.request();
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!taskId) return setRefusal(INVITATION_MESSAGES.freelancerRequired);
    setSending(true);
    try {
      await invitationsApi.invite(taskId, { freelancerId: freelancer._id, note });
      toast.success(INVITATION_MESSAGES.invited);
      setNote('');
      close();
    } catch (error) {
      const message = errorMessage(error);
      setRefusal(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

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
        <p>{refusal ?? 'You have no open tasks to invite to.'}</p>
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
      isSubmitting={isSending}
      onSubmit={send}
      onCancel={close}
    >
      <SelectField
        label="Task"
        value={taskId}
        onChange={(event) => setTaskId(event.target.value)}
        options={tasks.map((task) => ({ value: task._id, label: task.title }))}
      />
      <TextAreaField
        label="Note (optional)"
        value={note}
        maxLength={INVITATION_NOTE_MAX_LENGTH}
        onChange={(event) => setNote(event.target.value)}
        hint={`Why them, what matters. At most ${INVITATION_NOTE_MAX_LENGTH} characters.`}
      />
      <FieldError message={refusal} />
    </PanelForm>
  );
}
