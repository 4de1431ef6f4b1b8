import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../lib/link.tsx';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { AUTH_MESSAGES, signUpSchema } from '../../shared/accounts.ts';
import {
  EmailField,
  FieldError,
  FormField,
  PasswordField,
  SubmitButton,
} from '../components/form-field.tsx';
import { useAvatarAfterSignUp } from '../features/files/avatar-after-sign-up.ts';
import { AvatarPicker } from '../features/files/avatar-upload.tsx';
import { GoogleSignInOption } from '../components/google-button.tsx';
import { AccountCard } from '../components/account-card.tsx';
import { destinationAfterAuth } from '../components/require-auth.tsx';
import { useToast } from '../components/toaster.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, useForm } from '../lib/use-form.ts';

export const PHOTO_AFTER_SIGN_UP = 'Your photo is cropped; it is uploaded when you sign up.';
export const PHOTO_NOT_UPLOADED =
  'Your photo could not be uploaded; upload it again from Edit Profile.';

export default function Signup() {
  const { signUp, updateProfile } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // The spec's password checks run here first, in order (§5); the server checks them again.
  const form = useForm(signUpSchema, { name: '', email: '', image: '', password: '' });
  const goOn = () => navigate(destinationAfterAuth(location.state), { replace: true });
  const [isMailed, setIsMailed] = useState(false);
  const avatar = useAvatarAfterSignUp();
  const setImage = (url: string) => form.field('image').onChange({ target: { value: url } });

  const submit = form.handleSubmit(async (input) => {
    try {
      // No session: the address has an account, whose owner the server mailed. The page says
      // only what it would say to anyone, so it tells nobody which addresses are registered.
      if (!(await signUp(input))) {
        setIsMailed(true);
        return;
      }
      toast.success(AUTH_MESSAGES.userCreated);
      await uploadChosenPhoto(input);
      goOn();
    } catch (error) {
      // spec §8 only logs a creation error; we also tell the user what went wrong.
      console.error(error);
      form.setErrors({ form: errorMessage(error) });
      toast.error(errorMessage(error));
    }
  });

  /** Issue 49: the cropped photo, uploaded now that there is an account to own it. */
  async function uploadChosenPhoto({ name, image }: { name: string; image: string }) {
    try {
      const stored = await avatar.upload(image);
      if (stored && stored !== image) await updateProfile({ name, image: stored });
    } catch (error) {
      toast.error(`${PHOTO_NOT_UPLOADED} ${errorMessage(error)}`);
    }
  }

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
        <EmailField {...form.field('email')} />
        <FormField
          label="Photo URL"
          type="url"
          autoComplete="photo"
          required
          placeholder="https://…"
          {...form.field('image')}
        />
        <AvatarPicker
          onCropped={(square) =>
            void avatar.choose(square).then((address) => address && setImage(address))
          }
        />
        {avatar.chosen && form.values.image === avatar.chosen.address && (
          <p role="status" className="text-sm">
            {PHOTO_AFTER_SIGN_UP}
          </p>
        )}
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 6 characters, with an uppercase and a lowercase letter."
          {...form.field('password')}
        />
        <FieldError message={form.errors.form} />
        <SubmitButton
          busy={form.isSubmitting}
          busyLabel="Creating account…"
          className="btn-primary w-full"
        >
          Sign Up
        </SubmitButton>
      </form>
      <GoogleSignInOption onSignedIn={goOn} />
      {toLogin}
    </AccountCard>
  );
}
