import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../lib/link.tsx';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { AUTH_MESSAGES, signUpSchema } from '../../shared/accounts.ts';
import { FieldError, FormField } from '../components/form-field.tsx';
import { GoogleSignInOption } from '../components/google-button.tsx';
import { AccountCard } from '../components/account-card.tsx';
import { destinationAfterAuth } from '../components/require-auth.tsx';
import { useToast } from '../components/toaster.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, useForm } from '../lib/use-form.ts';

export default function Signup() {
  const { signUp } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // The spec's password checks run here first, in order (§5); the server checks them again.
  const form = useForm(signUpSchema, { name: '', email: '', image: '', password: '' });
  const goOn = () => navigate(destinationAfterAuth(location.state), { replace: true });
  const [isMailed, setIsMailed] = useState(false);

  const submit = form.handleSubmit(async (input) => {
    try {
      // No session: the address has an account, whose owner the server mailed. The page says
      // only what it would say to anyone, so it tells nobody which addresses are registered.
      if (!(await signUp(input))) {
        setIsMailed(true);
        return;
      }
      toast.success(AUTH_MESSAGES.userCreated);
      goOn();
    } catch (error) {
      // spec §8 only logs a creation error; we also tell the user what went wrong.
      console.error(error);
      form.setErrors({ form: errorMessage(error) });
      toast.error(errorMessage(error));
    }
  });

  const toLogin = (
    <p className="text-center">
      Already have an account?{' '}
      <Link to={paths.login} state={location.state} className="link font-semibold">
        Login
      </Link>
    </p>
  );
  if (isMailed) {
    return (
      <AccountCard title="Sign Up">
        <p role="status">{EMAIL_MESSAGES.signUpCheckEmail}</p>
        {toLogin}
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Sign Up">
      <form noValidate onSubmit={submit} className="space-y-3" aria-label="Sign up">
        <FormField label="Name" autoComplete="name" required {...form.field('name')} />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <FormField
          label="Photo URL"
          type="url"
          autoComplete="photo"
          required
          placeholder="https://…"
          {...form.field('image')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters, with an uppercase and a lowercase letter."
          {...form.field('password')}
        />
        <FieldError message={form.errors.form} />
        <button type="submit" className="btn btn-primary w-full" disabled={form.isSubmitting}>
          {form.isSubmitting ? 'Creating account…' : 'Sign Up'}
        </button>
      </form>
      <GoogleSignInOption onSignedIn={goOn} />
      {toLogin}
    </AccountCard>
  );
}
