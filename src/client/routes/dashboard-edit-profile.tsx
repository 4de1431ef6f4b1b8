import { useState, type FormEvent } from 'react';
import { profileSchema } from '../../shared/accounts.ts';
import { FormField } from '../components/form-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { fieldErrors, type FieldErrors } from '../lib/form-errors.ts';
import { useSession } from '../lib/session.tsx';

export const PROFILE_UPDATED = 'Profile updated successfully!';

/** /dashboard/edit-profile (spec §2, §3 "Profile form"): name required, photo optional, email read-only. */
export default function DashboardEditProfile() {
  const { user, updateProfile } = useSession();
  const toast = useToast();
  const [values, setValues] = useState({ name: user?.name ?? '', image: user?.image ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  if (!user) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = fieldErrors(profileSchema, values);
    setErrors(problems ?? {});
    if (problems) return;
    setIsSaving(true);
    try {
      await updateProfile({ name: values.name.trim(), image: values.image.trim() });
      toast.success(PROFILE_UPDATED);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <section className="max-w-xl space-y-6">
      <PageTitle name="Edit Profile" />
      <h1 className="text-3xl font-bold">Edit Profile</h1>
      <form noValidate onSubmit={submit} className="space-y-3" aria-label="Edit profile">
        <FormField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        <FormField
          label="Photo URL (optional)"
          name="photoURL"
          type="url"
          value={values.image}
          error={errors.image}
          onChange={(event) => setValues({ ...values, image: event.target.value })}
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          value={user.email}
          readOnly
          hint="Your email cannot be changed."
        />
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save Profile'}
        </button>
      </form>
    </section>
  );
}
