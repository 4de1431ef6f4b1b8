import { useState, type FormEvent } from 'react';
import { INVITATION_MESSAGES } from '../../../shared/invitations.ts';
import { useToast } from '../../components/toaster.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { invitationsApi } from './invitations-api.ts';

/**
 * The state of an invitation's form (a profile's "Invite to a task", a task page's suggested
 * freelancers): the note, the server's refusal (said in the form and a toast) and sending.
 */
export function useInvitationForm(onSent: () => void) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  async function send(event: FormEvent, taskId: string, freelancerId: string) {
    event.preventDefault();
    if (!taskId) return setRefusal(INVITATION_MESSAGES.freelancerRequired);
    setSending(true);
    try {
      await invitationsApi.invite(taskId, { freelancerId, note });
      toast.success(INVITATION_MESSAGES.invited);
      setNote('');
      setRefusal(null);
      onSent();
    } catch (error) {
      const message = errorMessage(error);
      setRefusal(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  return { note, setNote, refusal, setRefusal, isSending, send };
}
