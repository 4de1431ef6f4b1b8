import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, signInSchema } from '../../shared/accounts.ts';
import { FormField } from '../components/form-field.tsx';
import { GoogleSignInOption } from '../components/google-button.tsx';
import { PageTitle } from '../components/page-title.tsx';
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
    <div className="mx-auto max-w-md">
      <PageTitle name="Login" />
      <div className="card bg-base-200 shadow">
        <div className="card-body gap-3">
          <h1 className="card-title text-3xl">Login</h1>
          <form noValidate onSubmit={submit} className="space-y-3" aria-label="Login">
            <FormField
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.field('email')}
            />
            <FormField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              {...form.field('password')}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={form.isSubmitting}>
              {form.isSubmitting ? 'Logging in…' : 'Login'}
            </button>
          </form>
          <GoogleSignInOption onSignedIn={goOn} />
          <p className="text-center">
            New to Tasklane?{' '}
            <Link to={paths.signup} state={location.state} className="link font-semibold">
              Sign Up
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
