import { INVITATION_NOTE_MAX_LENGTH } from '../../../shared/invitations.ts';
import { FieldError, TextAreaField } from '../../components/form-field.tsx';
import type { useInvitationForm } from './use-invitation-form.ts';

/** An invitation's optional note, then the server's refusal (if any), in its form. */
export function InvitationNoteField({
  form,
}: {
  form: Pick<ReturnType<typeof useInvitationForm>, 'note' | 'setNote' | 'refusal'>;
}) {
  return (
    <>
      <TextAreaField
        label="Note (optional)"
        value={form.note}
        maxLength={INVITATION_NOTE_MAX_LENGTH}
        onChange={(event) => form.setNote(event.target.value)}
        hint={`Why them, what matters. At most ${INVITATION_NOTE_MAX_LENGTH} characters.`}
      />
      <FieldError message={form.refusal} />
    </>
  );
}
