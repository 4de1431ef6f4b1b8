import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { z } from 'zod';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { passwordSchema } from '../../shared/accounts.ts';
import { PasswordField, SubmitButton } from '../components/form-field.tsx';
import { AccountCard } from '../components/account-card.tsx';
import { useToast } from '../components/toaster.tsx';
import { accountApi } from '../features/accounts/account-api.ts';
import { ApiError } from '../lib/api-error.ts';
import { paths } from '../lib/paths.ts';
import { errorMessage, useForm } from '../lib/use-form.ts';

const resetSchema = z.object({ newPassword: passwordSchema });

/**
 * /reset-password?token=… (issue 19), from the mailed link: a new password under the sign-up
 * rules. Every session of the account ends; the user signs in with the new password.
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm(resetSchema, { newPassword: '' });

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await accountApi.resetPassword(token, newPassword);
      toast.success(EMAIL_MESSAGES.resetDone);
      navigate(paths.login, { replace: true });
    } catch (error) {
      // Better Auth refuses an unknown, used or expired token as "Invalid token".
      const isBadLink =
        error instanceof ApiError && error.status === 400 && /token/i.test(error.message);
      toast.error(isBadLink ? EMAIL_MESSAGES.resetLinkBad : errorMessage(error));
    }
  });

  return (
    <AccountCard title="Choose a new password">
      {token ? (
        <form noValidate onSubmit={submit} className="space-y-3" aria-label="Choose a new password">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...form.field('newPassword')}
          />
          <SubmitButton busy={form.isSubmitting} busyLabel="Saving…" className="btn-primary w-full">
            Save the new password
          </SubmitButton>
        </form>
      ) : (
        <p role="alert">{EMAIL_MESSAGES.resetLinkBad}</p>
      )}
      <p className="text-center">
        <Link to={paths.forgotPassword} className="link font-semibold">
          Ask for a new link
        </Link>
      </p>
    </AccountCard>
  );
}
