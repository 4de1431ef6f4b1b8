import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { EMAIL_MESSAGES } from '../../../shared/account-email.ts';
import { AUTH_MESSAGES } from '../../../shared/account-rules.ts';
import { useDialog } from '../../components/dialogs.tsx';
import { PasswordField, SubmitButton } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useForm } from '../../lib/use-form.ts';
import { accountApi } from './account-api.ts';

const withPassword = z.object({ password: z.string().min(1, AUTH_MESSAGES.passwordRequired) });
const withGoogle = z.object({ password: z.string() });

/**
 * Issue 19 "Delete account": confirmed with the password, or for a Google account with a
 * sign-in in the last 5 minutes (the server checks both). The server refuses, saying why, while
 * a task of the user's is assigned; once it is done the browser is signed out and sent home.
 */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const { refresh, signInWithGoogle } = useSession();
  const dialog = useDialog();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm(hasPassword ? withPassword : withGoogle, { password: '' });
  const [isSigningIn, setIsSigningIn] = useState(false);

  const remove = form.handleSubmit(async ({ password }) => {
    const confirmed = await dialog.confirm({
      title: EMAIL_MESSAGES.deleteConfirmTitle,
      text: EMAIL_MESSAGES.deleteConfirmText,
      icon: 'warning',
      confirmText: EMAIL_MESSAGES.deleteConfirmButton,
      isDestructive: true,
    });
    if (!confirmed) return;
    try {
      const { message } = await accountApi.deleteAccount(hasPassword ? password : undefined);
      toast.success(message);
      await navigate(paths.home);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const signInAgain = async () => {
    setIsSigningIn(true);
    try {
      await signInWithGoogle();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsSigningIn(false);
    }
  };

  return (
    <form noValidate onSubmit={remove} className="space-y-3" aria-label="Delete account">
      <p>
        Your open tasks are deleted and your pending offers withdrawn. Reviews, questions and
        messages others received from you stay, shown as “{EMAIL_MESSAGES.deletedUserName}”. While
        one of your tasks is in progress, as its poster or its freelancer, you cannot delete your
        account.
      </p>
      {hasPassword ? (
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          {...form.field('password')}
        />
      ) : (
        <p>
          You sign in with Google: to confirm it is you, sign in with Google again, then delete your
          account within 5 minutes.{' '}
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={signInAgain}
            disabled={isSigningIn}
          >
            Sign in with Google again
          </button>
        </p>
      )}
      <SubmitButton busy={form.isSubmitting} busyLabel="Deleting…" className="btn-error">
        {EMAIL_MESSAGES.deleteConfirmButton}
      </SubmitButton>
    </form>
  );
}
