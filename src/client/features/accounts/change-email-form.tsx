import { EMAIL_MESSAGES } from '../../../shared/account-email.ts';
import { changeEmailSchema } from '../../../shared/accounts.ts';
import { FormField, SubmitButton } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { errorMessage, useForm } from '../../lib/use-form.ts';
import { accountApi } from './account-api.ts';

/**
 * Issue 19: a new address for the account. It takes effect once the link mailed to it is
 * followed; the old address is told at once (the server's mails).
 */
export function ChangeEmailForm() {
  const toast = useToast();
  const form = useForm(changeEmailSchema, { newEmail: '' });

  const submit = form.handleSubmit(async ({ newEmail }) => {
    try {
      await accountApi.changeEmail(newEmail);
      form.reset();
      toast.success(EMAIL_MESSAGES.changeEmailSent);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Change email">
      <FormField
        label="New email"
        type="email"
        autoComplete="email"
        required
        {...form.field('newEmail')}
      />
      <SubmitButton busy={form.isSubmitting} busyLabel="Sending…">
        Send a confirmation link
      </SubmitButton>
    </form>
  );
}
