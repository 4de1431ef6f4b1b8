import { profileSchema } from '../../shared/accounts.ts';
import { FormField } from '../components/form-field.tsx';
import { AvatarUpload } from '../features/files/avatar-upload.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { PortfolioEditor } from '../features/profiles/portfolio-editor.tsx';
import { useToast } from '../components/toaster.tsx';
import { Link } from '../lib/link.tsx';
import { paths } from '../lib/paths.ts';
import { errorMessage, useForm } from '../lib/use-form.ts';
import { useSession } from '../lib/session.tsx';

export const PROFILE_UPDATED = 'Profile updated successfully!';

/** /dashboard/edit-profile (spec §2, §3 "Profile form"): name required, photo optional, email read-only. */
export default function DashboardEditProfile() {
  const { user, updateProfile } = useSession();
  const toast = useToast();
  const form = useForm(profileSchema, { name: user?.name ?? '', image: user?.image ?? '' });
  if (!user) return null;

  const submit = form.handleSubmit(async ({ name, image }) => {
    try {
      await updateProfile({ name, image: image ?? '' });
      toast.success(PROFILE_UPDATED);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <div className="space-y-10">
      <section className="max-w-xl space-y-6">
        <PageTitle name="Edit Profile" />
        <h1 className="text-3xl font-bold">Edit Profile</h1>
        <form noValidate onSubmit={submit} className="space-y-3" aria-label="Edit profile">
          <FormField label="Name" autoComplete="name" required {...form.field('name')} />
          <FormField label="Photo URL (optional)" type="url" {...form.field('image')} />
          <AvatarUpload
            onStored={(url) => form.field('image').onChange({ target: { value: url } })}
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            value={user.email}
            readOnly
            hint="Your email cannot be changed."
          />
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Saving…' : 'Save Profile'}
          </button>
        </form>
      </section>
      <p>
        Freelancers: tell clients what you do, your skills and your rate on your{' '}
        <Link to={paths.dashboardFreelancerProfile} className="link">
          freelancer profile
        </Link>
        .
      </p>
      <PortfolioEditor userId={user.id} />
    </div>
  );
}
