import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, signUpSchema } from '../../shared/accounts.ts';
import { FieldError, FormField } from '../components/form-field.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { destinationAfterAuth } from '../components/require-auth.tsx';
import { useToast } from '../components/toaster.tsx';
import { fieldErrors, type FieldErrors } from '../lib/form-errors.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

const EMPTY = { name: '', email: '', image: '', password: '' };

export default function Signup() {
  const { signUp } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const goOn = () => navigate(destinationAfterAuth(location.state), { replace: true });
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The spec's password checks run here first, in order (§5); the server checks them again.
    const problems = fieldErrors(signUpSchema, values);
    setErrors(problems ?? {});
    if (problems) return;
    setIsSubmitting(true);
    try {
      await signUp({
        name: values.name.trim(),
        email: values.email.trim(),
        image: values.image.trim(),
        password: values.password,
      });
      toast.success(AUTH_MESSAGES.userCreated);
      goOn();
    } catch (error) {
      // spec §8 only logs a creation error; we also tell the user what went wrong.
      console.error(error);
      const message = error instanceof Error ? error.message : String(error);
      setErrors({ form: message });
      toast.error(message);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <PageTitle name="Sign Up" />
      <div className="card bg-base-200 shadow">
        <div className="card-body gap-3">
          <h1 className="card-title text-3xl">Sign Up</h1>
          <form noValidate onSubmit={submit} className="space-y-3" aria-label="Sign up">
            <FormField
              label="Name"
              name="name"
              autoComplete="name"
              required
              value={values.name}
              error={errors.name}
              onChange={set('name')}
            />
            <FormField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={values.email}
              error={errors.email}
              onChange={set('email')}
            />
            <FormField
              label="Photo URL"
              type="url"
              name="photoURL"
              autoComplete="photo"
              required
              value={values.image}
              error={errors.image}
              onChange={set('image')}
              placeholder="https://…"
            />
            <FormField
              label="Password"
              type="password"
              name="password"
              autoComplete="new-password"
              required
              value={values.password}
              error={errors.password}
              onChange={set('password')}
              hint="At least 6 characters, with an uppercase and a lowercase letter."
            />
            <FieldError message={errors.form} />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Creating account…' : 'Sign Up'}
            </button>
          </form>
          <div className="divider">or</div>
          <GoogleButton onSignedIn={goOn} />
          <p className="text-center">
            Already have an account?{' '}
            <Link to={paths.login} state={location.state} className="link font-semibold">
              Login
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
