import { useLocation, useNavigate } from 'react-router';
import { Link } from '../lib/link.tsx';
import { AUTH_MESSAGES, signInSchema } from '../../shared/accounts.ts';
import { EmailField, PasswordField, SubmitButton } from '../components/form-field.tsx';
import { GoogleSignInOption } from '../components/google-button.tsx';
import { AccountCard } from '../components/account-card.tsx';
import { destinationAfterAuth } from '../components/require-auth.tsx';
import { useToast } from '../components/toaster.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, useForm } from '../lib/use-form.ts';

export default function Login() {
  const { signIn } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm(signInSchema, { email: '', password: '' });
  const goOn = () => navigate(destinationAfterAuth(location.state), { replace: true });

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const user = await signIn(email, password);
      toast.success(AUTH_MESSAGES.loginSuccess(user.name));
      goOn();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <AccountCard title="Login">
      <form noValidate onSubmit={submit} className="space-y-3" aria-label="Login">
        <EmailField {...form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword} className="link">
            Forgot password?
          </Link>
        </p>
        <SubmitButton
          busy={form.isSubmitting}
          busyLabel="Logging in…"
          className="btn-primary w-full"
        >
          Login
        </SubmitButton>
      </form>
      <GoogleSignInOption onSignedIn={goOn} />
      <p className="text-center">
        New to Tasklane?{' '}
        <Link to={paths.signup} state={location.state} className="link font-semibold">
          Sign Up
        </Link>
      </p>
    </AccountCard>
  );
}
