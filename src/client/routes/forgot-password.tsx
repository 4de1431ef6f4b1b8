import { useState } from 'react';
import { Link } from '../lib/link.tsx';
import { z } from 'zod';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { emailSchema } from '../../shared/accounts.ts';
import { EmailField, SubmitButton } from '../components/form-field.tsx';
import { AccountCard } from '../components/account-card.tsx';
import { useToast } from '../components/toaster.tsx';
import { accountApi } from '../features/accounts/account-api.ts';
import { paths } from '../lib/paths.ts';
import { errorMessage, useForm } from '../lib/use-form.ts';

const forgotSchema = z.object({ email: emailSchema });

/**
 * /forgot-password (issue 19): asks for a reset link. The answer is the same whether or not the
 * address has an account, so the page says the same either way.
 */
export default function ForgotPassword() {
  const toast = useToast();
  const form = useForm(forgotSchema, { email: '' });
  const [sent, setSent] = useState(false);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await accountApi.requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <AccountCard title="Forgot password" heading="Forgot your password?">
      {sent ? (
        <p role="status">{EMAIL_MESSAGES.resetRequested}</p>
      ) : (
        <>
          <p>
            Enter the email address of your account and we will email you a link to choose a new
            password.
          </p>
          <form noValidate onSubmit={submit} className="space-y-3" aria-label="Forgot password">
            <EmailField {...form.field('email')} />
            <SubmitButton
              busy={form.isSubmitting}
              busyLabel="Sending…"
              className="btn-primary w-full"
            >
              Email me a link
            </SubmitButton>
          </form>
        </>
      )}
      <p className="text-center">
        <Link to={paths.login} className="link font-semibold">
          Back to Login
        </Link>
      </p>
    </AccountCard>
  );
}
