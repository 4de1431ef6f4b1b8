import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, signInSchema } from '../../shared/accounts.ts';
import { FormField } from '../components/form-field.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { destinationAfterAuth } from '../components/require-auth.tsx';
import { useToast } from '../components/toaster.tsx';
import { fieldErrors, type FieldErrors } from '../lib/form-errors.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

export default function Login() {
  const { signIn } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const goOn = () => navigate(destinationAfterAuth(location.state), { replace: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = fieldErrors(signInSchema, values);
    setErrors(problems ?? {});
    if (problems) return;
    setIsSubmitting(true);
    try {
      const user = await signIn(values.email.trim(), values.password);
      toast.success(AUTH_MESSAGES.loginSuccess(user.name));
      goOn();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setIsSubmitting(false);
    }
  }

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
              name="email"
              autoComplete="email"
              required
              value={values.email}
              error={errors.email}
              onChange={(event) => setValues({ ...values, email: event.target.value })}
            />
            <FormField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={values.password}
              error={errors.password}
              onChange={(event) => setValues({ ...values, password: event.target.value })}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Logging in…' : 'Login'}
            </button>
          </form>
          <div className="divider">or</div>
          <GoogleButton onSignedIn={goOn} />
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
