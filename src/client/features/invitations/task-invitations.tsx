import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  INVITATION_DECLINE_REASON_MAX_LENGTH,
  INVITATION_MESSAGES,
  INVITATION_STATUS_LABELS,
  type Invitation,
} from '../../../shared/invitations.ts';
import type { Task } from '../../../shared/tasks.ts';
import { FieldError, TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { useToast } from '../../components/toaster.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { UserLink } from '../profiles/user-link.tsx';
import { invitationsApi } from './invitations-api.ts';
import { SuggestedFreelancers } from './suggested-freelancers.tsx';

/**
 * Issue 50 on a task's page: its poster reads whom they invited and what each answered, and
 * while it is open invites more (SuggestedFreelancers); an invited freelancer reads the
 * invitation ("Invited", with the poster's note) and may decline it with a reason, or answer it
 * by making an offer. Read again when the task's bids change.
 */
export function TaskInvitations({ task, isPoster }: { task: Task; isPoster: boolean }) {
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const reload = () => invitationsApi.listForTask(task._id).then(setInvitations, () => undefined);
  useEffect(() => void reload(), [task._id, task.bidsCount]);
  if (isPoster) {
    const isOpen = task.status === 'open' && !task.expired && !task.moderation;
    return (
      <>
        <InvitedList invitations={invitations} />
        {isOpen && (
          <SuggestedFreelancers task={task} invitedCount={invitations.length} onInvited={reload} />
        )}
      </>
    );
  }
  const mine = invitations[0];
  return mine ? <MyInvitation invitation={mine} reload={reload} /> : null;
}

function InvitedList({ invitations }: { invitations: Invitation[] }) {
  const headingId = useId();
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        Invited freelancers
      </h2>
      <ul className="divide-y divide-base-300 rounded-box bg-base-200 px-4">
        {invitations.map((invitation) => (
          <li key={invitation._id} className="flex flex-wrap items-center gap-2 py-2">
            <UserLink user={{ _id: invitation.freelancerId, name: invitation.freelancerName }} />
            <span className="badge badge-outline">
              {INVITATION_STATUS_LABELS[invitation.status]}
            </span>
            {invitation.declineReason && (
              <span className="wrap-anywhere">“{invitation.declineReason}”</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyInvitation({ invitation, reload }: { invitation: Invitation; reload(): Promise<void> }) {
  const toast = useToast();
  const [isDeclining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const opener = useFocusLater<HTMLButtonElement>();
  const headingId = useId();

  async function decline(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await invitationsApi.decline(invitation._id, { reason });
      toast.success(INVITATION_MESSAGES.declined);
      setDeclining(false);
      await reload();
    } catch (error) {
      setRefusal(errorMessage(error));
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-box bg-base-200 p-4">
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-xl font-semibold">
        Invitation
        <span className="badge badge-primary">{INVITATION_STATUS_LABELS[invitation.status]}</span>
      </h2>
      <p>
        <UserLink user={{ _id: invitation.posterId, name: invitation.posterName }} />{' '}
        {invitation.status === 'declined'
          ? 'invited you to make an offer on this task. You declined.'
          : 'invited you to make an offer on this task.'}
      </p>
      {invitation.note && <p className="wrap-anywhere whitespace-pre-line">“{invitation.note}”</p>}
      {invitation.status === 'pending' &&
        (isDeclining ? (
          <PanelForm
            name="Decline the invitation"
            submitLabel="Decline"
            isSubmitting={isSending}
            onSubmit={decline}
            onCancel={() => {
              setDeclining(false);
              opener.request();
            }}
          >
            <TextAreaField
              label="Reason (optional)"
              value={reason}
              maxLength={INVITATION_DECLINE_REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
            />
            <FieldError message={refusal} />
          </PanelForm>
        ) : (
          <button
            type="button"
            ref={opener.ref}
            className="btn btn-outline btn-sm"
            onClick={() => setDeclining(true)}
          >
            Decline the invitation
          </button>
        ))}
    </section>
  );
}
